package dev.tpm.cli.archfixture.tables;

/** Wrong edge: a format writer that knows the stage running it. */
public final class CsvFormatter {
    public static String format() {
        return TablesStage.name() + Table.id();
    }
}
