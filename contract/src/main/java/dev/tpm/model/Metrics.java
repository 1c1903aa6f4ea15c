package dev.tpm.model;

import java.util.List;

/** Per-run metrics of analysis.md section 2, in analysis.md's order (the order of every output). */
public final class Metrics {
    /**
     * A seed study's published memory checkpoint, RSS at t seconds of a phase-3 series ({@code
     * rss_mib_t60}; studies.md "Published values"); group 1 is t.
     */
    public static final java.util.regex.Pattern STUDY_CHECKPOINT = java.util.regex.Pattern.compile("rss_mib_t([0-9]+)");
    public static final String RPS = "rps";
    public static final String LAT_P50_MS = "lat_p50_ms";
    public static final String LAT_P99_MS = "lat_p99_ms";
    public static final String IDLE_RSS_MIB = "idle_rss_mib";
    public static final String PEAK_RSS_MIB = "peak_rss_mib";
    public static final String RPS_PER_MIB = "rps_per_mib";
    public static final String STARTUP_MS = "startup_ms";
    public static final String ENERGY_MJ_PER_REQ = "energy_mj_per_req";

    /** The metrics of group statistics and of the tests (energy only where present). */
    public static final List<String> ALL = List.of(
            RPS, LAT_P50_MS, LAT_P99_MS, IDLE_RSS_MIB, PEAK_RSS_MIB, RPS_PER_MIB, STARTUP_MS, ENERGY_MJ_PER_REQ);

    public static final String LAT_P90_MS = "lat_p90_ms";
    public static final String IDLE_PSS_MIB = "idle_pss_mib";
    public static final String PEAK_PSS_MIB = "peak_pss_mib";
    /** cpu_s / duration_s: cores the server kept busy on average. */
    public static final String CPU_CORES = "cpu_cores";
    /** requests / cpu_s. */
    public static final String RPS_PER_CPU_S = "rps_per_cpu_s";

    /** analysis.md 2 (version 2): descriptive only, in group statistics where the columns are present, never in tests or aggregates. */
    public static final List<String> DESCRIPTIVE = List.of(LAT_P90_MS, IDLE_PSS_MIB, PEAK_PSS_MIB, CPU_CORES, RPS_PER_CPU_S);

    /** Every metric of group_stats.csv, in analysis.md's order: {@link #ALL}, then {@link #DESCRIPTIVE}. */
    public static final List<String> GROUP_STATS = java.util.stream.Stream.concat(ALL.stream(), DESCRIPTIVE.stream()).toList();

    /**
     * Descriptive only: mean power over the load window, for the energy table. It appears in
     * {@link dev.tpm.results.GroupSample}s but never in group_stats.csv or the tests.
     */
    public static final String MEAN_POWER_W = "mean_power_w";

    /** KiB per MiB: data.md stores KiB, every output shows MiB = KiB / 1024. */
    public static final double KIB_PER_MIB = 1024.0;

    private Metrics() {}

    public static int order(String metric) {
        int i = GROUP_STATS.indexOf(metric);
        return i < 0 ? GROUP_STATS.size() : i;
    }
}
