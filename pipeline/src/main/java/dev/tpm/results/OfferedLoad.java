package dev.tpm.results;

/**
 * offered_load.csv: one (device, stack, endpoint, offered_rps) of measured phase-4 runs (analysis.md
 * 10). Medians are over the runs that have the value; NaN where none has it.
 *
 * @param n measured runs of the group
 * @param rps median achieved rate (req/s)
 * @param latP99Ms median p99 latency with the bootstrap CI of the median (empty below min_n)
 * @param keptUp median rps &gt;= kept_up_ratio x offered_rps
 * @param meetsTarget kept up and median p99 &lt;= latency_slo_ms (not a column of offered_load.csv)
 */
public record OfferedLoad(String device, String stack, String endpoint, double offeredRps, int n, double rps,
        double latP50Ms, double latP90Ms, Estimate latP99Ms, double latP999Ms, double peakRssMib, boolean keptUp,
        boolean meetsTarget) {}
