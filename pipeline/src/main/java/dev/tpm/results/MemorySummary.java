package dev.tpm.results;

/**
 * memory.csv: per (device, stack), the median over its series of each per-series value (over the
 * series that have it), except {@code drops}, the total over series.
 *
 * @param steadyGrowthMib last - the first sample at or after memory_warm_s (analysis.md 6)
 */
public record MemorySummary(
        String device, String stack, int series, double samples, double durationS,
        double firstMib, double minMib, double maxMib, double lastMib, double growthMib, double steadyGrowthMib,
        int drops, double slopeMibPerS) {

    /** Without a steady-growth value. */
    public MemorySummary(String device, String stack, int series, double samples, double durationS, double firstMib,
            double minMib, double maxMib, double lastMib, double growthMib, int drops, double slopeMibPerS) {
        this(device, stack, series, samples, durationS, firstMib, minMib, maxMib, lastMib, growthMib, Double.NaN, drops,
                slopeMibPerS);
    }
}
