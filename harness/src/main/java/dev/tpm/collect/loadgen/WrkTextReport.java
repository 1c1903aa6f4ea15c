package dev.tpm.collect.loadgen;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * wrk's text report (wrk 4.x; wrk2 prints the same lines), parsed line by line:
 *
 * <pre>
 * Running 10s test @ http://127.0.0.1:8080/items/1
 *   2 threads and 30 connections
 *   Thread Stats   Avg      Stdev     Max   +/- Stdev
 *     Latency     1.23ms  456.78us  12.34ms   89.12%
 *     Req/Sec    12.34k     1.23k   15.67k    70.00%
 *   Latency Distribution            (only with --latency)
 *      50%    1.10ms
 *      ...
 *   245678 requests in 10.00s, 45.67MB read
 *   Socket errors: connect 0, read 12, write 0, timeout 3      (only when there were some)
 *   Non-2xx or 3xx responses: 17                                (only when there were some)
 * Requests/sec:  24567.80
 * Transfer/sec:      4.57MB
 * </pre>
 *
 * Times carry wrk's units (us, ms, s, m, h: units.c scales by 1000 up to seconds, then by 60);
 * Req/Sec carries metric prefixes (k, M, G, T, P); sizes binary ones (B, KB, MB, ...). With no
 * samples wrk prints {@code -nan%} in the +/- Stdev column. Lines it does not know (such as what
 * a Lua script prints) are skipped; a known line that does not parse is an error naming the
 * source, the line and the column.
 *
 * @param latencyDistributionMs percentile (50, 75, 90, 99) to latency, empty without --latency
 * @param socketErrors connect, read, write, timeout; zero when the line is absent
 */
