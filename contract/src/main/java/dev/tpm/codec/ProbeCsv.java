package dev.tpm.codec;

import dev.tpm.model.ProbeRow;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * probe.csv (data.md version 6): the one reader and writer. The harness appends one row per test
 * of a probe, forced to disk at once; ingest and a resume read it back with every rule of data.md's
 * "Bad input" for probe.csv, each problem naming the file, the line and the column.
 */
public final class ProbeCsv {
    public static final String FILE_NAME = "probe.csv";
    public static final String CAMPAIGN = "campaign";
    public static final String PROBE_SEQ = "probe_seq";
    public static final String AFTER_SEQ = "after_seq";
    public static final String CPU = "cpu";
    public static final String TEST = "test";
    public static final String VALUE = "value";
    public static final String DURATION_S = "duration_s";
    public static final String STEAL_S = "steal_s";
    public static final String STARTED_AT = "started_at";
    /** data.md's columns, in its order; every one must be in the header. */
    public static final List<String> COLUMNS = List.of(CAMPAIGN, PROBE_SEQ, AFTER_SEQ, CPU, TEST, VALUE, DURATION_S, STEAL_S,
            STARTED_AT);
    /** The columns a row must fill (cpu and steal_s may be empty). */
    private static final List<String> REQUIRED = List.of(CAMPAIGN, PROBE_SEQ, AFTER_SEQ, TEST, VALUE, DURATION_S, STARTED_AT);

    private ProbeCsv() {}

    /** One valid row and the line (header = line 1) it is on. */
    public record Line(long line, ProbeRow row) {}

    /** The cells of a row: numbers as {@link Num} writes them, missing empty. */
    public static List<String> cells(ProbeRow r) {
        return List.of(r.campaign(), Num.csv(r.probeSeq()), Num.csv(r.afterSeq()), r.cpu() == null ? "" : Num.csv(r.cpu()),
                r.test(), Num.csv(r.value()), Num.csv(r.durationS()), Double.isNaN(r.stealS()) ? "" : Num.csv(r.stealS()),
                r.startedAt());
    }

    /** The whole file text for {@code rows}: the header, then a line per row. */
    public static String text(List<ProbeRow> rows) {
        CsvText t = new CsvText(COLUMNS);
        for (ProbeRow r : rows) t.row(cells(r));
        return t.toString();
    }

