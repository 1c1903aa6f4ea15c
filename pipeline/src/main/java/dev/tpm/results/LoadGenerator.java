package dev.tpm.results;

import dev.tpm.model.LoadGeneratorInfo;
import dev.tpm.model.Protocol;
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

    /** campaign.json's {@code load_generator}; one not recorded gives a tool of "". */
    public static LoadGenerator of(LoadGeneratorInfo lg) {
        if (lg == null) return new LoadGenerator("", null, null, null, false);
        return new LoadGenerator(lg.tool() == null ? "" : lg.tool(), lg.version(), lg.host(), lg.cpus(), lg.isImported());
    }

    /** Phase 4's {@code load_generator}; one not recorded gives a tool of "". */
    public static LoadGenerator of(Protocol.Phase4LoadGenerator lg) {
        if (lg == null) return new LoadGenerator("", null, null, null, false);
        return new LoadGenerator(lg.tool() == null ? "" : lg.tool(), lg.version(), null, null, false);
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
