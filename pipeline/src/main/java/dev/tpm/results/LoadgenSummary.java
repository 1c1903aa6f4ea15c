package dev.tpm.results;

/**
 * loadgen_summary.csv (analysis.md 8): one (device, study, phase, stack, endpoint, concurrency)
 * over measured runs, as the load generator saw it. Each value is taken over the runs that have
 * it; NaN when none has.
 *
 * @param rpsBest the largest rps of the group ("best of N laps")
 * @param peakRssMib the largest peak_rss_kib / 1024 of the group
 * @param cpuPct the largest 100 * cpu_s / duration_s of the group (100 = one core busy)
 * @param ratioToSlowest rps_median / the smallest rps_median of the stacks with the same (device,
 *     study, phase, endpoint, concurrency)
 */
public record LoadgenSummary(
        String device, String study, int phase, String stack, String endpoint, int concurrency, int n,
        double rpsMedian, double rpsBest, double latP50Ms, double latP90Ms, double latP99Ms, double peakRssMib,
        double cpuPct, double ratioToSlowest) {}
