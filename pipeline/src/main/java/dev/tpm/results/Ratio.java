package dev.tpm.results;

import java.util.List;

/**
 * ratios.csv: one stack against the best on one criterion (analysis.md 4). {@code ratio} >= 1 reads
 * "the best is ratio times better than this stack": value_best / value for a higher-is-better
 * metric, value / value_best for a lower-is-better one.
 *
 * @param mix the mix of a weighted metric; empty for the pooled and sweep metrics
 * @param metric one of {@link #WEIGHTED_METRICS} or {@link #POOLED_METRICS}
 * @param best the stack with the best value (ties: the first in stack order)
 * @param value this stack's value
 * @param ratioLo NaN on the best's own row, and where a stack's value has no replicates (below min_n)
 * @param tied ratio_lo &lt;= 1; true on the best's own row; null where the ratio has no interval
 */
public record Ratio(String device, String mix, String metric, String stack, String best, double value, double ratio,
        double ratioLo, double ratioHi, Boolean tied) {
    public static final String W_RPS = "w_rps";
    public static final String W_PEAK_MIB = "w_peak_mib";
    public static final String W_RPS_PER_MIB = "w_rps_per_mib";
    public static final String W_P99_MS = "w_p99_ms";
    public static final String W_ENERGY_MJ = "w_energy_mj";
    public static final String IDLE_RSS_MIB = "idle_rss_mib";
    public static final String STARTUP_MS = "startup_ms";
    public static final String SWEEP_PEAK_RPS = "sweep_peak_rps";

    /** The weighted metrics in analysis.md 4's order (weighted.csv's columns). */
    public static final List<String> WEIGHTED_METRICS = List.of(W_RPS, W_PEAK_MIB, W_RPS_PER_MIB, W_P99_MS, W_ENERGY_MJ);
    /** The metrics of the rows with an empty mix, in analysis.md 4's order. */
    public static final List<String> POOLED_METRICS = List.of(IDLE_RSS_MIB, STARTUP_MS, SWEEP_PEAK_RPS);

    /** Whether a larger value of the metric is better (w_rps_per_mib, w_rps, sweep_peak_rps). */
    public static boolean higherIsBetter(String metric) {
        return metric.equals(W_RPS) || metric.equals(W_RPS_PER_MIB) || metric.equals(SWEEP_PEAK_RPS);
    }

    /** The best's own row. */
    public boolean isBest() {
        return stack.equals(best);
    }

    /** True when the ratio has an interval (every row but the best's, unless a value had no replicates). */
    public boolean hasInterval() {
        return !Double.isNaN(ratioLo);
    }
}
