package dev.tpm.collect.loadgen;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;

/**
 * The line the harness's wrk scripts print from their done() hook (harness/wrk/tpm.lua):
 * {@value #MARKER} followed by one JSON object with wrk's exact counts and latencies in
 * microseconds:
 *
 * <pre>
 * TPM-WRK-RESULT {"tool":"wrk","requests":345,"duration_us":2006972,"bytes":77993,
 *   "errors":{"connect":0,"read":0,"write":0,"timeout":0,"status":43},
 *   "latency_us":{"min":1292,"mean":42993.25,"stdev":6426.35,"max":48015,"p50":43934,"p75":43996,"p90":44126,"p99":47995}}
 * </pre>
 *
 * Latency fields are null when no request completed in time.
 */
public final class WrkDoneJson {
    public static final String MARKER = "TPM-WRK-RESULT";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double US_PER_MS = 1000.0;
    private static final double US_PER_S = 1_000_000.0;

    private WrkDoneJson() {}

    /** The last marker line of {@code output} parsed, or empty when there is none. */
    public static Optional<LoadResult> find(String output, String source) throws IOException {
        String[] lines = output.split("\r?\n", -1);
        for (int i = lines.length - 1; i >= 0; i--) {
            int at = lines[i].indexOf(MARKER + " ");
            if (at >= 0) {
                int start = at + MARKER.length() + 1;
                return Optional.of(parse(lines[i].substring(start), source + ": line " + (i + 1), start));
            }
        }
        return Optional.empty();
    }

    /**
     * delete_item's {@code missing_ids} of the last marker line: DELETEs of ids that had no row
     * (the run used up its seeded rows); empty when the line or the key is absent.
     */
    public static java.util.OptionalLong missingIds(String output) {
        String[] lines = output.split("\r?\n", -1);
        for (int i = lines.length - 1; i >= 0; i--) {
            int at = lines[i].indexOf(MARKER + " ");
            if (at < 0) continue;
            try {
                JsonNode n = JSON.readTree(lines[i].substring(at + MARKER.length() + 1)).get("missing_ids");
                return n != null && n.canConvertToLong() ? java.util.OptionalLong.of(n.asLong()) : java.util.OptionalLong.empty();
            } catch (JsonProcessingException e) {
                return java.util.OptionalLong.empty();
            }
        }
        return java.util.OptionalLong.empty();
    }

    /** Parses the JSON object after the marker; {@code where} names the source and line in errors. */
    public static LoadResult parse(String json, String where) throws IOException {
        return parse(json, where, MARKER.length() + 1);
    }

    private static LoadResult parse(String json, String where, int columnOffset) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IOException(where + ", column " + (columnOffset + e.getLocation().getColumnNr())
                    + ": expected the done() JSON object, found invalid JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) throw new IOException(where + ": expected a JSON object after " + MARKER);
        long requests = count(root, "requests", where);
        double durationUs = count(root, "duration_us", where);
        JsonNode errors = object(root, "errors", where);
        JsonNode latency = object(root, "latency_us", where);
        double durationS = durationUs / US_PER_S;
        double rps = durationS > 0 ? requests / durationS : Double.NaN;
        return new LoadResult(LoadResult.SOURCE_DONE_JSON, requests, durationS,
                count(errors, "connect", where, "$.errors"), count(errors, "read", where, "$.errors"),
                count(errors, "write", where, "$.errors"), count(errors, "timeout", where, "$.errors"),
                count(errors, "status", where, "$.errors"), rps,
                ms(latency, "mean", where), ms(latency, "stdev", where), ms(latency, "max", where),
                ms(latency, "p50", where), ms(latency, "p75", where), ms(latency, "p90", where), ms(latency, "p99", where));
    }

    private static JsonNode object(JsonNode parent, String key, String where) throws IOException {
        JsonNode n = parent.get(key);
        if (n == null || !n.isObject()) throw new IOException(where + ": $." + key + ": expected an object, found " + n);
        return n;
    }

    private static long count(JsonNode parent, String key, String where) throws IOException {
        return count(parent, key, where, "$");
    }

    private static long count(JsonNode parent, String key, String where, String path) throws IOException {
        JsonNode n = parent.get(key);
        if (n == null || !n.isNumber() || n.asDouble() < 0 || n.asDouble() != Math.rint(n.asDouble())) {
            throw new IOException(where + ": " + path + "." + key + ": expected a non-negative integer, found " + n);
        }
        return n.asLong();
    }

    /** Microseconds to milliseconds; null is NaN (missing). */
    private static double ms(JsonNode latency, String key, String where) throws IOException {
        JsonNode n = latency.get(key);
        if (n == null || n.isNull()) return Double.NaN;
        if (!n.isNumber() || n.asDouble() < 0) {
            throw new IOException(where + ": $.latency_us." + key + ": expected a non-negative number or null, found " + n);
        }
        return n.asDouble() / US_PER_MS;
    }
}
