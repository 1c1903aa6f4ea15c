package dev.tpm.tables;

import java.util.List;

/** A pure function from a table model to the text of one file format. */
public interface TableFormatter {
    /** File extension without the dot, e.g. {@code md}. */
    String extension();

    String format(TableModel table);

    /** Every format a paper table is written in. */
    List<TableFormatter> ALL = List.of(MarkdownFormatter.INSTANCE, LatexFormatter.INSTANCE);
}
