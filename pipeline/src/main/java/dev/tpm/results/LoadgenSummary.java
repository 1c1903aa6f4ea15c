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

    /**
     * The load generator's values of a group, loadgen_summary.csv's columns from rps_median to
     * ratio_to_slowest in the CSV's order; published.csv names them so, with a concurrency
     * (studies.md). A new column is one entry here.
     */
    public enum Column {
        RPS_MEDIAN("rps_median", Quantity.RPS, LoadgenSummary::rpsMedian),
        RPS_BEST("rps_best", Quantity.RPS, LoadgenSummary::rpsBest),
        LAT_P50_MS("lat_p50_ms", Quantity.LATENCY_MS, LoadgenSummary::latP50Ms),
        LAT_P90_MS("lat_p90_ms", Quantity.LATENCY_MS, LoadgenSummary::latP90Ms),
        LAT_P99_MS("lat_p99_ms", Quantity.LATENCY_MS, LoadgenSummary::latP99Ms),
        PEAK_RSS_MIB("peak_rss_mib", Quantity.MIB, LoadgenSummary::peakRssMib),
        /** Prints as a ratio (2 decimals), as it always has in the seed tables. */
        CPU_PCT("cpu_pct", Quantity.RATIO, LoadgenSummary::cpuPct),
        RATIO_TO_SLOWEST("ratio_to_slowest", Quantity.RATIO, LoadgenSummary::ratioToSlowest);

        private final String id;
        private final Quantity quantity;
        private final java.util.function.ToDoubleFunction<LoadgenSummary> read;

        Column(String id, Quantity quantity, java.util.function.ToDoubleFunction<LoadgenSummary> read) {
            this.id = id;
            this.quantity = quantity;
            this.read = read;
        }

        /** The column's name in loadgen_summary.csv and in published.csv's metric names. */
        public String id() {
            return id;
        }

        /** The quantity its values print as. */
        public Quantity quantity() {
            return quantity;
        }

        /** The column's value in a row. */
        public double of(LoadgenSummary row) {
            return read.applyAsDouble(row);
        }

        /** The column named {@code id}; null when none is. */
        public static Column byId(String id) {
            for (Column c : values()) {
                if (c.id.equals(id)) return c;
            }
            return null;
        }
    }

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
