package dev.tpm.ingest;

import static dev.tpm.model.RunColumns.*;

import dev.tpm.model.Endpoints;
import dev.tpm.model.RunColumns;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import tech.tablesaw.api.ColumnType;

/** raw/&lt;campaign&gt;/phase1.csv and phase2.csv: every rule of data.md for run rows. */
final class RunTableReader {
    static final List<String> STATUSES = List.of(STATUS_OK, STATUS_FAILED, STATUS_DISCARDED);
    /** Integer columns whose values start at 1 rather than 0. */
    static final Set<String> POSITIVE = Set.of(SEQ, CONCURRENCY, THREADS, RUN);

    /**
     * One valid row: values in {@link RunColumns#CSV} order (Long, Integer, Double, String or null
     * for missing).
     */
    record Row(long line, Object[] values) {
        Object get(String column) {
            return values[INDEX.get(column)];
        }
    }

    static final Map<String, Integer> INDEX = new HashMap<>();
    static final List<String> NAMES = new ArrayList<>();

    static {
        for (int i = 0; i < CSV.size(); i++) {
            INDEX.put(CSV.get(i).name(), i);
            NAMES.add(CSV.get(i).name());
        }
    }

    private RunTableReader() {}

    /**
     * Reads one run file.
     *
     * @param stacks stack ids of campaign.json, or null when unknown (then not checked)
     * @param seqs seq values already used in this campaign, to where (file and line) they were used
     * @return the rows, or null when the file could not be read; rows only count when no problem
     *     was recorded
     */
    static List<Row> read(Path dataDir, String file, int phase, Set<String> stacks, Map<Long, String> seqs,
            Problems problems, Consumer<String> warn) {
        return read(dataDir, file, phase, true, stacks, seqs, problems, warn);
    }

    /**
     * Reads one run file of a campaign of the paper study or, with {@code paper} false, of another
     * study, whose ok rows need only {@link RunColumns#REQUIRED_WHEN_OK_OTHER_STUDY} (data.md).
     */
    static List<Row> read(Path dataDir, String file, int phase, boolean paper, Set<String> stacks, Map<Long, String> seqs,
            Problems problems, Consumer<String> warn) {
        CsvFile csv = CsvFile.read(dataDir.resolve(file), file, problems);
        if (csv == null) return null;
        ConfigReader.warnUnknown(csv, NAMES, warn);
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
        if (paper && phase == 1) whenOk.addAll(REQUIRED_WHEN_OK_PHASE1);

        int[] pos = new int[CSV.size()];
        for (int i = 0; i < CSV.size(); i++) pos[i] = csv.column(CSV.get(i).name());

        List<Row> rows = new ArrayList<>();
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
                    if (REQUIRED.contains(col.name())) {
                        problems.atLine(file, line, col.name(), "a value (the column is required)", "an empty cell");
                    }
                    continue;
                }
                v[i] = parse(col, text, file, line, stacks, problems);
            }
            Row row = new Row(line, v);
            String status = (String) row.get(STATUS);
            if (STATUS_OK.equals(status)) {
                if (firstOkLine == null) firstOkLine = line;
                for (String c : whenOk) {
                    if (csv.has(c) && r.get(csv.column(c)).isEmpty()) {
                        problems.atLine(file, line, c, "a value (rows with status ok fill " + String.join(", ", whenOk)
                                + ")", "an empty cell");
                    }
                }
                Long requests = (Long) row.get(REQUESTS);
                if (requests != null && requests == 0) {
                    problems.atLine(file, line, REQUESTS, "requests > 0 for a row with status ok", "0");
                }
            }
            Long seq = (Long) row.get(SEQ);
            if (seq != null) {
                String here = file + " line " + line;
                String before = seqs.putIfAbsent(seq, here);
                if (before != null) {
                    problems.atLine(file, line, SEQ, "a seq unique within the campaign (phase 2 continues phase 1's"
                            + " numbering)", seq + ", already used at " + before);
                }
            }
            Object[] key = {row.get(STACK), row.get(ENDPOINT), row.get(CONCURRENCY), row.get(RUN), row.get(WARMUP)};
            if (java.util.Arrays.stream(key).allMatch(java.util.Objects::nonNull)) {
                String k = java.util.Arrays.toString(key);
                Long first = keys.putIfAbsent(k, line);
                if (first != null) {
                    problems.atLine(file, line, "stack/endpoint/concurrency/run/warmup",
                            "a (stack, endpoint, concurrency, run, warmup) key unique within the file",
                            "(" + key[0] + ", " + key[1] + ", " + key[2] + ", " + key[3] + ", " + key[4]
                                    + ") again (first on line " + first + ")");
                }
            }
            rows.add(row);
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

    private static Object parse(RunColumns.Column col, String text, String file, long line, Set<String> stacks,
            Problems problems) {
        String name = col.name();
        if (col.type() == ColumnType.LONG || col.type() == ColumnType.INTEGER) {
            Long v = Cells.integer(text, file, line, name, problems);
            if (v == null) return null;
            if (name.equals(WARMUP)) {
                if (v != 0 && v != 1) {
                    problems.atLine(file, line, name, "0 (measured) or 1 (warm-up)", Problem.quote(text));
                    return null;
                }
            } else if (POSITIVE.contains(name) && v < 1) {
                problems.atLine(file, line, name, "an integer >= 1", Problem.quote(text));
                return null;
            } else if (v < 0) {
                problems.atLine(file, line, name, "a non-negative count", Problem.quote(text));
                return null;
            }
            if (col.type() == ColumnType.INTEGER) {
                if (v > Integer.MAX_VALUE) {
                    problems.atLine(file, line, name, "an integer <= " + Integer.MAX_VALUE, Problem.quote(text));
                    return null;
                }
                return v.intValue();
            }
            return v;
        }
        if (col.type() == ColumnType.DOUBLE) {
            Double v = Cells.decimal(text, file, line, name, problems);
            if (v == null) return null;
            if (v < 0) {
                problems.atLine(file, line, name, "a non-negative number", Problem.quote(text));
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
