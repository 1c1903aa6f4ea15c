package dev.tpm.tables;

import java.util.List;

/**
 * GitHub-flavoured Markdown: the caption as a paragraph above, a pipe table (text columns
 * left-aligned, numbers right-aligned), the notes as a list below.
 */
public final class MarkdownFormatter implements TableFormatter {
    public static final MarkdownFormatter INSTANCE = new MarkdownFormatter();

    private MarkdownFormatter() {}

    @Override
    public String extension() {
        return "md";
    }

    @Override
    public String format(TableModel t) {
        StringBuilder b = new StringBuilder();
        b.append(escape(t.caption())).append("\n\n");
        line(b, t.columns().stream().map(TableModel.Column::header).toList());
        b.append('|');
        for (TableModel.Column c : t.columns()) {
            b.append(c.align() == TableModel.Align.RIGHT ? " ---: |" : " :--- |");
        }
        b.append('\n');
        for (TableModel.Row r : t.rows()) line(b, r.cells());
        if (!t.notes().isEmpty()) {
            b.append('\n');
            for (String n : t.notes()) b.append("- ").append(escape(n)).append('\n');
        }
        return b.toString();
    }

    private static void line(StringBuilder b, List<String> cells) {
        b.append('|');
        for (String c : cells) b.append(' ').append(escape(c)).append(" |");
        b.append('\n');
    }

    /**
     * Characters that would start emphasis, code, an HTML tag or end a cell get a backslash;
     * line breaks become spaces (a table row is one line).
     */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\', '|', '*', '_', '`', '<' -> b.append('\\').append(c);
                case '\n', '\r' -> b.append(' ');
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
