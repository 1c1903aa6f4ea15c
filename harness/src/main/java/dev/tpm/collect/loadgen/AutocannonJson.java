package dev.tpm.collect.loadgen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/**
 * autocannon's {@code --json} result (one JSON object on stdout) as data.md's run columns:
 *
 * <pre>
 * {"url":"http://127.0.0.1:18092/json","connections":4,"duration":2.01,"errors":0,"timeouts":0,
 *  "non2xx":0,"1xx":0,"2xx":3290,"3xx":0,"4xx":0,"5xx":0,
 *  "latency":{"mean":1.97,"p50":0,"p75":3,"p90":6,"p99":17,"max":82,"totalCount":3290,...},
 *  "requests":{"average":1645.5,"total":3290,"sent":3294,...}, ...}
 * </pre>
 *
 * Values are taken as autocannon printed them: requests = requests.total (every response, whatever
 * its status), duration_s = duration, rps = requests.average (its per-second samples' mean, the
 * "Req/Sec Avg" of its text table, not total / duration), latency mean, p50, p75, p90, p99 and max
 * in milliseconds (autocannon's histogram has 1 ms resolution). non_2xx counts the responses
 * outside 2xx/3xx (1xx + 4xx + 5xx), as wrk's "Non-2xx or 3xx responses" does; autocannon's own
 * {@code non2xx} also counts 3xx and is used only when the class counts are absent. autocannon
 * does not split its socket errors by kind: {@code timeouts} go to errors_timeout and the other
 * {@code errors} (which include the time-outs) to errors_connect. With no response at all
 * (latency.totalCount 0) the latencies are missing (NaN), not autocannon's zeros.
 */
public final class AutocannonJson {
    /** {@link LoadResult#source()} of results read from autocannon's JSON. */
    public static final String SOURCE = "autocannon-json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private AutocannonJson() {}

    /** Parses {@code json}; errors name {@code where} (the file), and the line, column or JSON path. */
    public static LoadResult parse(String json, String where) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IOException(where + ": line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() + ": expected autocannon's --json result, found invalid JSON: "
                    + e.getOriginalMessage(), e);
        }
        if (root == null || root.isMissingNode() || !root.isObject()) {
            throw new IOException(where + ": $: expected autocannon's --json result (a JSON object), found "
                    + (root == null || root.isMissingNode() ? "nothing" : clip(root.toString())));
        }
        JsonNode latency = object(root, "latency", where);
        JsonNode requests = object(root, "requests", where);
        long total = count(requests, "total", where, "$.requests");
        double durationS = number(root, "duration", where, "$");
        double rps = number(requests, "average", where, "$.requests");
        long errors = count(root, "errors", where, "$");
        long timeouts = count(root, "timeouts", where, "$");
        if (timeouts > errors) {
            throw new IOException(where + ": $.timeouts: expected at most $.errors (" + errors + "), found " + timeouts);
        }
        long non2xx = root.has("1xx") || root.has("4xx") || root.has("5xx")
                ? count(root, "1xx", where, "$") + count(root, "4xx", where, "$") + count(root, "5xx", where, "$")
                : count(root, "non2xx", where, "$");
        boolean none = count(latency, "totalCount", where, "$.latency") == 0;
        return new LoadResult(SOURCE, total, durationS, errors - timeouts, 0, 0, timeouts, non2xx, rps,
                ms(latency, "mean", none, where), ms(latency, "stddev", none, where), ms(latency, "max", none, where),
                ms(latency, "p50", none, where), ms(latency, "p75", none, where), ms(latency, "p90", none, where),
                ms(latency, "p99", none, where));
    }

    private static JsonNode object(JsonNode parent, String key, String where) throws IOException {
        JsonNode n = parent.get(key);
        if (n == null || !n.isObject()) throw new IOException(where + ": $." + key + ": expected an object, found " + n);
        return n;
    }

    private static long count(JsonNode parent, String key, String where, String path) throws IOException {
        JsonNode n = parent.get(key);
        if (n == null || !n.isNumber() || n.asDouble() < 0 || n.asDouble() != Math.rint(n.asDouble())) {
            throw new IOException(where + ": " + path + "." + key + ": expected a non-negative integer, found " + n);
        }
        return n.asLong();
    }

    private static double number(JsonNode parent, String key, String where, String path) throws IOException {
        JsonNode n = parent.get(key);
        if (n == null || !n.isNumber() || n.asDouble() < 0 || !Double.isFinite(n.asDouble())) {
            throw new IOException(where + ": " + path + "." + key + ": expected a non-negative number, found " + n);
        }
        return n.asDouble();
    }

    /** A latency in ms; missing when nothing was answered, or when this autocannon omits the key. */
    private static double ms(JsonNode latency, String key, boolean none, String where) throws IOException {
        if (none || !latency.has(key)) return Double.NaN;
        return number(latency, key, where, "$.latency");
    }

    private static String clip(String s) {
        return s.length() <= 80 ? s : s.substring(0, 80) + "...";
    }
}
