package dev.tpm.collect.importer;

import static dev.tpm.model.RunColumns.*;

import dev.tpm.model.Endpoints;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * runs.csv of {@code tpm import} (studies.md): {@code file,stack,endpoint,concurrency,threads,run,warmup}
 * and any optional column of data.md that the load generator does not print (memory, CPU, energy,
 * sensors, started_at, note). {@code file} is relative to runs.csv's folder and stays inside it.
 */
public final class RunsFile {
    public static final String FILE = "file";
    static final List<String> REQUIRED = List.of(FILE, STACK, ENDPOINT, CONCURRENCY, THREADS, RUN, WARMUP);

    /** data.md's optional integer columns runs.csv may add. */
    static final Set<String> EXTRA_INTEGERS = Set.of(IDLE_RSS_KIB, PEAK_RSS_KIB, IDLE_PSS_KIB, PEAK_PSS_KIB, SEEDED_ROWS,
            PEAK_CGROUP_KIB, LATENCY_CORRECTED);
    /** data.md's optional decimal columns runs.csv may add. */
    static final Set<String> EXTRA_DECIMALS = Set.of(STARTUP_MS, CPU_S, ENERGY_J, MEAN_POWER_W, LOADGEN_CPU_S,
            TEMP_MAX_C, FREQ_MIN_MHZ, OFFERED_RPS, PRIOR_LOAD_S, STEAL_S);
    /**
     * The optional phase of a run (1, 2, 4 or 5): the phase file its row goes to. Without it a row
     * with offered_rps is phase 4's, one with prior_load_s phase 5's, any other phase 1's.
     */
    public static final String PHASE = "phase";
    static final Set<Integer> PHASES = Set.of(1, 2, 4, 5);
    /** data.md's optional text columns runs.csv may add. */
    static final Set<String> EXTRA_TEXT = Set.of(STARTED_AT, THROTTLED, NOTE);

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");

    private RunsFile() {}

