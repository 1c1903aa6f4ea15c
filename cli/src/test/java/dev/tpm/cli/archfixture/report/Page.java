package dev.tpm.cli.archfixture.report;

/** The fixture's report. */
public final class Page {
    public static String title() {
        return "page";
    }
}
