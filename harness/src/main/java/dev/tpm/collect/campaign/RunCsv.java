package dev.tpm.collect.campaign;

import static dev.tpm.model.RunColumns.*;

import dev.tpm.model.Endpoints;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.QuoteMode;

/**
 * phase1.csv / phase2.csv as the harness writes them: the header once, then one row per run,
 * each appended and forced to disk before the next run starts, so that a crash loses at most
 * the row being written. Reading back for a resume cuts a torn last line (a row without its
 * newline) and checks data.md's rules on what is left.
 */
public final class RunCsv {
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder()
            .setRecordSeparator("\n")
            .setQuoteMode(QuoteMode.MINIMAL)
            .get();

    private RunCsv() {}

    /** Appends {@code row} (after the header when the file is new or empty) and forces it to disk. */
    public static void append(Path file, RunRow row) throws IOException {
        boolean created = !Files.exists(file);
        StringBuilder text = new StringBuilder();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            if (ch.size() == 0) {
                text.append(line(RunRow.header()));
            } else {
                String first;
                try (var lines = Files.lines(file, StandardCharsets.UTF_8)) {
                    first = lines.findFirst().orElse("");
                }
                if (!(first + "\n").equals(line(RunRow.header()).replace("\r\n", "\n"))) {
                    throw new IOException(file + ": line 1: this campaign was started by a harness with other columns ("
                            + first + "); finish it with that version, or start a new campaign");
                }
            }
            text.append(line(row.cells()));
            ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) ch.write(bytes);
            ch.force(true);
        }
        if (created) Durable.forceDirectory(file.getParent());
    }

    static String line(List<String> cells) {
        StringWriter out = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(out, FORMAT)) {
            p.printRecord(cells);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
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

    /**
     * The rows of a file the harness wrote, checked against data.md: required columns, parseable
     * cells, the key and seq unique, ok rows complete. Errors name the file, line and column.
     *
     * @param phase 1 or 2 (phase 1's ok rows must also have startup_ms and idle_rss_kib)
     */
    public static List<RunRow> read(Path file, int phase) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        List<RunRow> rows = new ArrayList<>();
        try (CSVParser parser = CSVParser.parse(new StringReader(text),
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            Map<String, Integer> columns = parser.getHeaderMap();
            for (String c : REQUIRED) {
                if (!columns.containsKey(c)) {
                    throw new IOException(file + ": line 1: expected a column '" + c + "', found header " + parser.getHeaderNames());
                }
            }
            Set<RunKey> keys = new HashSet<>();
            Map<Long, Long> seqLine = new HashMap<>();
            for (CSVRecord r : parser) {
                Cells c = new Cells(file, r, columns);
                RunRow row = c.row();
                long line = r.getParser().getCurrentLineNumber();
                if (!keys.add(row.key())) {
                    throw new IOException(file + ": line " + line + ": expected a unique (stack, endpoint, concurrency, run, warmup), found "
                            + row.key() + " twice");
                }
                Long before = seqLine.put(row.seq(), line);
                if (before != null) throw new IOException(file + ": line " + line + ", column " + c.col(SEQ) + ": seq " + row.seq()
                        + " already used on line " + before);
                if (row.ok()) {
                    List<String> required = new ArrayList<>(REQUIRED_WHEN_OK);
                    if (phase == 1) required.addAll(REQUIRED_WHEN_OK_PHASE1);
                    for (String col : required) {
                        if (!columns.containsKey(col) || r.get(col).isEmpty()) {
                            throw new IOException(file + ": line " + line + ", column " + c.col(col) + ": expected a value in '" + col
                                    + "' (status ok), found an empty cell");
                        }
                    }
                    if (row.requests() == null || row.requests() <= 0) {
                        throw new IOException(file + ": line " + line + ", column " + c.col(REQUESTS)
                                + ": expected requests > 0 (status ok), found " + row.requests());
                    }
                }
                rows.add(row);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new IOException(file + ": not a valid CSV: " + e.getMessage(), e);
        }
        return rows;
    }

    /** Typed reads from one record. */
    private record Cells(Path file, CSVRecord r, Map<String, Integer> columns) {
        int col(String name) {
            Integer i = columns.get(name);
            return i == null ? 0 : i + 1;
        }

        String raw(String name) {
            if (!columns.containsKey(name)) return "";
            if (!r.isSet(name)) {
                throw new UncheckedIOException(new IOException(file + ": line " + r.getParser().getCurrentLineNumber()
                        + ": expected " + columns.size() + " cells, found " + r.size()));
            }
            return r.get(name);
        }

        IOException bad(String name, String expected) {
            return new IOException(file + ": line " + r.getParser().getCurrentLineNumber() + ", column " + col(name)
                    + " (" + name + "): expected " + expected + ", found '" + raw(name) + "'");
        }

        Long integer(String name, boolean required) throws IOException {
            String s = raw(name);
            if (s.isEmpty()) {
                if (required) throw bad(name, "an integer");
                return null;
            }
            try {
                long v = Long.parseLong(s);
                if (v < 0) throw bad(name, "a non-negative integer");
                return v;
            } catch (NumberFormatException e) {
                throw bad(name, "an integer");
            }
        }

        double decimal(String name) throws IOException {
            String s = raw(name);
            if (s.isEmpty()) return Double.NaN;
            try {
                return Double.parseDouble(s);
            } catch (NumberFormatException e) {
                throw bad(name, "a decimal number");
            }
        }

        String text(String name) {
            String s = raw(name);
            return s.isEmpty() ? null : s;
        }

        RunRow row() throws IOException {
            String endpoint = raw(ENDPOINT);
            if (!Endpoints.isKnown(endpoint)) throw bad(ENDPOINT, "an endpoint id of data.md " + Endpoints.ALL);
            String status = raw(STATUS);
            if (!List.of(STATUS_OK, STATUS_FAILED, STATUS_DISCARDED).contains(status)) {
                throw bad(STATUS, "ok, failed or discarded");
            }
            long warm = integer(WARMUP, true);
            if (warm > 1) throw bad(WARMUP, "0 or 1");
            if (raw(STACK).isEmpty()) throw bad(STACK, "a stack id");
            return new RunRow(integer(SEQ, true), raw(STACK), endpoint, integer(CONCURRENCY, true).intValue(),
                    columns.containsKey(THREADS) && !raw(THREADS).isEmpty() ? integer(THREADS, true).intValue() : 0,
                    integer(RUN, true).intValue(), warm == 1, text(STARTED_AT), decimal(DURATION_S),
                    integer(REQUESTS, false), integer(ERRORS_CONNECT, false), integer(ERRORS_READ, false),
                    integer(ERRORS_WRITE, false), integer(ERRORS_TIMEOUT, false), integer(NON_2XX, false),
                    decimal(RPS), decimal(LAT_MEAN_MS), decimal(LAT_P50_MS), decimal(LAT_P75_MS), decimal(LAT_P90_MS),
                    decimal(LAT_P99_MS), decimal(LAT_MAX_MS), decimal(STARTUP_MS), integer(IDLE_RSS_KIB, false),
                    integer(PEAK_RSS_KIB, false), integer(IDLE_PSS_KIB, false), integer(PEAK_PSS_KIB, false),
                    decimal(CPU_S), decimal(ENERGY_J), decimal(MEAN_POWER_W), text(THROTTLED), decimal(LOADGEN_CPU_S),
                    integer(SEEDED_ROWS, false), decimal(TEMP_MAX_C), decimal(FREQ_MIN_MHZ), status, text(NOTE));
        }
    }
}
