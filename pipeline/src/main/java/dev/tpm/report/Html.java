package dev.tpm.report;

import dev.tpm.tables.HtmlFormatter;

/** Text into HTML: escaping (the table formatter's) for element content and attribute values, anchors. */
final class Html {
    private Html() {}

    static String escape(String s) {
        return HtmlFormatter.escape(s);
    }

    /** An id or anchor made of letters, digits, '-' and '_' only. */
    static String id(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(Character.isLetterOrDigit(c) && c < 128 || c == '-' || c == '_' ? c : '-');
        }
        return b.toString();
    }
}
