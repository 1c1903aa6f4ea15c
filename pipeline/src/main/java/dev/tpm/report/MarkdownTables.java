package dev.tpm.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The Markdown the tables stage writes, as HTML: paragraphs (the caption), GitHub pipe tables with
 * their column alignment, "- " lists (the notes). Backslash escapes of ASCII punctuation become the
 * character; everything else is text. Not a general Markdown renderer: it reads what
 * {@code tables/*.md} holds.
 */
final class MarkdownTables {
    private MarkdownTables() {}

    static String toHtml(String markdown) {
        List<String> lines = markdown.replace("\r\n", "\n").lines().toList();
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            if (line.isBlank()) {
                i++;
            } else if (isRow(line) && i + 1 < lines.size() && isDelimiter(lines.get(i + 1))) {
                int end = i + 2;
                while (end < lines.size() && isRow(lines.get(end))) end++;
                table(out, lines.get(i), lines.get(i + 1), lines.subList(i + 2, end));
                i = end;
            } else if (isItem(line)) {
                out.append("<ul class=\"notes\">\n");
                while (i < lines.size() && isItem(lines.get(i))) {
                    out.append("<li>").append(inline(lines.get(i).strip().substring(2))).append("</li>\n");
                    i++;
                }
                out.append("</ul>\n");
            } else {
                StringBuilder para = new StringBuilder();
                while (i < lines.size() && !lines.get(i).isBlank() && !isItem(lines.get(i))
                        && !(isRow(lines.get(i)) && i + 1 < lines.size() && isDelimiter(lines.get(i + 1)))) {
                    if (para.length() > 0) para.append(' ');
                    para.append(lines.get(i).strip());
                    i++;
                }
                String text = para.toString();
                if (text.startsWith("#")) {
                    out.append("<p class=\"caption\"><strong>").append(inline(text.replaceFirst("^#+\\s*", "")))
                            .append("</strong></p>\n");
                } else {
                    out.append("<p class=\"caption\">").append(inline(text)).append("</p>\n");
                }
            }
        }
        return out.toString();
    }

    private static boolean isRow(String line) {
        return line.strip().startsWith("|");
    }

    private static boolean isItem(String line) {
        String s = line.strip();
        return s.startsWith("- ") || s.startsWith("* ");
    }

    private static boolean isDelimiter(String line) {
        List<String> cells = cells(line);
        if (cells.isEmpty()) return false;
        for (String c : cells) {
            if (!c.strip().matches(":?-{1,}:?")) return false;
        }
        return true;
    }

    private static void table(StringBuilder out, String header, String delimiter, List<String> rows) {
        List<String> aligns = new ArrayList<>();
        for (String d : cells(delimiter)) {
            String c = d.strip();
            aligns.add(c.startsWith(":") && c.endsWith(":") ? "center" : c.endsWith(":") ? "right" : "left");
        }
        out.append("<div class=\"table\"><table>\n<thead><tr>");
        List<String> head = cells(header);
        for (int j = 0; j < head.size(); j++) {
            out.append("<th class=\"").append(align(aligns, j)).append("\">").append(inline(head.get(j).strip()))
                    .append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (String row : rows) {
            out.append("<tr>");
            List<String> cells = cells(row);
            for (int j = 0; j < head.size(); j++) {
                String cell = j < cells.size() ? cells.get(j).strip() : "";
                out.append("<td class=\"").append(align(aligns, j)).append("\">").append(inline(cell)).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table></div>\n");
    }

    private static String align(List<String> aligns, int j) {
        return j < aligns.size() ? aligns.get(j) : "left";
    }

    /** Cells of a pipe row, split at pipes that are not backslash-escaped; escapes are kept. */
    static List<String> cells(String line) {
        String s = line.strip();
        if (s.startsWith("|")) s = s.substring(1);
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                cell.append(c).append(s.charAt(++i));
            } else if (c == '|') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (!cell.toString().isBlank()) cells.add(cell.toString());
        return cells;
    }

    /** Backslash escapes resolved, `code` spans kept as code, the rest escaped for HTML. */
    static String inline(String s) {
        StringBuilder out = new StringBuilder();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && isAsciiPunctuation(s.charAt(i + 1))) {
                text.append(s.charAt(++i));
            } else if (c == '`') {
                int close = s.indexOf('`', i + 1);
                if (close < 0) {
                    text.append(c);
                } else {
                    out.append(Html.escape(text.toString()));
                    text.setLength(0);
                    out.append("<code>").append(Html.escape(s.substring(i + 1, close))).append("</code>");
                    i = close;
                }
            } else {
                text.append(c);
            }
        }
        out.append(Html.escape(text.toString()));
        return out.toString();
    }

    private static boolean isAsciiPunctuation(char c) {
        return c < 128 && "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".indexOf(c) >= 0;
    }
}
