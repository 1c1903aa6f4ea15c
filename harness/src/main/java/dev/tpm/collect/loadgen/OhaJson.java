package dev.tpm.collect.loadgen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * oha's {@code --output-format json} result (oha 1.x, src/printer.rs print_json) as data.md's run
 * columns:
 *
 * <pre>
 * {"summary": {"successRate": 1.0, "total": 2.0012, "slowest": 0.0031, "fastest": 0.0001,
 *              "average": 0.0004, "requestsPerSec": 499.7, ...},
 *  "latencyPercentiles": {"p10": 0.0002, ..., "p50": 0.0003, "p75": .., "p90": .., "p95": ..,
 *                         "p99": .., "p99.9": .., "p99.99": ..},
 *  "statusCodeDistribution": {"200": 1000}, "errorDistribution": {"aborted due to deadline": 1}, ...}
 * </pre>
 *
 * Times in oha's JSON are seconds; a value it could not compute (no response) is null. What is
 * taken, and why:
 * <ul>
 *   <li>requests: the responses received, whatever their status (the sum of
 *       statusCodeDistribution), as wrk counts them;
 *   <li>duration_s: summary.total, the measured window;
 *   <li>rps: requests / duration_s, the achieved rate. oha's own requestsPerSec also counts every
 *       error as a request (a refused connection "achieves" the offered rate), so it is not used;
 *   <li>latencies: summary.average (mean), summary.slowest (max) and latencyPercentiles p50, p75,
 *       p90, p99 and p99.9, in ms; oha computes them over the responses received (with
 *       --latency-correction, from each request's scheduled start); oha has no standard deviation;
 *   <li>non_2xx: responses outside 200-399, as wrk's "Non-2xx or 3xx responses";
 *   <li>errors by kind from errorDistribution's messages: "timeout" to errors_timeout; a message
 *       naming a refused connection, a failed connect (the word, not "connection") or DNS failure to errors_connect; a broken pipe or
 *       write failure to errors_write; every other error to errors_read (the response could not be
 *       read: reset, closed, incomplete). "aborted due to deadline" is neither a request nor an
 *       error: it is a request still in flight when the window closed, which wrk also drops
 *       (oha's own successRate leaves it out for the same reason).
 * </ul>
 */
public final class OhaJson {
    /** {@link LoadResult#source()} of results read from oha's JSON. */
    public static final String SOURCE = "oha-json";
    /** oha's message for requests cut off by -z. */
    public static final String DEADLINE = "aborted due to deadline";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double MS_PER_S = 1000.0;
    private static final java.util.regex.Pattern CONNECT_WORD = java.util.regex.Pattern.compile("(?<![a-z])connect(?![a-z])");

    private OhaJson() {}

    /** True when {@code root} has oha's top-level keys (summary, latencyPercentiles, statusCodeDistribution). */
    public static boolean looksLike(JsonNode root) {
        return root != null && root.isObject() && root.has("summary") && root.has("latencyPercentiles")
                && root.has("statusCodeDistribution");
    }

    /** Parses {@code json}; errors name {@code where} (the file), and the line, column or JSON path. */
    public static LoadResult parse(String json, String where) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IOException(where + ": line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr()
                    + ": expected oha's JSON result (--output-format json), found invalid JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || root.isMissingNode() || !root.isObject()) {
            throw new IOException(where + ": $: expected oha's JSON result (a JSON object), found "
                    + (root == null || root.isMissingNode() ? "nothing" : root.getNodeType().toString().toLowerCase(Locale.ROOT)));
        }
        JsonNode summary = object(root, "summary", where);
        JsonNode pct = object(root, "latencyPercentiles", where);
        JsonNode statuses = object(root, "statusCodeDistribution", where);
        JsonNode errors = object(root, "errorDistribution", where);
        double durationS = seconds(summary, "total", where, "$.summary", false);
        if (!(durationS > 0)) throw new IOException(where + ": $.summary.total: expected a duration > 0 s, found " + summary.get("total"));
        long requests = 0;
        long non2xx = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = statuses.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            int code;
            try {
                code = Integer.parseInt(e.getKey());
            } catch (NumberFormatException x) {
                throw new IOException(where + ": $.statusCodeDistribution: expected HTTP status codes as keys, found '" + e.getKey() + "'");
            }
            long n = count(e.getValue(), where, "$.statusCodeDistribution." + e.getKey());
            requests += n;
            if (code < 200 || code >= 400) non2xx += n;
        }
        long connect = 0;
        long read = 0;
        long write = 0;
        long timeout = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = errors.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            long n = count(e.getValue(), where, "$.errorDistribution[\"" + e.getKey() + "\"]");
            switch (errorKind(e.getKey())) {
                case DEADLINE -> { }
                case TIMEOUT -> timeout += n;
                case CONNECT -> connect += n;
                case WRITE -> write += n;
                case READ -> read += n;
            }
        }
        boolean none = requests == 0;
        return new LoadResult(SOURCE, requests, durationS, connect, read, write, timeout, non2xx, requests / durationS,
                ms(summary, "average", none, where, "$.summary"), Double.NaN, ms(summary, "slowest", none, where, "$.summary"),
                ms(pct, "p50", none, where, "$.latencyPercentiles"), ms(pct, "p75", none, where, "$.latencyPercentiles"),
                ms(pct, "p90", none, where, "$.latencyPercentiles"), ms(pct, "p99", none, where, "$.latencyPercentiles"),
                ms(pct, "p99.9", none, where, "$.latencyPercentiles"));
    }

    /** The data.md error column an oha error message counts in. */
    enum ErrorKind { DEADLINE, TIMEOUT, CONNECT, WRITE, READ }

    static ErrorKind errorKind(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        if (m.equals(DEADLINE)) return ErrorKind.DEADLINE;
        if (m.equals("timeout") || m.contains("timed out")) return ErrorKind.TIMEOUT;
        // "connect" as a word: "connection closed" and "Connection reset" are failures to read a response
        if (m.contains("refused") || CONNECT_WORD.matcher(m).find() || m.contains("dns") || m.contains("lookup")
                || m.contains("unreachable")) {
            return ErrorKind.CONNECT;
        }
        if (m.contains("broken pipe") || m.contains("write")) return ErrorKind.WRITE;
        return ErrorKind.READ;
    }

    private static JsonNode object(JsonNode parent, String key, String where) throws IOException {
        JsonNode n = parent.get(key);
        if (n == null || !n.isObject()) throw new IOException(where + ": $." + key + ": expected an object, found " + n);
        return n;
    }

    private static long count(JsonNode n, String where, String path) throws IOException {
        if (n == null || !n.isNumber() || n.asDouble() < 0 || n.asDouble() != Math.rint(n.asDouble())) {
            throw new IOException(where + ": " + path + ": expected a non-negative integer, found " + n);
        }
        return n.asLong();
    }

    /** A time in seconds; null (oha's NaN) is NaN when {@code nullable}. */
    private static double seconds(JsonNode parent, String key, String where, String path, boolean nullable) throws IOException {
        JsonNode n = parent.get(key);
        if (nullable && (n == null || n.isNull())) return Double.NaN;
        if (n == null || !n.isNumber() || n.asDouble() < 0 || !Double.isFinite(n.asDouble())) {
            throw new IOException(where + ": " + path + "." + key + ": expected a non-negative number of seconds, found " + n);
        }
        return n.asDouble();
    }

    /** A latency in ms; missing when nothing was answered. */
    private static double ms(JsonNode parent, String key, boolean none, String where, String path) throws IOException {
        if (none) return Double.NaN;
        return seconds(parent, key, where, path, true) * MS_PER_S;
    }
}
