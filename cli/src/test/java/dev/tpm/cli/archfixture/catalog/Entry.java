package dev.tpm.cli.archfixture.catalog;

import dev.tpm.cli.archfixture.report.Page;

/** Wrong edge: the catalog importing the report that reads it. */
public final class Entry {
    public static String title() {
        return Page.title();
    }
}
