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
 * @param hostBusy the median over the group's runs of (cpu_s + loadgen_cpu_s) / (duration_s x
 *     device.cores), over runs of campaigns whose load generator ran on the device and that have
 *     both CPU columns; NaN when there is none
 * @param saturatedRuns how many of those runs reach {@link #SATURATED} (a saturated host: server
 *     and load generator took turns on the same cores); null when hostBusy is NaN
 * @param slowestStack the stack of ratio_to_slowest's denominator: the smallest rps_median of the
 *     same (device, study, phase, endpoint, concurrency), ties to the smaller stack id; null when
 *     no stack there has one (not a column of the CSV)
 */
public record LoadgenSummary(
        String device, String study, int phase, String stack, String endpoint, int concurrency, int n,
        double rpsMedian, double rpsBest, double latP50Ms, double latP90Ms, double latP99Ms, double peakRssMib,
        double cpuPct, double ratioToSlowest, double hostBusy, Integer saturatedRuns, String slowestStack) {
    /** The host use at or above which a run saturated its host (analysis.md 8, servers.md). */
    public static final double SATURATED = 0.95;

    /** Without the host columns (a separate load generator host, or no run with both CPU columns). */
    /** A row without the slowest stack named (built by hand, not by the analysis). */
    public LoadgenSummary(String device, String study, int phase, String stack, String endpoint, int concurrency, int n,
            double rpsMedian, double rpsBest, double latP50Ms, double latP90Ms, double latP99Ms, double peakRssMib,
            double cpuPct, double ratioToSlowest, double hostBusy, Integer saturatedRuns) {
        this(device, study, phase, stack, endpoint, concurrency, n, rpsMedian, rpsBest, latP50Ms, latP90Ms, latP99Ms,
                peakRssMib, cpuPct, ratioToSlowest, hostBusy, saturatedRuns, null);
    }

    public LoadgenSummary(String device, String study, int phase, String stack, String endpoint, int concurrency, int n,
            double rpsMedian, double rpsBest, double latP50Ms, double latP90Ms, double latP99Ms, double peakRssMib,
            double cpuPct, double ratioToSlowest) {
        this(device, study, phase, stack, endpoint, concurrency, n, rpsMedian, rpsBest, latP50Ms, latP90Ms, latP99Ms,
                peakRssMib, cpuPct, ratioToSlowest, Double.NaN, null);
    }

    /** Whether some run of the group saturated its host. */
    public boolean saturated() {
        return saturatedRuns != null && saturatedRuns > 0;
    }
}
