package dev.tpm.codec;

import static dev.tpm.model.RunColumns.*;

import dev.tpm.model.Endpoints;
import dev.tpm.model.RunColumns;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * phase1.csv, phase2.csv, phase4.csv and phase5.csv (data.md): the one writer (the harness appends a row per run, each
 * forced to disk before the next run starts, so that a crash loses at most the row being written)
 * and the one reader with every rule of data.md for run rows (ingest reads the data folder with
 * it, the harness reads its own files back with it when it resumes a campaign). Problems name the
 * file, the line and the column.
 */
public final class RunCsv {
    public static final List<String> STATUSES = RunStatus.texts();
    /** Integer columns whose values start at 1 rather than 0. */
    static final Set<String> POSITIVE = Set.of(SEQ, CONCURRENCY, THREADS, RUN, ROUND);
    /** Columns every row of phase4.csv must fill: those of every run file and the offered rate. */
    static final List<String> PHASE4_REQUIRED =
            java.util.stream.Stream.concat(REQUIRED.stream(), REQUIRED_PHASE4.stream()).toList();
    /** Columns every row of phase5.csv must fill: those of every run file and the prior load. */
    static final List<String> PHASE5_REQUIRED =
            java.util.stream.Stream.concat(REQUIRED.stream(), REQUIRED_PHASE5.stream()).toList();
    /** The column names of data.md, in order. */
    public static final List<String> NAMES = RunRow.header();

    /** One valid row and the line (header = line 1) it is on. */
    public record Line(long line, RunRow row) {}

    private RunCsv() {}

    // ------------------------------------------------------------------ writing

