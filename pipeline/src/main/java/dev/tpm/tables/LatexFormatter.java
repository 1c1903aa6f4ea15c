package dev.tpm.tables;

import java.util.List;

/**
 * A booktabs {@code tabular} inside a {@code table} float that compiles inside a plain
 * {@code article} with the booktabs package when included with {@code input}: the caption as
 * {@code \caption} with {@code \label{tab:<name>}} (so it renders and can be referenced), groups
 * separated by {@code midrule}, the notes as small text below. Every cell is escaped, so the table
 * needs no other package.
 */
public final class LatexFormatter implements TableFormatter {
    public static final LatexFormatter INSTANCE = new LatexFormatter();

    private LatexFormatter() {}

    @Override
    public String extension() {
        return "tex";
    }

    @Override
    public String format(TableModel t) {
        StringBuilder b = new StringBuilder();
        b.append("\\begin{table}[htbp]\n\\centering\n\\caption{").append(escape(t.caption())).append("}\n")
                .append("\\label{").append(label(t)).append("}\n");
        b.append("\\begin{tabular}{");
        for (TableModel.Column c : t.columns()) b.append(c.align() == TableModel.Align.RIGHT ? 'r' : 'l');
        b.append("}\n\\toprule\n");
        line(b, t.columns().stream().map(TableModel.Column::header).toList());
        b.append("\\midrule\n");
        for (int i = 0; i < t.rows().size(); i++) {
            TableModel.Row r = t.rows().get(i);
            if (i > 0 && r.groupStart()) b.append("\\midrule\n");
            line(b, r.cells());
        }
        b.append("\\bottomrule\n\\end{tabular}\n");
        if (!t.notes().isEmpty()) {
            b.append("\\par\\smallskip\n{\\footnotesize\n");
            for (String n : t.notes()) b.append(escape(n)).append("\\par\n");
            b.append("}\n");
        }
        b.append("\\end{table}\n");
        return b.toString();
    }

    /** {@code tab:<name>}, the name reduced to the characters a label may hold. */
    static String label(TableModel t) {
        return "tab:" + t.name().replaceAll("[^A-Za-z0-9:.-]", "-");
    }

    private static void line(StringBuilder b, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) b.append(" & ");
            b.append(escape(cells.get(i)));
        }
        b.append(" \\\\\n");
    }

    /**
     * Text safe in a tabular cell or paragraph under the default OT1 font encoding: the ten
     * special characters, {@code < > |} (which OT1 prints as other glyphs), the sign ≥ (which no
     * text font of the default encoding has), {@code --} ligatures
     * and a leading {@code [} (which {@code \\} or {@code \midrule} would take as an optional
     * argument).
     */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> b.append("\\textbackslash{}");
                case '&', '%', '$', '#', '_', '{', '}' -> b.append('\\').append(c);
                case '~' -> b.append("\\textasciitilde{}");
                case '^' -> b.append("\\textasciicircum{}");
                case '<' -> b.append("\\textless{}");
                case '>' -> b.append("\\textgreater{}");
                case '|' -> b.append("\\textbar{}");
                case '\u2265' -> b.append("\\ensuremath{\\geq}"); // a censored capacity's "≥ X"
                case '-' -> b.append(i + 1 < s.length() && s.charAt(i + 1) == '-' ? "-{}" : "-");
                case '\n', '\r' -> b.append(' ');
                default -> b.append(c);
            }
        }
        if (b.length() > 0 && b.charAt(0) == '[') b.insert(0, "{}");
        return b.toString();
    }
}
