package dev.tpm.results;

import dev.tpm.model.Metrics;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every metric of the analysis (analysis.md 1-4) and what the spec says of it: its id (the tidy
 * CSVs' vocabulary), its quantity and unit, whether higher or lower is better, how a run gives its
 * value, and its role (tested, descriptive, weighted, pooled). Tables, figures, the tests, the
 * replication lookup and the rounding rules ask it rather than read a name. A new metric is one
 * entry here (and, for a per-run one, its place in {@link Metrics#GROUP_STATS}'s order).
 */
public enum Metric {
    // analysis.md 1-3: per run, in group statistics and the tests (energy only where present)
    RPS(Metrics.RPS, Quantity.RPS, Direction.HIGHER, Role.TESTED, r -> r.rps()),
    LAT_P50_MS(Metrics.LAT_P50_MS, Quantity.LATENCY_MS, Direction.LOWER, Role.TESTED, r -> r.latP50Ms()),
    LAT_P99_MS(Metrics.LAT_P99_MS, Quantity.LATENCY_MS, Direction.LOWER, Role.TESTED, r -> r.latP99Ms()),
    IDLE_RSS_MIB(Metrics.IDLE_RSS_MIB, Quantity.MIB, Direction.LOWER, Role.TESTED, r -> mib(r.idleRssKib())),
    PEAK_RSS_MIB(Metrics.PEAK_RSS_MIB, Quantity.MIB, Direction.LOWER, Role.TESTED, r -> mib(r.peakRssKib())),
    RPS_PER_MIB(Metrics.RPS_PER_MIB, Quantity.RPS_PER_MIB, Direction.HIGHER, Role.TESTED, r -> r.rps() / mib(r.peakRssKib())),
    STARTUP_MS(Metrics.STARTUP_MS, Quantity.STARTUP_MS, Direction.LOWER, Role.TESTED, r -> r.startupMs()),
    ENERGY_MJ_PER_REQ(Metrics.ENERGY_MJ_PER_REQ, Quantity.ENERGY_MJ, Direction.LOWER, Role.TESTED,
            r -> r.energyJ() * 1000.0 / r.requests()), // mJ = J x 1000
    // analysis.md 2 (version 2): descriptive only, in group statistics where the columns are present
    LAT_P90_MS(Metrics.LAT_P90_MS, Quantity.LATENCY_MS, Direction.LOWER, Role.DESCRIPTIVE, r -> r.latP90Ms()),
    IDLE_PSS_MIB(Metrics.IDLE_PSS_MIB, Quantity.MIB, Direction.LOWER, Role.DESCRIPTIVE, r -> mib(r.idlePssKib())),
    PEAK_PSS_MIB(Metrics.PEAK_PSS_MIB, Quantity.MIB, Direction.LOWER, Role.DESCRIPTIVE, r -> mib(r.peakPssKib())),
    CPU_CORES(Metrics.CPU_CORES, Quantity.CPU_CORES, Direction.NONE, Role.DESCRIPTIVE,
            r -> r.durationS() > 0 ? r.cpuS() / r.durationS() : Double.NaN),
    RPS_PER_CPU_S(Metrics.RPS_PER_CPU_S, Quantity.RPS_PER_CPU_S, Direction.HIGHER, Role.DESCRIPTIVE,
            r -> r.cpuS() > 0 ? r.requests() / r.cpuS() : Double.NaN),
    /** Mean power over the load window: a sample for the energy table, never in group_stats.csv or the tests. */
    MEAN_POWER_W(Metrics.MEAN_POWER_W, Quantity.POWER_W, Direction.NONE, Role.SAMPLE, r -> r.meanPowerW()),

    // analysis.md 4: the weighted aggregates under a mix (weighted.csv's columns, in its order)
    W_RPS("w_rps", Quantity.RPS, Direction.HIGHER, RPS),
    W_PEAK_MIB("w_peak_mib", Quantity.MIB, Direction.LOWER, PEAK_RSS_MIB),
    W_RPS_PER_MIB("w_rps_per_mib", Quantity.RPS_PER_MIB, Direction.HIGHER, RPS_PER_MIB),
    W_P99_MS("w_p99_ms", Quantity.LATENCY_MS, Direction.LOWER, LAT_P99_MS),
    /** The weighted median of energy per request: a bootstrap of its own (the others combine group medians). */
    W_ENERGY_MJ("w_energy_mj", Quantity.ENERGY_MJ, Direction.LOWER, ENERGY_MJ_PER_REQ),

    // analysis.md 4: the ratios' rows with an empty mix (stack_pooled.csv's medians, the sweep's peak)
    POOLED_IDLE_RSS_MIB(Metrics.IDLE_RSS_MIB, Quantity.MIB, Direction.LOWER, Role.POOLED, IDLE_RSS_MIB),
    POOLED_STARTUP_MS(Metrics.STARTUP_MS, Quantity.STARTUP_MS, Direction.LOWER, Role.POOLED, STARTUP_MS),
    SWEEP_PEAK_RPS("sweep_peak_rps", Quantity.RPS, Direction.HIGHER, Role.POOLED, RPS);

    /** Whether a larger value is better; NONE for a descriptive value that ranks nothing. */
    public enum Direction { HIGHER, LOWER, NONE }

    /** Where the metric enters the analysis. */
    public enum Role {
        /** analysis.md 2-3: group statistics with a CI at every n, and the tests. */
        TESTED,
        /** analysis.md 2: group statistics only (CI from min_n on), never tested or weighted. */
        DESCRIPTIVE,
        /** Group samples only (the energy table), no statistics. */
        SAMPLE,
        /** analysis.md 4: a weighted aggregate of group medians under a mix. */
        WEIGHTED,
        /** analysis.md 4: a ratio row with an empty mix (stack-pooled median or sweep peak). */
        POOLED
    }

    /**
     * The columns of a run a metric is read from (analysis.RunRow has them): missing numbers are
     * NaN, sizes in KiB as data.md stores them.
     */
    public interface Run {
        double rps();

        double latP50Ms();

        double latP90Ms();

        double latP99Ms();

        double startupMs();

        double idleRssKib();

        double peakRssKib();

        double idlePssKib();

        double peakPssKib();

        double energyJ();

        double meanPowerW();

        double requests();

        double cpuS();

        double durationS();
    }

    private final String id;
    private final Quantity quantity;
    private final Direction direction;
    private final Role role;
    private final java.util.function.ToDoubleFunction<Run> reader;
    private final Metric of;

    Metric(String id, Quantity quantity, Direction direction, Role role, java.util.function.ToDoubleFunction<Run> reader) {
        this.id = id;
        this.quantity = quantity;
        this.direction = direction;
        this.role = role;
        this.reader = reader;
        this.of = null;
    }

    Metric(String id, Quantity quantity, Direction direction, Metric of) {
        this(id, quantity, direction, Role.WEIGHTED, of);
    }

    Metric(String id, Quantity quantity, Direction direction, Role role, Metric of) {
        this.id = id;
        this.quantity = quantity;
        this.direction = direction;
        this.role = role;
        this.reader = null;
        this.of = of;
    }

    private static double mib(double kib) {
        return kib / Metrics.KIB_PER_MIB;
    }

    /** The id of the tidy CSVs (group_stats.csv's metric, weighted.csv's column, ratios.csv's metric). */
    public String id() {
        return id;
    }

    public Quantity quantity() {
        return quantity;
    }

    public Direction direction() {
        return direction;
    }

    public boolean higherIsBetter() {
        return direction == Direction.HIGHER;
    }

    public Role role() {
        return role;
    }

    /** True for a per-run metric (read from a run); false for an aggregate of one. */
    public boolean perRun() {
        return reader != null;
    }

    /** The per-run metric a weighted or pooled one aggregates; itself for a per-run metric. */
    public Metric base() {
        return of == null ? this : of;
    }

    /** The run's value; NaN where a column it needs is missing. */
    public double read(Run run) {
        if (reader == null) throw new IllegalStateException(id + " is not read from a run but aggregated from " + of.id);
        return reader.applyAsDouble(run);
    }

    /**
     * group_stats.csv's order of a metric id (analysis.md's: the tested metrics, then the
     * descriptive ones); any other id after them.
     */
    public static int order(String id) {
        Metric m = perRun(id);
        return m != null && (m.role == Role.TESTED || m.role == Role.DESCRIPTIVE) ? m.ordinal() : GROUP_STATS_SIZE;
    }

    private static final int GROUP_STATS_SIZE =
            (int) Arrays.stream(values()).filter(m -> m.role == Role.TESTED || m.role == Role.DESCRIPTIVE).count();

    /** The metrics of a role, in declaration order (analysis.md's). */
    public static List<Metric> withRole(Role role) {
        return Arrays.stream(values()).filter(m -> m.role == role).toList();
    }

    private static final Map<String, Metric> PER_RUN = Arrays.stream(values()).filter(Metric::perRun)
            .collect(Collectors.toUnmodifiableMap(Metric::id, Function.identity()));
    private static final Map<String, Metric> AGGREGATE = Arrays.stream(values()).filter(m -> m.role == Role.WEIGHTED || m.role == Role.POOLED)
            .collect(Collectors.toUnmodifiableMap(Metric::id, Function.identity()));

    /** The per-run metric of this id (group_stats.csv's vocabulary); null for none. */
    public static Metric perRun(String id) {
        return PER_RUN.get(id);
    }

    /**
     * The metric of a ratios.csv or units.csv row (weighted, pooled or sweep; idle_rss_mib and
     * startup_ms are the pooled ones); null for none.
     */
    public static Metric aggregate(String id) {
        return AGGREGATE.get(id);
    }

    /** The weighted aggregate's value in a weighted.csv row. */
    public Estimate in(Weighted w) {
        return switch (this) {
            case W_RPS -> w.wRps();
            case W_PEAK_MIB -> w.wPeakMib();
            case W_RPS_PER_MIB -> w.wRpsPerMib();
            case W_P99_MS -> w.wP99Ms();
            case W_ENERGY_MJ -> w.wEnergyMj();
            default -> throw new IllegalArgumentException("not a weighted metric: " + id);
        };
    }
}
