package dev.tpm.results;

import dev.tpm.model.Endpoints;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A metric name of reference/published.csv's paper rows, parsed once into what it names (the
 * vocabulary agreed with whoever fills published.csv; analysis.ReplicationLookup reads the value,
 * the replication table its quantity):
 * <ul>
 *   <li>{@link Aggregate}: a weighted aggregate under the declared mix ({@code w_rps}, ...) or a
 *       stack-pooled median ({@code idle_rss_mib}, {@code startup_ms}); {@link Artifact}: {@code artifact_mib}</li>
 *   <li>{@link Sweep}: {@code rps_c<N>} and {@code p99_ms_c<N>}, medians at concurrency N;
 *       {@link SweepSummary}: {@code peak_rps}, {@code min_rps}, {@code plateau_concurrency}</li>
 *   <li>{@link Memory}: {@code first_mib}, ..., {@code drops_per_min}</li>
 *   <li>{@link PeakRange}: {@code peak_rss_mib_min_endpoint}, {@code peak_rss_mib_max_endpoint}</li>
 *   <li>{@link Group}: a group median {@code <metric>:<endpoint>}; {@link Higher}:
 *       {@code endpoints_higher:<metric>:<other>}</li>
 *   <li>{@link Posthoc}: the device's post-hoc family; {@link StackRatio}: {@code <name>/<other>}</li>
 *   <li>{@link Unknown}: anything else</li>
 * </ul>
 * {@link #form()} and {@link #within()} give the replication table's order.
 */
public sealed interface PaperName {
    /** The quantity its value is printed as. */
    Quantity quantity();

    /** The order of the forms: weighted, pooled, sweep, sweep summary, memory, peak range, group, higher, post-hoc, ratio, unknown. */
    int form();

    /** The order within a form. */
    default long within() {
        return 0;
    }

    /** The phase whose measured rows the value comes from: 2 for the sweep's, 3 for memory's, 1 otherwise. */
    default int phase() {
        return 1;
    }

    /** A weighted (form 0) or pooled (form 1) metric. */
    record Aggregate(Metric metric) implements PaperName {
        public Quantity quantity() {
            return metric.quantity();
        }

        public int form() {
            return metric.role() == Metric.Role.WEIGHTED ? 0 : 1;
        }

        public long within() {
            return metric.role() == Metric.Role.WEIGHTED ? WEIGHTED.indexOf(metric) : POOLED.indexOf(metric);
        }
    }

    /** {@code artifact_mib}: the stack's artifact size (stack_pooled.csv). */
    record Artifact() implements PaperName {
        public Quantity quantity() {
            return Quantity.MIB;
        }

        public int form() {
            return 1;
        }

        public long within() {
            return POOLED.size();
        }
    }

    /**
     * A sweep median at a concurrency; {@code concurrency} is -1 when its digits do not make an int
     * (no value), {@code order} the concurrency for ordering (capped).
     */
    record Sweep(boolean rps, int concurrency, long order) implements PaperName {
        public int phase() {
            return 2;
        }

        public Quantity quantity() {
            return rps ? Quantity.RPS : Quantity.LATENCY_MS;
        }

        public int form() {
            return 2;
        }

        public long within() {
            return order * 2 + (rps ? 0 : 1);
        }
    }

    enum SweepSummaryKind {
        PEAK_RPS("peak_rps", Quantity.RPS), MIN_RPS("min_rps", Quantity.RPS), PLATEAU_CONCURRENCY("plateau_concurrency", Quantity.COUNT);

        final String id;
        final Quantity quantity;

        SweepSummaryKind(String id, Quantity quantity) {
            this.id = id;
            this.quantity = quantity;
        }
    }

    record SweepSummary(SweepSummaryKind kind) implements PaperName {
        public int phase() {
            return 2;
        }

        public Quantity quantity() {
            return kind.quantity;
        }

        public int form() {
            return 3;
        }

        public long within() {
            return kind.ordinal();
        }
    }

    /**
     * memory.csv's values, and the rates that compare across windows of different length:
     * growth_mib_per_min = growth_mib / duration_s x 60, drops_per_min = drops / (series x duration_s) x 60.
     */
    enum MemoryKind {
        FIRST_MIB("first_mib", Quantity.MIB), MIN_MIB("min_mib", Quantity.MIB), MAX_MIB("max_mib", Quantity.MIB),
        LAST_MIB("last_mib", Quantity.MIB), GROWTH_MIB("growth_mib", Quantity.MIB), DROPS("drops", Quantity.COUNT),
        GROWTH_MIB_PER_MIN("growth_mib_per_min", Quantity.PER_MINUTE), DROPS_PER_MIN("drops_per_min", Quantity.PER_MINUTE);

        final String id;
        final Quantity quantity;

        MemoryKind(String id, Quantity quantity) {
            this.id = id;
            this.quantity = quantity;
        }
    }

    record Memory(MemoryKind kind) implements PaperName {
        public int phase() {
            return 3;
        }

        public Quantity quantity() {
            return kind.quantity;
        }

        public int form() {
            return 4;
        }

        public long within() {
            return kind.ordinal();
        }
    }

    /** The smallest ({@code max} false) or largest of the five CRUD endpoints' median peak RSS. */
    record PeakRange(boolean max) implements PaperName {
        public Quantity quantity() {
            return Quantity.MIB;
        }

        public int form() {
            return 5;
        }

        public long within() {
            return max ? 1 : 0;
        }
    }

    /**
     * A group median; {@code metric} is group_stats.csv's id ({@link #tested()}: the metric when it
     * is a tested one, the only ones the lookup reads).
     */
    record Group(String metric, String endpoint) implements PaperName {
        public Quantity quantity() {
            Metric m = Metric.perRun(metric);
            return m == null ? Quantity.RATIO : m.quantity();
        }

        public int form() {
            return 6;
        }

        public long within() {
            return (long) Metric.order(metric) * 100 + Endpoints.order(endpoint);
        }

        public Metric tested() {
            return PaperName.tested(metric);
        }
    }

    /** On how many of the five CRUD endpoints the stack's group median is above the other stack's. */
    record Higher(String metric, String other) implements PaperName {
        public Quantity quantity() {
            return Quantity.COUNT;
        }

        public int form() {
            return 7;
        }

        public Metric tested() {
            return PaperName.tested(metric);
        }
    }

    enum PosthocKind {
        COMPARISONS("posthoc_comparisons", Quantity.COUNT), SIGNIFICANT("posthoc_significant", Quantity.COUNT),
        SIGNIFICANT_SHARE("posthoc_significant_share", Quantity.RATIO);

        final String id;
        final Quantity quantity;

        PosthocKind(String id, Quantity quantity) {
            this.id = id;
            this.quantity = quantity;
        }
    }

    /** The device's post-hoc family (stack {@code all} or empty in published.csv). */
    record Posthoc(PosthocKind kind) implements PaperName {
        public Quantity quantity() {
            return kind.quantity;
        }

        public int form() {
            return 8;
        }

        public long within() {
            return kind.ordinal();
        }
    }

    /** The stack's value of {@code single} over the other stack's. */
    record StackRatio(PaperName single, String other) implements PaperName {
        public int phase() {
            return single.phase();
        }

        public Quantity quantity() {
            return Quantity.RATIO;
        }

        public int form() {
            return 9;
        }
    }

    record Unknown(String name) implements PaperName {
        public Quantity quantity() {
            return Quantity.RATIO;
        }

        public int form() {
            return 10;
        }
    }

    /** The weighted metrics in weighted.csv's order, and the pooled medians in stack_pooled.csv's. */
    List<Metric> WEIGHTED = Metric.withRole(Metric.Role.WEIGHTED);
    List<Metric> POOLED = List.of(Metric.POOLED_IDLE_RSS_MIB, Metric.POOLED_STARTUP_MS);

    /** The stack of published.csv's rows about the device's whole post-hoc family. */
    String ALL_STACKS = "all";

    /** The name parsed; never null ({@link Unknown} for a name outside the vocabulary). */
    static PaperName parse(String name) {
        Matcher ratio = Patterns.RATIO.matcher(name);
        if (ratio.matches()) return new StackRatio(parse(ratio.group(1)), ratio.group(2));
        return single(name);
    }

    private static PaperName single(String name) {
        for (Metric m : WEIGHTED) if (m.id().equals(name)) return new Aggregate(m);
        for (Metric m : POOLED) if (m.id().equals(name)) return new Aggregate(m);
        if (name.equals("artifact_mib")) return new Artifact();
        for (SweepSummaryKind k : SweepSummaryKind.values()) if (k.id.equals(name)) return new SweepSummary(k);
        for (MemoryKind k : MemoryKind.values()) if (k.id.equals(name)) return new Memory(k);
        if (name.equals("peak_rss_mib_min_endpoint")) return new PeakRange(false);
        if (name.equals("peak_rss_mib_max_endpoint")) return new PeakRange(true);
        for (PosthocKind k : PosthocKind.values()) if (k.id.equals(name)) return new Posthoc(k);
        Matcher sweep = Patterns.SWEEP.matcher(name);
        if (sweep.matches()) {
            String digits = sweep.group(2);
            long order = digits.length() > 12 ? Long.MAX_VALUE / 2 : Long.parseLong(digits);
            int c = order <= Integer.MAX_VALUE ? (int) order : -1;
            return new Sweep(sweep.group(1).equals("rps"), c, order);
        }
        Matcher group = Patterns.GROUP.matcher(name);
        if (group.matches()) return new Group(group.group(1), group.group(2));
        Matcher higher = Patterns.HIGHER.matcher(name);
        if (higher.matches()) return new Higher(higher.group(1), higher.group(2));
        return new Unknown(name);
    }

    /** The tested metric of this id (analysis.md 2-3), null for any other name. */
    private static Metric tested(String id) {
        Metric m = Metric.perRun(id);
        return m != null && m.role() == Metric.Role.TESTED ? m : null;
    }

    /** The name's patterns. */
    final class Patterns {
        static final Pattern HIGHER = Pattern.compile("endpoints_higher:([a-z0-9_]+):([A-Za-z0-9._+-]+)");
        static final Pattern RATIO = Pattern.compile("([^/]+)/([A-Za-z0-9._+-]+)");
        static final Pattern SWEEP = Pattern.compile("(rps|p99_ms)_c([0-9]+)");
        static final Pattern GROUP = Pattern.compile("([a-z0-9_]+):([a-z0-9_]+)");

        private Patterns() {}
    }
}
