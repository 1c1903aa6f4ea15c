package dev.tpm.codec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A CSV file of the data folder, read with Commons CSV (RFC 4180: quoted fields, {@code ""} inside
 * quotes, CRLF or LF line ends, an optional UTF-8 byte-order mark, blank lines skipped). Keeps the
 * line each record starts on, so that every message can name it. The first record is the header.
 */
public final class CsvFile {
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder()
            .setIgnoreEmptyLines(true)
            .setTrim(false)
            .get();

    /** One data record and the line (1-based, header = line 1 unless blank lines precede it) it starts on. */
    public record Row(long line, List<String> cells) {
        public String get(int index) {
            return cells.get(index);
        }
    }

    private final String file;
    private final long headerLine;
    private final List<String> header;
    private final Map<String, Integer> index;
    private final List<Row> rows;
    private final int dataRecords;

    private CsvFile(String file, long headerLine, List<String> header, List<Row> rows, int dataRecords) {
        this.file = file;
        this.headerLine = headerLine;
        this.header = List.copyOf(header);
        Map<String, Integer> idx = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) idx.putIfAbsent(header.get(i), i);
        this.index = Collections.unmodifiableMap(idx);
        this.rows = List.copyOf(rows);
        this.dataRecords = dataRecords;
    }

    /**
     * Reads {@code path}; problems (not UTF-8, malformed CSV, no header, empty or duplicate header
     * names, a record whose field count differs from the header's) go to {@code problems}. Records
     * with the wrong field count are left out of {@link #rows()}. Returns null when the file cannot
     * be read at all or has no header.
     *
     * @param file the path relative to data/, for messages
     */
    public static CsvFile read(Path path, String file, Problems problems) {
        String text = readUtf8(path, file, problems);
        if (text == null) return null;
        return parse(text, file, problems);
    }

    /** Parses CSV text (see {@link #read}). */
    public static CsvFile parse(String text, String file, Problems problems) {
        if (text.startsWith("\uFEFF")) text = text.substring(1);
        long[] lineStarts = lineStarts(text);
        List<String> header = null;
        long headerLine = 1;
        List<Row> rows = new ArrayList<>();
        int dataRecords = 0;
        long nextStart = 0; // where the record being read starts, for syntax errors
        try (CSVParser parser = CSVParser.parse(text, FORMAT)) {
            java.util.Iterator<CSVRecord> it = parser.iterator();
            while (it.hasNext()) {
                CSVRecord rec = it.next();
                nextStart = endOfRecord(text, rec.getCharacterPosition());
                long line = lineOf(lineStarts, rec.getCharacterPosition());
                List<String> cells = rec.toList();
                if (header == null) {
                    header = cells;
                    headerLine = line;
                    continue;
                }
                dataRecords++;
                if (cells.size() != header.size()) {
                    // name the first column that is missing, or the first one too many
                    String column = cells.size() < header.size() ? header.get(cells.size()) : "#" + (header.size() + 1);
                    problems.atLine(file, line, column, header.size() + " fields as in the header",
                            cells.size() + " field" + (cells.size() == 1 ? "" : "s"));
                    continue;
                }
                rows.add(new Row(line, cells));
            }
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            // Commons CSV stops at a malformed record (an unterminated quote, text after a closing
            // quote); find the record's line and the field where quoting goes wrong.
            long start = skipBlankLines(text, nextStart);
            long line = lineOf(lineStarts, start);
            int field = badField(text, (int) start);
            String column = header != null && field < header.size() ? header.get(field) : "#" + (field + 1);
            problems.add(Problem.line(file, line, column, "expected well-formed CSV (RFC 4180: a quoted field ends"
                    + " with a quote followed by ',' or the end of the line), found a quote that does not"));
            return null;
        }
        if (header == null) {
            problems.atLine(file, 1, null, "a header row", "an empty file");
            return null;
        }
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < header.size(); i++) {
            String h = header.get(i);
            if (h.isBlank()) {
                problems.atLine(file, headerLine, "#" + (i + 1), "a column name in the header", "an empty name");
            } else if (seen.contains(h)) {
                problems.atLine(file, headerLine, h, "each column name once in the header",
                        "'" + h + "' at positions " + (seen.indexOf(h) + 1) + " and " + (i + 1));
            }
            seen.add(h);
        }
        return new CsvFile(file, headerLine, header, rows, dataRecords);
    }

    /** Decodes strict UTF-8; a problem and null when the file is unreadable or not UTF-8. */
    public static String readUtf8(Path path, String file, Problems problems) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            problems.atFile(file, "a readable file", e.getClass().getSimpleName() + ": " + e.getMessage());
            return null;
        }
        return decodeUtf8(bytes, file, problems);
    }

    /** Decodes strict UTF-8; a problem and null when the bytes are not UTF-8. */
    public static String decodeUtf8(byte[] bytes, String file, Problems problems) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            problems.atFile(file, "UTF-8 text", "bytes that are not UTF-8");
            return null;
        }
    }

    /**
     * Where the record starting at {@code start} ends (just past its line break), scanning quotes
     * as RFC 4180 does; the text length when it never ends.
     */
    private static long endOfRecord(String text, long start) {
        boolean quoted = false;
        boolean fieldStart = true;
        for (int i = (int) start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') i++; // an escaped quote
                    else quoted = false;
                }
                continue;
            }
            if (c == '"' && fieldStart) {
                quoted = true;
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
                return i + 1;
            }
            fieldStart = c == ',';
        }
        return text.length();
    }

    private static long skipBlankLines(String text, long at) {
        int i = (int) at;
        while (i < text.length() && (text.charAt(i) == '\n' || text.charAt(i) == '\r')) i++;
        return i;
    }

    /**
     * The 0-based field of the record starting at {@code start} in which quoting goes wrong: a
     * quoted field that never closes, or a closing quote followed by something other than a comma
     * or a line break.
     */
    private static int badField(String text, int start) {
        int field = 0;
        int i = start;
        boolean fieldStart = true; // a quote opens a quoted field only as its first character
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"' && fieldStart) {
                int fieldOfQuote = field;
                i++;
                while (true) {
                    if (i >= text.length()) return fieldOfQuote; // never closed
                    if (text.charAt(i) == '"') {
                        if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                            i += 2;
                            continue;
                        }
                        i++;
                        break;
                    }
                    i++;
                }
                if (i < text.length() && text.charAt(i) != ',' && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                    return fieldOfQuote; // text after the closing quote
                }
                fieldStart = false;
                continue;
            }
            if (c == ',') field++;
            else if (c == '\n' || c == '\r') return field;
            fieldStart = c == ',';
            i++;
        }
        return field;
    }

    /** Offsets at which each line starts: after {@code \n}, or after a {@code \r} not followed by {@code \n}. */
    private static long[] lineStarts(String text) {
        long[] starts = new long[16];
        int n = 0;
        starts[n++] = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean end = c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'));
            if (end) {
                if (n == starts.length) starts = Arrays.copyOf(starts, n * 2);
                starts[n++] = i + 1;
            }
        }
        return Arrays.copyOf(starts, n);
    }

    private static long lineOf(long[] starts, long position) {
        int i = Arrays.binarySearch(starts, position);
        return (i >= 0 ? i : -i - 2) + 1L;
    }

    /** One warning line naming the header's columns that {@code known} does not have. */
    public void warnUnknown(List<String> known, Consumer<String> warn) {
        List<String> unknown = new ArrayList<>();
        for (String h : header) if (!h.isBlank() && !known.contains(h) && !unknown.contains(h)) unknown.add(h);
        if (!unknown.isEmpty()) {
            warn.accept("warning: " + file + ": ignoring unknown column" + (unknown.size() == 1 ? "" : "s")
                    + " " + String.join(", ", unknown));
        }
    }

    public String file() {
        return file;
    }

    public long headerLine() {
        return headerLine;
    }

    public List<String> header() {
        return header;
    }

    /** Position of a column in the header, or -1. */
    public int column(String name) {
        return index.getOrDefault(name, -1);
    }

    public boolean has(String name) {
        return index.containsKey(name);
    }

    /** The data records whose field count matches the header. */
    public List<Row> rows() {
        return rows;
    }

    /** Every data record after the header, well-formed or not (the inventory's row count). */
    public int dataRecords() {
        return dataRecords;
    }
}
