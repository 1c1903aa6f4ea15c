package dev.tpm.results;

/**
 * memory.csv: per (device, stack), the median over its series of each per-series value, except
 * {@code drops}, the total over series.
 */
public record MemorySummary(
        String device, String stack, int series, double samples, double durationS,
        double firstMib, double minMib, double maxMib, double lastMib, double growthMib,
        int drops, double slopeMibPerS) {}