    /** The rows of {@code runsCsv}, checked; errors name the file, line and column. */
    public static List<SavedRun> read(Path runsCsv) throws IOException {
        String text = Files.readString(runsCsv, StandardCharsets.UTF_8);
        Path dir = runsCsv.toAbsolutePath().getParent();
        List<SavedRun> rows = new ArrayList<>();
        try (CSVParser parser = CSVParser.parse(new StringReader(text),
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            Map<String, Integer> columns = parser.getHeaderMap();
            for (String c : REQUIRED) {
                if (!columns.containsKey(c)) {
                    throw new IOException(runsCsv + ": line 1: expected a column '" + c + "', found header " + parser.getHeaderNames());
                }
            }
            for (String c : parser.getHeaderNames()) {
                if (!REQUIRED.contains(c) && !c.equals(PHASE) && !EXTRA_INTEGERS.contains(c) && !EXTRA_DECIMALS.contains(c) && !EXTRA_TEXT.contains(c)) {
                    throw new IOException(runsCsv + ": line 1, column " + (columns.get(c) + 1) + ": expected one of " + REQUIRED
                            + " or an optional column of data.md the load generator does not print, found '" + c + "'");
                }
            }
            Map<String, Integer> keys = new HashMap<>();
            for (CSVRecord r : parser) {
                int line = (int) r.getParser().getCurrentLineNumber();
                Row c = new Row(runsCsv, r, columns, line);
                String file = c.text(FILE);
                Path p = Path.of(file);
                if (p.isAbsolute() || p.normalize().startsWith("..")) {
                    throw c.bad(FILE, "a path relative to runs.csv's folder, inside it");
                }
                Path resolved = dir.resolve(p).normalize();
                if (!Files.isRegularFile(resolved)) throw c.bad(FILE, "an existing file (" + resolved + ")");
                String stack = c.text(STACK);
                if (!ID.matcher(stack).matches()) throw c.bad(STACK, "a stack id of letters, digits, '.', '_', '+', '-'");
                String endpoint = c.text(ENDPOINT);
                if (!Endpoints.isKnown(endpoint)) throw c.bad(ENDPOINT, "an endpoint id of data.md " + Endpoints.ALL);
                int concurrency = (int) c.integer(CONCURRENCY, 1);
                int threads = (int) c.integer(THREADS, 1);
                int run = (int) c.integer(RUN, 1);
                long warm = c.integer(WARMUP, 0);
                if (warm > 1) throw c.bad(WARMUP, "0 or 1");
                int phase = phase(c, columns);
                String offered = columns.containsKey(OFFERED_RPS) ? c.raw(OFFERED_RPS) : "";
                String key = "phase " + phase + "/" + stack + "/" + endpoint + "/c" + concurrency
                        + (offered.isEmpty() ? "" : "/" + offered + " req/s") + "/run " + run + "/warmup " + warm;
                Integer before = keys.put(key, line);
                if (before != null) {
                    throw new IOException(runsCsv + ": line " + line + ": expected a unique (stack, endpoint, concurrency, run, warmup), found "
                            + key + " again (line " + before + ")");
                }
                Map<String, String> extra = new LinkedHashMap<>();
                for (String name : parser.getHeaderNames()) {
                    if (REQUIRED.contains(name) || name.equals(PHASE)) continue;
                    String v = c.raw(name);
                    if (v.isEmpty()) continue;
                    if (EXTRA_INTEGERS.contains(name)) c.integer(name, 0);
                    if (EXTRA_DECIMALS.contains(name)) c.decimal(name);
                    if (name.equals(LATENCY_CORRECTED) && c.integer(name, 0) > 1) throw c.bad(name, "0 or 1");
                    extra.put(name, v);
                }
                extra.put(PHASE, Integer.toString(phase));
                rows.add(new SavedRun(line, resolved, stack, endpoint, concurrency, threads, run, warm == 1, extra));
            }
        } catch (IllegalStateException | IllegalArgumentException | java.io.UncheckedIOException e) {
            throw new IOException(runsCsv + ": not a valid CSV: " + e.getMessage(), e);
        }
        if (rows.isEmpty()) throw new IOException(runsCsv + ": line 2: expected at least one run, found none");
        return rows;
    }

    /** The row's phase, given or told by its columns, with the columns its phase file requires. */
    private static int phase(Row c, Map<String, Integer> columns) throws IOException {
        boolean offered = columns.containsKey(OFFERED_RPS) && !c.raw(OFFERED_RPS).isEmpty();
        boolean prior = columns.containsKey(PRIOR_LOAD_S) && !c.raw(PRIOR_LOAD_S).isEmpty();
        int phase;
        if (columns.containsKey(PHASE) && !c.raw(PHASE).isEmpty()) {
            phase = (int) c.integer(PHASE, 1);
            if (!PHASES.contains(phase)) throw c.bad(PHASE, "a phase with a run file of data.md: 1, 2, 4 or 5");
        } else {
            phase = offered ? 4 : prior ? 5 : 1;
        }
        if (phase == 4 && !offered) throw c.bad(PHASE, "a phase-4 run's offered_rps in its own column (data.md phase4.csv)");
        if (phase == 5 && !prior) throw c.bad(PHASE, "a phase-5 run's prior_load_s in its own column (data.md phase5.csv)");
        if (phase != 4 && offered) throw c.bad(OFFERED_RPS, "no offered rate outside phase 4 (this row is phase " + phase + "'s)");
        if (phase != 5 && prior) throw c.bad(PRIOR_LOAD_S, "no prior load outside phase 5 (this row is phase " + phase + "'s)");
        if (offered && !(c.decimal(OFFERED_RPS) > 0)) throw c.bad(OFFERED_RPS, "a rate > 0");
        if (prior && !(c.decimal(PRIOR_LOAD_S) > 0)) throw c.bad(PRIOR_LOAD_S, "seconds > 0");
        return phase;
    }

    private record Row(Path file, CSVRecord r, Map<String, Integer> columns, int line) {
        String raw(String name) throws IOException {
            if (!r.isSet(name)) {
                throw new IOException(file + ": line " + line + ": expected " + columns.size() + " cells, found " + r.size());
            }
            return r.get(name);
        }

        String text(String name) throws IOException {
            String s = raw(name);
            if (s.isEmpty()) throw bad(name, "a value");
            return s;
        }

        IOException bad(String name, String expected) throws IOException {
            return new IOException(file + ": line " + line + ", column " + (columns.get(name) + 1) + " (" + name + "): expected "
                    + expected + ", found '" + raw(name) + "'");
        }

        long integer(String name, long min) throws IOException {
            String s = raw(name);
            try {
                long v = Long.parseLong(s);
                if (v < min) throw bad(name, "an integer >= " + min);
                return v;
            } catch (NumberFormatException e) {
                throw bad(name, "an integer");
            }
        }

        double decimal(String name) throws IOException {
            try {
                double v = Double.parseDouble(raw(name));
                if (!Double.isFinite(v)) throw bad(name, "a finite decimal number");
                return v;
            } catch (NumberFormatException e) {
                throw bad(name, "a decimal number such as 12.5");
            }
        }
    }
}
