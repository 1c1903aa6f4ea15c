package dev.tpm.analysis;

import dev.tpm.model.Metrics;
import dev.tpm.results.GroupStat;
import dev.tpm.results.WarmCold;
import dev.tpm.stats.Interval;
import dev.tpm.stats.Quantiles;
import dev.tpm.stats.Summary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * analysis.md 12: the steady state of phase 5. Groups are (stack, endpoint) of one device's
 * measured phase-5 runs; each metric's median bootstrap draws from a stream keyed with the phase
 * as well, so it never shares a stream with phase 1's group. Warm against cold divides replicate
 * b of the phase-5 group's bootstrap by replicate b of the phase-1 group's (the replicates behind
 * group_stats.csv's CI), two independent streams.
 */
final class SteadyAnalysis {
    /** The metrics of steady_stats.csv, in group_stats.csv's metric order. */
    static final List<String> METRICS = List.of(Metrics.RPS, Metrics.LAT_P50_MS, Metrics.LAT_P99_MS, Metrics.PEAK_RSS_MIB);
    /** The metrics whose replicates warm_cold.csv divides. */
    static final List<String> RATIO_METRICS = List.of(Metrics.RPS, Metrics.LAT_P99_MS);
    /** Stream-key part naming phase 5. */
    static final String KEY_PHASE5 = "phase5";

    private record Group(String stack, String endpoint, String metric, double[] values, BootstrapPlan.Handle job) {}

    private final String device;
    private final int minN;
    private final Map<List<String>, Group> groups;

    private SteadyAnalysis(String device, int minN, Map<List<String>, Group> groups) {
        this.device = device;
        this.minN = minN;
        this.groups = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(groups));
    }

    /**
     * Registers the bootstraps of every (stack, endpoint, metric) with values; groups of fewer than
     * min_n runs get none (no CI, no ratio interval).
     *
     * @param measured5 the device's measured phase-5 runs
     */
    static SteadyAnalysis plan(String device, int minN, List<RunRow> measured5, Comparator<String> stackOrder, BootstrapPlan plan) {
        Map<List<String>, Group> groups = new LinkedHashMap<>();
        Map<String, Map<String, List<RunRow>>> cells = new TreeMap<>(stackOrder);
        for (RunRow r : measured5) {
            cells.computeIfAbsent(r.stack(), k -> new TreeMap<>(DeviceAnalysis.endpointComparator()))
                    .computeIfAbsent(r.endpoint(), k -> new ArrayList<>()).add(r);
        }
        cells.forEach((stack, byEndpoint) -> byEndpoint.forEach((endpoint, runs) -> {
            for (String metric : METRICS) {
                double[] values = DeviceAnalysis.values(runs, metric);
                if (values.length == 0) continue;
                BootstrapPlan.Handle job = values.length < minN ? null
                        : plan.median(values, RATIO_METRICS.contains(metric), DeviceAnalysis.KEY_GROUP, device, KEY_PHASE5, stack,
                                endpoint, metric);
                groups.put(List.of(stack, endpoint, metric), new Group(stack, endpoint, metric, values, job));
            }
        }));
        return new SteadyAnalysis(device, minN, groups);
    }

    /** Whether phase 1's (stack, endpoint) group of this metric must keep its replicates for warm_cold.csv. */
    boolean needsCold(String stack, String endpoint, String metric) {
        return RATIO_METRICS.contains(metric) && groups.containsKey(List.of(stack, endpoint, metric));
    }

    /** steady_stats.csv's rows: stacks in stack order, endpoints in endpoint order, metrics in group_stats' order. */
    List<GroupStat> stats(BootstrapPlan plan) {
        List<GroupStat> out = new ArrayList<>();
        for (Group g : groups.values()) {
            Summary s = Summary.of(g.values());
            Interval ci = g.job() == null ? Interval.MISSING : plan.interval(g.job());
            out.add(new GroupStat(device, g.stack(), g.endpoint(), g.metric(), s.n(), s.median(), s.mean(), s.sd(), s.q1(), s.q3(),
                    s.min(), s.max(), ci.lo(), ci.hi(), s.n() < minN, dev.tpm.stats.MedianCoverage.of(g.values(), ci.lo(), ci.hi())));
        }
        return out;
    }

    /**
     * warm_cold.csv's rows: each (stack, endpoint) with measured runs in both phases.
     *
     * @param cold phase 1's group of (stack, endpoint, metric): its values and its job (null below min_n)
     */
    List<WarmCold> warmCold(BootstrapPlan plan, java.util.function.Function<List<String>, DeviceAnalysis.Group> cold) {
        List<WarmCold> out = new ArrayList<>();
        for (Group g : groups.values()) {
            if (!g.metric().equals(Metrics.RPS)) continue;
            DeviceAnalysis.Group coldRps = cold.apply(List.of(g.stack(), g.endpoint(), Metrics.RPS));
            if (coldRps == null) continue;
            double[] rps = ratio(plan, g, coldRps);
            Group warmP99 = groups.get(List.of(g.stack(), g.endpoint(), Metrics.LAT_P99_MS));
            DeviceAnalysis.Group coldP99 = cold.apply(List.of(g.stack(), g.endpoint(), Metrics.LAT_P99_MS));
            double[] p99 = warmP99 == null || coldP99 == null ? new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN} : ratio(plan, warmP99, coldP99);
            out.add(new WarmCold(device, g.stack(), g.endpoint(), rps[0], rps[1], rps[2], rps[3], rps[4], p99[0], p99[1], p99[2],
                    p99[3], p99[4]));
        }
        return out;
    }

    /** cold median, warm median, warm / cold and its interval (empty when either group is below min_n). */
    private double[] ratio(BootstrapPlan plan, Group warm, DeviceAnalysis.Group cold) {
        double c = Quantiles.median(cold.values());
        double w = Quantiles.median(warm.values());
        Interval ci = Interval.MISSING;
        if (warm.job() != null && cold.job() != null && cold.values().length >= minN) {
            double[] wr = plan.replicates(warm.job());
            double[] cr = plan.replicates(cold.job());
            double[] r = new double[wr.length];
            for (int b = 0; b < r.length; b++) r[b] = wr[b] / cr[b];
            ci = plan.interval(r);
        }
        return new double[] {c, w, w / c, ci.lo(), ci.hi()};
    }
}
