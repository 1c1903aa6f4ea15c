package dev.tpm.codec;

/**
 * One thing wrong with the input: the file (relative to data/), where in it (a line such as
 * {@code line 12} or a JSON path such as {@code $.samples[3].t_ms}), the column when there is one,
 * and what was expected and found.
 *
 * @param where {@code line N}, a JSON path, or null for the file as a whole
 * @param column the CSV column (or manifest field), or null
 */
public record Problem(String file, String where, String column, String message) {

    /** A problem on one line of a text file. */
    public static Problem line(String file, long line, String column, String message) {
        return new Problem(file, "line " + line, column, message);
    }

    /** A problem at one JSON path of a JSON file. */
    public static Problem json(String file, String path, String message) {
        return new Problem(file, path, null, message);
    }

    /** A problem with a file as a whole (missing, unreadable). */
    public static Problem file(String file, String message) {
        return new Problem(file, null, null, message);
    }

    /** {@code raw/c/phase1.csv line 5, column requests: expected ..., found ...}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(file);
        if (where != null) s.append(' ').append(where);
        if (column != null) s.append(where != null ? ", " : " ").append("column ").append(column);
        return s.append(": ").append(message).toString();
    }

    /** How a found value is shown: quoted, with "an empty cell" for empty. */
    public static String quote(String found) {
        if (found == null) return "nothing";
        if (found.isEmpty()) return "an empty cell";
        String shown = found.length() > 80 ? found.substring(0, 77) + "..." : found;
        return "'" + shown.replace("\r", "\\r").replace("\n", "\\n") + "'";
    }
}
