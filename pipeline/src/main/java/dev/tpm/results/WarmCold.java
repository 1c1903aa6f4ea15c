package dev.tpm.results;

/**
 * warm_cold.csv (analysis.md 12): one (device, stack, endpoint) with measured runs in phase 1
 * (cold starts) and phase 5 (after prior_load_s of load in the same process). The intervals are
 * empty when either group has fewer than min_n runs.
 */
public record WarmCold(String device, String stack, String endpoint, double coldRps, double warmRps, double warmOverCold,
        double warmOverColdLo, double warmOverColdHi, double coldP99Ms, double warmP99Ms, double p99WarmOverCold,
        double p99WarmOverColdLo, double p99WarmOverColdHi) {}
