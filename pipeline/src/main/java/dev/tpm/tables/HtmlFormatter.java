package dev.tpm.tables;

import java.util.List;

/**
 * An HTML fragment for the report: the caption as a paragraph above, a {@code table} (text
 * columns left, numbers right; a row that opens a group starts a new {@code tbody}, drawn with a
 * rule above), the notes as a list below. Every cell is escaped; the fragment is not written to
 * tables/ but embedded in figures/index.html.
 */
public final class HtmlFormatter implements TableFormatter {
    public static final HtmlFormatter INSTANCE = new HtmlFormatter();

    private HtmlFormatter() {}

    @Override
    public String extension() {
        return "html";
    }

    @Override
    public String format(TableModel t) {
        StringBuilder b = new StringBuilder();
        b.append("<p class=\"caption\">").append(escape(t.caption())).append("</p>\n");
        b.append("<div class=\"table\"><table id=\"tab-").append(escape(t.name())).append("\">\n<thead><tr>");
        for (TableModel.Column c : t.columns()) {
            b.append("<th class=\"").append(cls(c)).append("\">").append(escape(c.header())).append("</th>");
        }
        b.append("</tr></thead>\n<tbody>\n");
        for (int i = 0; i < t.rows().size(); i++) {
            TableModel.Row r = t.rows().get(i);
            if (i > 0 && r.groupStart()) b.append("</tbody>\n<tbody>\n");
            b.append("<tr>");
            List<String> cells = r.cells();
            for (int j = 0; j < cells.size(); j++) {
                b.append("<td class=\"").append(cls(t.columns().get(j))).append("\">").append(escape(cells.get(j)))
                        .append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody>\n</table></div>\n");
        if (!t.notes().isEmpty()) {
            b.append("<ul class=\"notes\">\n");
            for (String n : t.notes()) b.append("<li>").append(escape(n)).append("</li>\n");
            b.append("</ul>\n");
        }
        return b.toString();
    }

    private static String cls(TableModel.Column c) {
        return c.align() == TableModel.Align.RIGHT ? "right" : "left";
    }

    /** Text as HTML element content or attribute value. */
    public static String escape(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
