package dev.tpm.model;

import java.util.List;

/**
 * The columns of the run tables phase1.csv, phase2.csv and phase4.csv (data.md), with their
 * explicit types, in data.md's order. A {@link RunRow} has a value (or a missing one) for each; a {@link RunRecord}
 * adds {@link #CAMPAIGN}, {@link #DEVICE}, {@link #PHASE} and {@link #LINE}.
 */
public final class RunColumns {
    /** Campaign id (from campaign.json), added by ingest. */
    public static final String CAMPAIGN = "campaign";
    /** Device id of the campaign, added by ingest. */
    public static final String DEVICE = "device";
    /** 1, 2 or 4, added by ingest. */
    public static final String PHASE = "phase";
    /** Line of the row in its CSV file (header = line 1), added by ingest for messages. */
    public static final String LINE = "line";

    public static final String SEQ = "seq";
    public static final String STACK = "stack";
    public static final String ENDPOINT = "endpoint";
    public static final String CONCURRENCY = "concurrency";
    public static final String THREADS = "threads";
    public static final String RUN = "run";
    public static final String WARMUP = "warmup";
    public static final String STARTED_AT = "started_at";
    public static final String DURATION_S = "duration_s";
    public static final String REQUESTS = "requests";
    public static final String ERRORS_CONNECT = "errors_connect";
    public static final String ERRORS_READ = "errors_read";
    public static final String ERRORS_WRITE = "errors_write";
    public static final String ERRORS_TIMEOUT = "errors_timeout";
    public static final String NON_2XX = "non_2xx";
    public static final String RPS = "rps";
    public static final String LAT_MEAN_MS = "lat_mean_ms";
    public static final String LAT_P50_MS = "lat_p50_ms";
    public static final String LAT_P75_MS = "lat_p75_ms";
    public static final String LAT_P90_MS = "lat_p90_ms";
    public static final String LAT_P99_MS = "lat_p99_ms";
    public static final String LAT_MAX_MS = "lat_max_ms";
    public static final String STARTUP_MS = "startup_ms";
    public static final String IDLE_RSS_KIB = "idle_rss_kib";
    public static final String PEAK_RSS_KIB = "peak_rss_kib";
    public static final String IDLE_PSS_KIB = "idle_pss_kib";
    public static final String PEAK_PSS_KIB = "peak_pss_kib";
    public static final String CPU_S = "cpu_s";
    public static final String ENERGY_J = "energy_j";
    public static final String MEAN_POWER_W = "mean_power_w";
    public static final String THROTTLED = "throttled";
    /** data.md version 2, optional: the load generator's user+system CPU seconds during the run. */
    public static final String LOADGEN_CPU_S = "loadgen_cpu_s";
    /** data.md version 2, optional: rows in the table when the load started. */
    public static final String SEEDED_ROWS = "seeded_rows";
    /** data.md version 2, optional: highest SoC temperature sampled during the run. */
    public static final String TEMP_MAX_C = "temp_max_c";
    /** data.md version 2, optional: lowest ARM clock sampled during the run. */
    public static final String FREQ_MIN_MHZ = "freq_min_mhz";
    /** data.md version 3, optional: the 99.9th latency percentile (phase-4 load generators report it). */
    public static final String LAT_P999_MS = "lat_p999_ms";
    /** data.md version 3, optional: peak memory charged to the server's own cgroup during the load. */
    public static final String PEAK_CGROUP_KIB = "peak_cgroup_kib";
    /** data.md version 3: the request rate offered, open loop (phase 4 only, required there). */
    public static final String OFFERED_RPS = "offered_rps";
    /** Seconds of load the same server process served before the measured window (phase 5, version 4). */
    public static final String PRIOR_LOAD_S = "prior_load_s";
    /** CPU seconds the hypervisor took from the device during the measured window (version 4). */
    public static final String STEAL_S = "steal_s";
    /** CPU seconds the hypervisor took from the server's pinned CPUs during the window (version 6, optional). */
    public static final String SERVER_STEAL_S = "server_steal_s";
    /** CPU seconds the hypervisor took from the load generator's pinned CPUs on the same host (version 6, optional). */
    public static final String LOADGEN_STEAL_S = "loadgen_steal_s";
    /** The round of an interleaved order, from 1 (version 5; required when protocol.order is rounds). */
    public static final String ROUND = "round";
    /** Seconds the harness waited before the run for the CPUs to be quiet (version 5, optional). */
    public static final String QUIET_WAIT_S = "quiet_wait_s";
    /** data.md version 3, optional: 1 = latency measured from each request's scheduled start (phase 4). */
    public static final String LATENCY_CORRECTED = "latency_corrected";
    public static final String STATUS = "status";
    public static final String NOTE = "note";