    /**
     * Appends {@code row} (after the header when the file is new or empty) and forces it to disk.
     * A file begun with other columns (an older harness's) is refused rather than mixed.
     */
    public static void append(Path file, RunRow row) throws IOException {
        boolean created = !Files.exists(file);
        StringBuilder text = new StringBuilder();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            if (ch.size() == 0) {
                text.append(CsvText.line(RunRow.header()));
            } else {
                String first;
                try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
                    first = lines.findFirst().orElse("");
                }
                if (!(first + "\n").equals(CsvText.line(RunRow.header()))) {
                    throw new IOException(file + ": line 1: this file was begun with other columns (" + first
                            + "); finish its campaign with the harness that started it, or start a new campaign");
                }
            }
            text.append(CsvText.line(cells(row)));
            ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) ch.write(bytes);
            ch.force(true);
        }
        if (created) AtomicFile.forceDirectory(file.toAbsolutePath().getParent());
    }

    /** The cells of {@code row} in {@link RunColumns#CSV} order: numbers as {@link Num} writes them, missing empty. */
    public static List<String> cells(RunRow row) {
        List<String> out = new ArrayList<>(CSV.size());
        for (Object v : row.values()) {
            if (v == null) out.add("");
            else if (v instanceof Double d) out.add(Num.csv(d));
            else if (v instanceof Long l) out.add(Num.csv(l));
            else out.add(v.toString());
        }
        return out;
    }

    /** The whole file text for {@code rows}: the header, then a line per row. */
    public static String text(List<RunRow> rows) {
        CsvText t = new CsvText(RunRow.header());
        for (RunRow r : rows) t.row(cells(r));
        return t.toString();
    }

    /**
     * Cuts a torn last line (bytes after the last newline) from {@code file}, forcing the cut to
     * disk. Returns the number of bytes removed (0 when the file ends with a newline or is absent).
     */
    public static long truncateTornTail(Path file) throws IOException {
        if (!Files.exists(file)) return 0;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            long keep = size;
            ByteBuffer one = ByteBuffer.allocate(1);
            while (keep > 0) {
                one.clear();
                ch.read(one, keep - 1);
                if (one.get(0) == '\n') break;
                keep--;
            }
            if (keep < size) {
                ch.truncate(keep);
                ch.force(true);
            }
            return size - keep;
        }
    }

    // ------------------------------------------------------------------ reading

    /**
     * Reads one run file and checks every rule of data.md: required columns, typed cells and their
     * ranges, ok rows complete, the (stack, endpoint, concurrency, run, warmup) key unique within
     * the file and seq unique within the campaign.
     *
     * @param file the path relative to data/, for messages
     * @param phase 1, 2 or 4 (phase 1's ok rows must also fill startup_ms and idle_rss_kib; every row of
     *     phase 4 fills offered_rps, and its key has the offered rate in place of the concurrency)
     * @param stacks stack ids of campaign.json, or null when unknown (then not checked)
     * @param seqs seq values already used in this campaign, to where (file and line) they were
     *     used; phase 2 continues phase 1's numbering
     * @param warn unknown columns, one line each
     * @return the rows, or null when the file could not be read; rows only count when no problem
     *     was recorded
     */
    public static List<Line> read(Path path, String file, int phase, Set<String> stacks, Map<Long, String> seqs,
            Problems problems, Consumer<String> warn) {
        return read(path, file, phase, true, stacks, seqs, problems, warn);
    }

    /**
     * Reads one run file of a campaign of the paper study or, with {@code paper} false, of another
     * study, whose ok rows need only {@link RunColumns#REQUIRED_WHEN_OK_OTHER_STUDY} (data.md).
     */
    public static List<Line> read(Path path, String file, int phase, boolean paper, Set<String> stacks,
            Map<Long, String> seqs, Problems problems, Consumer<String> warn) {
        CsvFile csv = CsvFile.read(path, file, problems);
        return csv == null ? null : check(csv, phase, paper, stacks, seqs, problems, warn);
    }

    /** Parses CSV text (see {@link #read}). */
    public static List<Line> parse(String text, String file, int phase, Set<String> stacks, Map<Long, String> seqs,
            Problems problems, Consumer<String> warn) {
        CsvFile csv = CsvFile.parse(text, file, problems);
        return csv == null ? null : check(csv, phase, true, stacks, seqs, problems, warn);
    }

    private static List<Line> check(CsvFile csv, int phase, boolean paper, Set<String> stacks, Map<Long, String> seqs,
            Problems problems, Consumer<String> warn) {
        String file = csv.file();
        csv.warnUnknown(NAMES, warn);
        long h = csv.headerLine();
        for (String c : REQUIRED) {
            if (!csv.has(c)) {
                problems.atLine(file, h, c, "a required column '" + c + "' in the header",
                        "none (header: " + String.join(",", csv.header()) + ")");
            }
        }
        if (csv.dataRecords() == 0) {
            problems.atLine(file, h, null, "at least one data row after the header (one row per run)", "no rows");
            return null;
        }
        List<String> whenOk = new ArrayList<>(paper ? REQUIRED_WHEN_OK : REQUIRED_WHEN_OK_OTHER_STUDY);
        // a phase-5 run starts its own server as a phase-1 run does (data.md)
        if (paper && (phase == 1 || phase == 5)) whenOk.addAll(REQUIRED_WHEN_OK_PHASE1);

        int[] pos = new int[CSV.size()];
        for (int i = 0; i < CSV.size(); i++) pos[i] = csv.column(CSV.get(i).name());
        int iSeq = NAMES.indexOf(SEQ), iStatus = NAMES.indexOf(STATUS), iRequests = NAMES.indexOf(REQUESTS);
        // phase 4's runs of one stack and endpoint differ by their offered rate, not their connections
        String level = phase == 4 ? OFFERED_RPS : CONCURRENCY;
        int[] iKey = {NAMES.indexOf(STACK), NAMES.indexOf(ENDPOINT), NAMES.indexOf(level), NAMES.indexOf(RUN),
            NAMES.indexOf(WARMUP)};
        List<String> required = phase == 4 ? PHASE4_REQUIRED : phase == 5 ? PHASE5_REQUIRED : REQUIRED;
        for (String c : phase == 4 ? REQUIRED_PHASE4 : phase == 5 ? REQUIRED_PHASE5 : List.<String>of()) {
            if (!csv.has(c)) {
                problems.atLine(file, h, c, "a required column '" + c + "' in the header of phase" + phase + ".csv",
                        "none (header: " + String.join(",", csv.header()) + ")");
            }
        }

        List<Line> rows = new ArrayList<>();
        Map<String, Long> keys = new HashMap<>();
        Long firstOkLine = null;
        for (CsvFile.Row r : csv.rows()) {
            long line = r.line();
            Object[] v = new Object[CSV.size()];
            for (int i = 0; i < CSV.size(); i++) {
                if (pos[i] < 0) continue;
                RunColumns.Column col = CSV.get(i);
                String text = r.get(pos[i]);
                if (text.isEmpty()) {
                    if (required.contains(col.name())) {
                        problems.atLine(file, line, col.name(), "a value (the column is required)", "an empty cell");
                    }
                    continue;
                }
                v[i] = parse(col, text, file, line, phase, stacks, problems);
            }
            if (STATUS_OK.equals(v[iStatus])) {
                if (firstOkLine == null) firstOkLine = line;
                for (String c : whenOk) {
                    if (csv.has(c) && r.get(csv.column(c)).isEmpty()) {
                        problems.atLine(file, line, c, "a value (rows with status ok fill " + String.join(", ", whenOk)
                                + ")", "an empty cell");
                    }
                }
                Long requests = (Long) v[iRequests];
                if (requests != null && requests == 0) {
                    problems.atLine(file, line, REQUESTS, "requests > 0 for a row with status ok", "0");
                }
            }
            Long seq = (Long) v[iSeq];
            if (seq != null) {
                String here = file + " line " + line;
                String before = seqs.putIfAbsent(seq, here);
                if (before != null) {
                    problems.atLine(file, line, SEQ, "a seq unique within the campaign (phases 2 and 4 continue the"
                            + " numbering of the phases before them)", seq + ", already used at " + before);
                }
            }
            Object[] key = new Object[iKey.length];
            for (int k = 0; k < key.length; k++) key[k] = v[iKey[k]];
            if (Arrays.stream(key).allMatch(Objects::nonNull)) {
                String k = Arrays.toString(key);
                Long first = keys.putIfAbsent(k, line);
                if (first != null) {
                    problems.atLine(file, line, "stack/endpoint/" + level + "/run/warmup",
                            "a (stack, endpoint, " + level + ", run, warmup) key unique within the file",
                            "(" + key[0] + ", " + key[1] + ", " + key[2] + ", " + key[3] + ", " + key[4]
                                    + ") again (first on line " + first + ")");
                }
            }
            boolean complete = true;
            for (String c : required) complete &= v[NAMES.indexOf(c)] != null;
            if (complete) rows.add(new Line(line, RunRow.of(v)));
        }
        if (firstOkLine != null) {
            for (String c : whenOk) {
                if (!csv.has(c)) {
                    problems.atLine(file, h, c, "a column '" + c + "' (rows with status ok must fill it; the first is"
                            + " on line " + firstOkLine + ")", "none (header: " + String.join(",", csv.header()) + ")");
                }
            }
        }
        return rows;
    }

    private static Object parse(RunColumns.Column col, String text, String file, long line, int phase, Set<String> stacks,
            Problems problems) {
        String name = col.name();
        if (col.type() == RunColumns.Type.LONG || col.type() == RunColumns.Type.INTEGER) {
            Long v = Cells.integer(text, file, line, name, problems);
            if (v == null) return null;
            if (name.equals(WARMUP) || name.equals(LATENCY_CORRECTED)) {
                if (v != 0 && v != 1) {
                    problems.atLine(file, line, name, name.equals(WARMUP) ? "0 (measured) or 1 (warm-up)"
                            : "0 or 1 (1 = latency from each request's scheduled start)", Problem.quote(text));
                    return null;
                }
            } else if (POSITIVE.contains(name) && v < 1) {
                problems.atLine(file, line, name, "an integer >= 1", Problem.quote(text));
                return null;
            } else if (v < 0) {
                problems.atLine(file, line, name, "a non-negative count", Problem.quote(text));
                return null;
            }
            if (col.type() == RunColumns.Type.INTEGER) {
                if (v > Integer.MAX_VALUE) {
                    problems.atLine(file, line, name, "an integer <= " + Integer.MAX_VALUE, Problem.quote(text));
                    return null;
                }
                return v.intValue();
            }
            return v;
        }
        if (col.type() == RunColumns.Type.DOUBLE) {
            Double v = Cells.decimal(text, file, line, name, problems);
            if (v == null) return null;
            // phase 5's prior load is its definition (> 0); phase 4's (version 6) may be 0: a cold server
            boolean positive = name.equals(OFFERED_RPS) || name.equals(PRIOR_LOAD_S) && phase == 5;
            if (positive ? !(v > 0) : v < 0) {
                problems.atLine(file, line, name, name.equals(OFFERED_RPS) ? "an offered rate > 0 (requests per second)"
                        : positive ? "a prior load > 0 (seconds)" : "a non-negative number",
                        Problem.quote(text));
                return null;
            }
            return v;
        }
        switch (name) {
            case STACK -> {
                if (stacks != null && !stacks.contains(text)) {
                    problems.atLine(file, line, name, "a stack of campaign.json (" + String.join(", ", stacks) + ")",
                            Problem.quote(text));
                    return null;
                }
            }
            case ENDPOINT -> {
                if (!Endpoints.isKnown(text)) {
                    problems.atLine(file, line, name, "an endpoint of data.md (" + String.join(", ", Endpoints.ALL)
                            + ")", Problem.quote(text));
                    return null;
                }
            }
            case STATUS -> {
                if (!STATUSES.contains(text)) {
                    problems.atLine(file, line, name, "one of " + String.join(", ", STATUSES), Problem.quote(text));
                    return null;
                }
            }
            case STARTED_AT -> {
                if (!Cells.isInstant(text)) {
                    problems.atLine(file, line, name, "an ISO-8601 instant such as 2026-12-01T10:15:02.113Z",
                            Problem.quote(text));
                    return null;
                }
            }
            case THROTTLED -> {
                if (!Cells.isHex(text)) {
                    problems.atLine(file, line, name, "hex flags such as 0x0 or 0x4", Problem.quote(text));
                    return null;
                }
            }
            default -> {
                // note: free text
            }
        }
        return text;
    }
}
