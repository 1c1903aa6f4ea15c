package dev.tpm.tables;

import java.util.ArrayList;
import java.util.List;

/** A Markdown table as {@link MarkdownFormatter} writes it, read back (escapes removed) for assertions. */
record ParsedMarkdown(String caption, List<String> header, List<List<String>> rows, List<String> notes) {

    static ParsedMarkdown of(TableModel t) {
        return parse(MarkdownFormatter.INSTANCE.format(t));
    }

    static ParsedMarkdown parse(String md) {
        String[] lines = md.split("\n", -1);
        String caption = unescape(lines[0]);
        if (!lines[1].isEmpty()) throw new AssertionError("no blank line after the caption: " + md);
        List<String> header = cells(lines[2]);
        if (!lines[3].startsWith("| :--- |") && !lines[3].startsWith("| ---: |")) {
            throw new AssertionError("no delimiter row: " + lines[3]);
        }
        List<List<String>> rows = new ArrayList<>();
        int i = 4;
        for (; i < lines.length && lines[i].startsWith("|"); i++) rows.add(cells(lines[i]));
        List<String> notes = new ArrayList<>();
        for (; i < lines.length; i++) {
            if (lines[i].startsWith("- ")) notes.add(unescape(lines[i].substring(2)));
        }
        return new ParsedMarkdown(caption, header, rows, notes);
    }

    /** The row whose first cells are the given ones. */
    List<String> row(String... firstCells) {
        for (List<String> r : rows) {
            if (r.subList(0, firstCells.length).equals(List.of(firstCells))) return r;
        }
        throw new AssertionError("no row starting with " + List.of(firstCells) + " in " + rows);
    }

    /** The cell of that row under the header that contains {@code headerPart}. */
    String cell(List<String> row, String headerPart) {
        for (int c = 0; c < header.size(); c++) {
            if (header.get(c).contains(headerPart)) return row.get(c);
        }
        throw new AssertionError("no header containing " + headerPart + " in " + header);
    }

    List<String> column(int c) {
        return rows.stream().map(r -> r.get(c)).toList();
    }

    private static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        // line starts and ends with '|'; split on unescaped pipes
        for (int i = 1; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (ch == '\\' && i + 1 < line.length()) {
                cur.append(line.charAt(++i));
            } else if (ch == '|') {
                out.add(cur.toString().trim());
                cur.setLength(0);
            } else {
                cur.append(ch);
            }
        }
        return out;
    }

    private static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\\' && i + 1 < s.length()) ch = s.charAt(++i);
            b.append(ch);
        }
        return b.toString();
    }
}
