package dev.tpm.cli.archfixture.tables;

/** A stage of the fixture. */
public final class Table {
    public static String id() {
        return "table";
    }
}