    /**
     * Appends {@code row} (after the header when the file is new or empty) and forces it to disk. A
     * file begun with other columns is refused rather than mixed.
     */
    public static void append(Path file, ProbeRow row) throws IOException {
        boolean created = !Files.exists(file);
        StringBuilder text = new StringBuilder();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            if (ch.size() == 0) {
                text.append(CsvText.line(COLUMNS));
            } else {
                String first;
                try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
                    first = lines.findFirst().orElse("");
                }
                if (!(first + "\n").equals(CsvText.line(COLUMNS))) {
                    throw new IOException(file + ": line 1: this file was begun with other columns (" + first + ")");
                }
            }
            text.append(CsvText.line(cells(row)));
            ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) ch.write(bytes);
            ch.force(true);
        }
        if (created) AtomicFile.forceDirectory(file.toAbsolutePath().getParent());
    }

    /**
     * Reads a campaign's probe.csv and checks every rule of data.md version 6.
     *
     * @param file the path relative to data/, for messages
     * @param folder the campaign's folder name, which every row's campaign must be
     * @param maxSeq the campaign's largest run seq (no probe comes after a run that is not there),
     *     or a negative number when not known
     * @param protocolHasProbe whether campaign.json's protocol has a probe (a probe.csv without one is bad input)
     */
    public static List<Line> read(Path path, String file, String folder, long maxSeq, boolean protocolHasProbe, Problems problems) {
        if (!protocolHasProbe) {
            problems.atFile(file, "no probe.csv in a campaign whose protocol has no probe (campaign.json protocol.probe)",
                    "a probe.csv");
            return List.of();
        }
        CsvFile csv = CsvFile.read(path, file, problems);
        if (csv == null) return List.of();
        return check(csv, folder, maxSeq, problems);
    }

    /** probe.csv's rows from its text (a test's), checked with the same rules. */
    public static List<Line> parse(String text, String file, String folder, long maxSeq, Problems problems) {
        CsvFile csv = CsvFile.parse(text, file, problems);
        if (csv == null) return List.of();
        return check(csv, folder, maxSeq, problems);
    }

    private static List<Line> check(CsvFile csv, String folder, long maxSeq, Problems problems) {
        String file = csv.file();
        long h = csv.headerLine();
        boolean complete = true;
        for (String c : COLUMNS) {
            if (!csv.has(c)) {
                problems.atLine(file, h, c, "a required column '" + c + "' in the header",
                        "none (header: " + String.join(",", csv.header()) + ")");
                complete = false;
            }
        }
        if (!complete) return List.of();
        List<Line> out = new ArrayList<>();
        Map<Long, Long> seqs = new HashMap<>();
        for (CsvFile.Row r : csv.rows()) {
            long line = r.line();
            int before = problems.size();
            Map<String, String> cell = new HashMap<>();
            for (String c : COLUMNS) cell.put(c, r.get(csv.column(c)));
            for (String c : REQUIRED) {
                if (cell.get(c).isEmpty()) problems.atLine(file, line, c, "a value (the column is required)", "an empty cell");
            }
            String campaign = cell.get(CAMPAIGN);
            if (!campaign.isEmpty() && !campaign.equals(folder)) {
                problems.atLine(file, line, CAMPAIGN, "the campaign's folder name '" + folder + "'", Problem.quote(campaign));
            }
            Long probeSeq = integer(cell, PROBE_SEQ, 1, "an integer >= 1", file, line, problems);
            if (probeSeq != null) {
                Long first = seqs.putIfAbsent(probeSeq, line);
                if (first != null) {
                    problems.atLine(file, line, PROBE_SEQ, "a probe_seq unique within the file", probeSeq + " again (first on line "
                            + first + ")");
                }
            }
            Long afterSeq = integer(cell, AFTER_SEQ, 0, "an integer >= 0 (the seq of the last run before the probe)", file,
                    line, problems);
            if (afterSeq != null && maxSeq >= 0 && afterSeq > maxSeq) {
                problems.atLine(file, line, AFTER_SEQ, "at most the campaign's largest seq (" + maxSeq + ")", Long.toString(afterSeq));
            }
            Long cpu = integer(cell, CPU, 0, "a CPU number, an integer >= 0, or empty (not pinned)", file, line, problems);
            String test = cell.get(TEST);
            if (!test.isEmpty() && !ProbeRow.TESTS.contains(test)) {
                problems.atLine(file, line, TEST, "one of " + String.join(", ", ProbeRow.TESTS), Problem.quote(test));
            }
            Double value = decimal(cell, VALUE, true, "a number > 0", file, line, problems);
            Double durationS = decimal(cell, DURATION_S, true, "a duration > 0 (seconds)", file, line, problems);
            Double stealS = decimal(cell, STEAL_S, false, "a non-negative number (seconds) or empty", file, line, problems);
            String startedAt = cell.get(STARTED_AT);
            if (!startedAt.isEmpty() && !Cells.isInstant(startedAt)) {
                problems.atLine(file, line, STARTED_AT, "an ISO-8601 instant such as 2026-12-01T10:15:02.113Z", Problem.quote(startedAt));
            }
            if (problems.size() == before) {
                out.add(new Line(line, new ProbeRow(campaign, probeSeq, afterSeq, cpu == null ? null : Math.toIntExact(cpu), test,
                        value, durationS, stealS == null ? Double.NaN : stealS, startedAt)));
            }
        }
        return out;
    }

    private static Long integer(Map<String, String> cell, String column, long min, String expected, String file, long line,
            Problems problems) {
        String text = cell.get(column);
        if (text.isEmpty()) return null;
        Long v = Cells.integer(text, file, line, column, problems);
        if (v == null) return null;
        if (v < min || column.equals(CPU) && v > Integer.MAX_VALUE) {
            problems.atLine(file, line, column, expected, Problem.quote(text));
            return null;
        }
        return v;
    }

    private static Double decimal(Map<String, String> cell, String column, boolean positive, String expected, String file,
            long line, Problems problems) {
        String text = cell.get(column);
        if (text.isEmpty()) return null;
        Double v = Cells.decimal(text, file, line, column, problems);
        if (v == null) return null;
        if (positive ? !(v > 0) : v < 0) {
            problems.atLine(file, line, column, expected, Problem.quote(text));
            return null;
        }
        return v;
    }
}