    public static final String STATUS_OK = "ok";
    public static final String STATUS_FAILED = "failed";
    public static final String STATUS_DISCARDED = "discarded";

    /** The type of a column's values: Long, Integer, Double or String in Java. */
    public enum Type { LONG, INTEGER, DOUBLE, STRING }

    /** A column of the CSV contract. */
    public record Column(String name, Type type) {}

    /** Every column of data.md's phase1/phase2 table, in data.md's order, with its type. */
    public static final List<Column> CSV = List.of(
            new Column(SEQ, Type.LONG),
            new Column(STACK, Type.STRING),
            new Column(ENDPOINT, Type.STRING),
            new Column(CONCURRENCY, Type.INTEGER),
            new Column(THREADS, Type.INTEGER),
            new Column(RUN, Type.INTEGER),
            new Column(WARMUP, Type.INTEGER),
            new Column(STARTED_AT, Type.STRING),
            new Column(DURATION_S, Type.DOUBLE),
            new Column(REQUESTS, Type.LONG),
            new Column(ERRORS_CONNECT, Type.LONG),
            new Column(ERRORS_READ, Type.LONG),
            new Column(ERRORS_WRITE, Type.LONG),
            new Column(ERRORS_TIMEOUT, Type.LONG),
            new Column(NON_2XX, Type.LONG),
            new Column(RPS, Type.DOUBLE),
            new Column(LAT_MEAN_MS, Type.DOUBLE),
            new Column(LAT_P50_MS, Type.DOUBLE),
            new Column(LAT_P75_MS, Type.DOUBLE),
            new Column(LAT_P90_MS, Type.DOUBLE),
            new Column(LAT_P99_MS, Type.DOUBLE),
            new Column(LAT_MAX_MS, Type.DOUBLE),
            new Column(STARTUP_MS, Type.DOUBLE),
            new Column(IDLE_RSS_KIB, Type.LONG),
            new Column(PEAK_RSS_KIB, Type.LONG),
            new Column(IDLE_PSS_KIB, Type.LONG),
            new Column(PEAK_PSS_KIB, Type.LONG),
            new Column(CPU_S, Type.DOUBLE),
            new Column(ENERGY_J, Type.DOUBLE),
            new Column(MEAN_POWER_W, Type.DOUBLE),
            new Column(THROTTLED, Type.STRING),
            new Column(LOADGEN_CPU_S, Type.DOUBLE),
            new Column(SEEDED_ROWS, Type.LONG),
            new Column(TEMP_MAX_C, Type.DOUBLE),
            new Column(FREQ_MIN_MHZ, Type.DOUBLE),
            new Column(LAT_P999_MS, Type.DOUBLE),
            new Column(PEAK_CGROUP_KIB, Type.LONG),
            new Column(OFFERED_RPS, Type.DOUBLE),
            new Column(PRIOR_LOAD_S, Type.DOUBLE),
            new Column(STEAL_S, Type.DOUBLE),
            new Column(SERVER_STEAL_S, Type.DOUBLE),
            new Column(LOADGEN_STEAL_S, Type.DOUBLE),
            new Column(ROUND, Type.INTEGER),
            new Column(QUIET_WAIT_S, Type.DOUBLE),
            new Column(LATENCY_CORRECTED, Type.INTEGER),
            new Column(STATUS, Type.STRING),
            new Column(NOTE, Type.STRING));

    /** Columns every row must have. */
    public static final List<String> REQUIRED = List.of(SEQ, STACK, ENDPOINT, CONCURRENCY, RUN, WARMUP, STATUS);
    /** Columns a row with status ok must fill, in both phases. */
    public static final List<String> REQUIRED_WHEN_OK = List.of(
            DURATION_S, REQUESTS, RPS, LAT_P50_MS, LAT_P99_MS, PEAK_RSS_KIB);
    /**
     * Columns a row with status ok must fill in a campaign whose study is not {@code paper} (an
     * imported result may have no memory), in both phases.
     */
    public static final List<String> REQUIRED_WHEN_OK_OTHER_STUDY = List.of(DURATION_S, REQUESTS, RPS, LAT_P50_MS, LAT_P99_MS);
    /** Columns every phase-4 row must fill, whatever its status (data.md). */
    public static final List<String> REQUIRED_PHASE4 = List.of(OFFERED_RPS);
    /** Columns every phase-5 row must fill, whatever its status (data.md, version 4). */
    public static final List<String> REQUIRED_PHASE5 = List.of(PRIOR_LOAD_S);
    /** Columns a phase-1 row with status ok of a {@code paper} campaign must also fill. */
    public static final List<String> REQUIRED_WHEN_OK_PHASE1 = List.of(STARTUP_MS, IDLE_RSS_KIB);

    private RunColumns() {}
}
