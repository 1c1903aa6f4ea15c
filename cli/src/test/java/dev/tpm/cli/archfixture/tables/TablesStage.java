package dev.tpm.cli.archfixture.tables;

/** The fixture's tables stage. */
public final class TablesStage {
    public static String name() {
        return "tables";
    }
}