public record WrkTextReport(
        String url,
        int threads,
        int connections,
        double latencyMeanMs,
        double latencyStdevMs,
        double latencyMaxMs,
        double latencyWithinStdevPercent,
        double reqPerSecMean,
        double reqPerSecStdev,
        double reqPerSecMax,
        Map<Integer, Double> latencyDistributionMs,
        long requests,
        double durationS,
        double bytesRead,
        long[] socketErrors,
        long non2xx,
        double requestsPerSec,
        double transferPerSecBytes) {

    private static final Pattern RUNNING = Pattern.compile("^Running (\\S+) test @ (\\S+)\\s*$");
    private static final Pattern THREADS = Pattern.compile("^\\s*(\\d+) threads? and (\\d+) connections?\\s*$");
    private static final Pattern STATS = Pattern.compile(
            "^(\\s*)(Latency|Req/Sec)(\\s+)(\\S+)(\\s+)(\\S+)(\\s+)(\\S+)(\\s+)(\\S+)\\s*$");
    private static final Pattern DISTRIBUTION = Pattern.compile("^(\\s*)(\\d+(?:\\.\\d+)?)%(\\s+)(\\S+)\\s*$");
    private static final Pattern TOTALS = Pattern.compile("^(\\s*)(\\S+) requests in (\\S+), (\\S+) read\\s*$");
    private static final Pattern SOCKET = Pattern.compile(
            "^\\s*Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)\\s*$");
    private static final Pattern NON2XX = Pattern.compile("^\\s*Non-2xx or 3xx responses: (\\d+)\\s*$");
    private static final Pattern RPS = Pattern.compile("^(Requests/sec:\\s*)(\\S+)\\s*$");
    private static final Pattern TRANSFER = Pattern.compile("^(Transfer/sec:\\s*)(\\S+)\\s*$");
    private static final Pattern VALUE = Pattern.compile("^([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)|-?nan|-?inf)([A-Za-z%]*)$",
            Pattern.CASE_INSENSITIVE);

    public WrkTextReport {
        latencyDistributionMs = java.util.Collections.unmodifiableMap(new TreeMap<>(latencyDistributionMs));
        socketErrors = socketErrors.clone();
    }

    /** Parses {@code text}; {@code source} names it in errors (a file path, or "wrk output of run 12"). */
    public static WrkTextReport parse(String text, String source) throws IOException {
        String url = null;
        int threads = -1;
        int connections = -1;
        double[] latency = null;
        double[] reqSec = null;
        Map<Integer, Double> distribution = new TreeMap<>();
        long requests = -1;
        double duration = Double.NaN;
        double bytes = Double.NaN;
        long[] socket = new long[4];
        long non2xx = 0;
        double rps = Double.NaN;
        double transfer = Double.NaN;
        boolean inDistribution = false;

        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            Where at = new Where(source, i + 1);
            Matcher m;
            if ((m = RUNNING.matcher(line)).matches()) {
                url = m.group(2);
            } else if ((m = THREADS.matcher(line)).matches()) {
                threads = Integer.parseInt(m.group(1));
                connections = Integer.parseInt(m.group(2));
            } else if ((m = STATS.matcher(line)).matches()) {
                boolean isLatency = m.group(2).equals("Latency");
                double[] v = new double[4];
                for (int k = 0; k < 4; k++) {
                    int g = 4 + 2 * k;
                    int column = m.start(g) + 1;
                    String cell = m.group(g);
                    v[k] = k == 3 ? percent(cell, at.col(column))
                            : isLatency ? millis(cell, at.col(column)) : metric(cell, at.col(column));
                }
                if (isLatency) latency = v;
                else reqSec = v;
                inDistribution = false;
            } else if (line.trim().equals("Latency Distribution")) {
                inDistribution = true;
            } else if (inDistribution && (m = DISTRIBUTION.matcher(line)).matches()) {
                double p = Double.parseDouble(m.group(2));
                if (p != Math.rint(p)) throw at.col(m.start(2) + 1).error("an integer percentile", m.group(2));
                distribution.put((int) p, millis(m.group(4), at.col(m.start(4) + 1)));
            } else if ((m = TOTALS.matcher(line)).matches()) {
                inDistribution = false;
                requests = count(m.group(2), at.col(m.start(2) + 1));
                duration = millis(m.group(3), at.col(m.start(3) + 1)) / 1000.0;
                bytes = binary(m.group(4), at.col(m.start(4) + 1));
            } else if ((m = SOCKET.matcher(line)).matches()) {
                for (int k = 0; k < 4; k++) socket[k] = Long.parseLong(m.group(k + 1));
            } else if ((m = NON2XX.matcher(line)).matches()) {
                non2xx = Long.parseLong(m.group(1));
            } else if ((m = RPS.matcher(line)).matches()) {
                rps = plain(m.group(2), at.col(m.start(2) + 1));
            } else if ((m = TRANSFER.matcher(line)).matches()) {
                transfer = binary(m.group(2), at.col(m.start(2) + 1));
            } else if (line.trim().startsWith("Socket errors:") || line.trim().startsWith("Non-2xx")
                    || line.trim().startsWith("Requests/sec:")) {
                throw at.col(1).error("wrk's \"" + line.trim().split(":")[0] + ":\" line with counts", line.trim());
            } else {
                inDistribution = inDistribution && line.isBlank();
            }
        }
        Where end = new Where(source, lines.length);
        if (requests < 0) {
            throw end.col(1).error("a line \"<n> requests in <time>, <size> read\" (a wrk report)", firstLine(text));
        }
        if (Double.isNaN(rps)) throw end.col(1).error("a line \"Requests/sec: <n>\"", "none");
        if (latency == null) throw end.col(1).error("a \"Latency\" line under \"Thread Stats\"", "none");
        if (reqSec == null) reqSec = new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
        return new WrkTextReport(url, threads, connections, latency[0], latency[1], latency[2], latency[3],
                reqSec[0], reqSec[1], reqSec[2], distribution, requests, duration, bytes, socket, non2xx, rps, transfer);
    }

    /** The run-table values; percentiles the report lacks are NaN, and so is a latency of a run without samples. */
    public LoadResult toResult() {
        boolean noSamples = requests == 0 || Double.isNaN(latencyWithinStdevPercent) && latencyMeanMs == 0;
        double mean = noSamples ? Double.NaN : latencyMeanMs;
        return new LoadResult(LoadResult.SOURCE_TEXT, requests, durationS,
                socketErrors[0], socketErrors[1], socketErrors[2], socketErrors[3], non2xx, requestsPerSec,
                mean, noSamples ? Double.NaN : latencyStdevMs, noSamples ? Double.NaN : latencyMaxMs,
                noSamples ? Double.NaN : latencyDistributionMs.getOrDefault(50, Double.NaN),
                noSamples ? Double.NaN : latencyDistributionMs.getOrDefault(75, Double.NaN),
                noSamples ? Double.NaN : latencyDistributionMs.getOrDefault(90, Double.NaN),
                noSamples ? Double.NaN : latencyDistributionMs.getOrDefault(99, Double.NaN));
    }

    private static String firstLine(String text) {
        String t = text.strip();
        int nl = t.indexOf('\n');
        String first = nl < 0 ? t : t.substring(0, nl);
        return first.isEmpty() ? "empty output" : "\"" + first + "\"";
    }

    /** A position in the input, for error messages. */
    private record Where(String source, int line, int column) {
        Where(String source, int line) {
            this(source, line, 0);
        }

        Where col(int c) {
            return new Where(source, line, c);
        }

        IOException error(String expected, String found) {
            return new IOException(source + ": line " + line + ", column " + column + ": expected " + expected
                    + ", found '" + found + "'");
        }
    }

    private static Matcher value(String cell, Where at, String expected) throws IOException {
        Matcher m = VALUE.matcher(cell);
        if (!m.matches()) throw at.error(expected, cell);
        return m;
    }

    private static double number(String digits) {
        String d = digits.toLowerCase(Locale.ROOT);
        if (d.endsWith("nan")) return Double.NaN;
        if (d.endsWith("inf")) return d.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        return Double.parseDouble(d);
    }

    /** A wrk time (units.c format_time_us) in milliseconds. */
    static double millis(String cell, Where at) throws IOException {
        Matcher m = value(cell, at, "a time with unit us, ms, s, m or h");
        double x = number(m.group(1));
        return switch (m.group(2)) {
            case "us" -> x / 1000.0;
            case "ms" -> x;
            case "s" -> x * 1000.0;
            case "m" -> x * 60_000.0;
            case "h" -> x * 3_600_000.0;
            default -> throw at.error("a time with unit us, ms, s, m or h", cell);
        };
    }

    /** A count with an optional metric prefix (units.c format_metric: k, M, G, T, P; scale 1000). */
    static double metric(String cell, Where at) throws IOException {
        Matcher m = value(cell, at, "a number with an optional k, M, G, T or P");
        double x = number(m.group(1));
        return switch (m.group(2)) {
            case "" -> x;
            case "k" -> x * 1e3;
            case "M" -> x * 1e6;
            case "G" -> x * 1e9;
            case "T" -> x * 1e12;
            case "P" -> x * 1e15;
            default -> throw at.error("a number with an optional k, M, G, T or P", cell);
        };
    }

    /** The requests total: an integer in wrk 4.1.0; a metric prefix is accepted for other printers. */
    static long count(String cell, Where at) throws IOException {
        double x = metric(cell, at);
        if (!(x >= 0) || Double.isInfinite(x)) throw at.error("a non-negative request count", cell);
        return Math.round(x);
    }

    /** A size with a binary prefix (units.c format_binary: scale 1024) and a trailing B, in bytes. */
    static double binary(String cell, Where at) throws IOException {
        Matcher m = value(cell, at, "a size such as 0.00B, 12.5KB or 3.10MB");
        double x = number(m.group(1));
        return switch (m.group(2)) {
            case "B" -> x;
            case "KB" -> x * 1024.0;
            case "MB" -> x * 1024.0 * 1024;
            case "GB" -> x * 1024.0 * 1024 * 1024;
            case "TB" -> x * 1024.0 * 1024 * 1024 * 1024;
            case "PB" -> x * 1024.0 * 1024 * 1024 * 1024 * 1024;
            default -> throw at.error("a size such as 0.00B, 12.5KB or 3.10MB", cell);
        };
    }

    /** A percentage; {@code -nan%} (no samples) is NaN. */
    static double percent(String cell, Where at) throws IOException {
        Matcher m = value(cell, at, "a percentage such as 89.12% or -nan%");
        if (!m.group(2).equals("%")) throw at.error("a percentage such as 89.12% or -nan%", cell);
        return number(m.group(1));
    }

    static double plain(String cell, Where at) throws IOException {
        Matcher m = value(cell, at, "a number");
        if (!m.group(2).isEmpty()) throw at.error("a number", cell);
        return number(m.group(1));
    }
}
