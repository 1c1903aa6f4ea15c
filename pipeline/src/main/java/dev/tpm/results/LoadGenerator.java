package dev.tpm.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * campaign.json's {@code load_generator} (data.md), typed: which tool, where it ran, and the
 * latency resolution of what it reports.
 *
 * @param tool {@code wrk}, {@code autocannon}, {@code oha}, ... as written; "" when absent
 * @param version as written, or null
 * @param host {@code same} (on the device under test) or {@code separate}; null when not recorded
 * @param cpus the CPU list it was pinned to (same host), or null
 * @param imported true when the rows were imported from the tool's saved outputs
 */
public record LoadGenerator(String tool, String version, String host, String cpus, boolean imported) {
    public static final String SAME = "same";
    public static final String SEPARATE = "separate";

    /** Reads a {@code load_generator} object (or phase 4's); a missing node gives a tool of "". */
    public static LoadGenerator of(JsonNode lg) {
        if (lg == null || !lg.isObject()) return new LoadGenerator("", null, null, null, false);
        return new LoadGenerator(lg.path("tool").asText(""), text(lg, "version"), text(lg, "host"), text(lg, "cpus"),
                lg.path("imported").asBoolean(false));
    }

    private static String text(JsonNode n, String key) {
        JsonNode v = n.get(key);
        return v == null || v.isNull() ? null : v.asText();
    }

    /**
     * The resolution of the latencies this tool reports: wrk's done() line whole microseconds (its
     * text report, when imported, two decimals of its unit), autocannon whole milliseconds, oha
     * full precision, anything else unknown.
     */
    public LatencyResolution latencyResolution() {
        switch (tool.toLowerCase(Locale.ROOT)) {
            case "wrk":
                return imported ? LatencyResolution.WRK_TEXT : LatencyResolution.WRK_MICROSECONDS;
            case "autocannon":
                return LatencyResolution.WHOLE_MS;
            case "oha":
                return LatencyResolution.FULL;
            default:
                return LatencyResolution.UNKNOWN;
        }
    }

    /** Whether it ran on the device under test. */
    public boolean sameHost() {
        return SAME.equals(host);
    }
}
