package dev.tpm.analysis;

import dev.tpm.codec.Num;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Metrics;
import dev.tpm.model.RunRecord;
import dev.tpm.results.Capacity;
import dev.tpm.results.Estimate;
import dev.tpm.results.OfferedLoad;
import dev.tpm.stats.Quantiles;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * analysis.md 10: latency and capacity at offered load, from the open-loop runs of phase 4 only
 * (never pooled with phase 1's closed-loop latencies). Group = (device, stack, endpoint,
 * offered_rps) over measured phase-4 runs (section 1's rules); the CI of the median lat_p99_ms is
 * section 2's bootstrap, its stream keyed by {@code offered_load}, the device, stack, endpoint, the
 * offered rate (as {@link Num#csv(double)} writes it) and the metric: a key no other family uses, so
 * every other stream, and every other output, keeps its bytes. Used in two steps around the parallel
 * bootstrap, like {@link SweepAnalysis}.
 *
 * <p>The capacity rule of version 5: the rates of a (stack, endpoint) are every offered rate at
 * which it has a phase-4 run other than a warm-up. A rate at which every such run was excluded
 * (failed, discarded, error_rate, throttled, steal) is unmeasured: it has no row in
 * offered_load.csv and neither meets nor misses the target (version 4 counted it as missing it).
 * See {@link #capacityOf} for the stable and unmeasured rules. A group whose median p99 is missing
 * does not meet the target. A (stack, endpoint) without any measured rate has no capacity row
 * (as in version 4: capacity.csv describes the groups that offered_load.csv has).
 */
final class OfferedLoadAnalysis {
    static final String KEY_OFFERED = "offered_load";

    /**
     * One phase-4 row as the analysis reads it: section 1's fields and the phase-4 columns
     * (prior_load_s: version 6, NaN when absent).
     */
    record Run(RunRow row, double offeredRps, double latP999Ms, double priorLoadS) {
        Run(RunRow row, double offeredRps, double latP999Ms) {
            this(row, offeredRps, latP999Ms, Double.NaN);
        }
    }

    private record Group(String stack, String endpoint, double offeredRps, int n, double[] rps, double[] p50,
            double[] p90, double[] p99, double[] p999, double[] peak, BootstrapPlan.Handle p99Job) {}

    /** The rows of one (stack, endpoint, rate) other than warm-ups that were all excluded. */
    private record Unmeasured(String stack, String endpoint, double offeredRps, Map<ExclusionReason, Integer> reasons) {}

    private final String device;
    private final AnalysisConfig cfg;
    private final Comparator<String> stackOrder;
    private final List<Group> groups;
    private final List<Unmeasured> unmeasured;
    /** The prior_load_s of each (stack, endpoint)'s measured runs, every rate: its warmth (version 6). */
    private final Map<List<String>, List<Double>> priorLoad;

    private OfferedLoadAnalysis(String device, AnalysisConfig cfg, Comparator<String> stackOrder, List<Group> groups,
            List<Unmeasured> unmeasured, Map<List<String>, List<Double>> priorLoad) {
        this.device = device;
        this.cfg = cfg;
        this.stackOrder = stackOrder;
        this.groups = List.copyOf(groups);
        this.unmeasured = List.copyOf(unmeasured);
        Map<List<String>, List<Double>> prior = new java.util.HashMap<>();
        priorLoad.forEach((k, v) -> prior.put(k, List.copyOf(v)));
        this.priorLoad = java.util.Collections.unmodifiableMap(prior);
    }

    /** Every row of phase4.csv, each with the study of its campaign (paper when absent), in table order. */
    static List<Run> read(List<RunRecord> table, Map<String, String> studyOfCampaign, Map<String, StealCpus> cpusOfCampaign) {
        List<RunRow> rows = RunRow.read(table, studyOfCampaign, cpusOfCampaign);
        List<Run> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            dev.tpm.model.RunRow r = table.get(i).row();
            out.add(new Run(rows.get(i), r.offeredRps(), r.latP999Ms(), r.priorLoadS()));
        }
        return out;
    }

    /** The analysis rows of the runs, for run classification (exclusions.csv lists phase 4 as the other phases). */
    static List<RunRow> rows(List<Run> runs) {
        return runs.stream().map(Run::row).toList();
    }

    /**
     * Step 1: groups the measured runs of {@code runs} (this device's phase-4 rows) and registers
     * their bootstraps in {@code plan}.
     */
    static OfferedLoadAnalysis plan(String device, AnalysisConfig cfg, Comparator<String> stackOrder, List<Run> runs,
            BootstrapPlan plan) {
        List<Group> groups = new ArrayList<>();
        List<Unmeasured> unmeasured = new ArrayList<>();
        Map<List<String>, List<Double>> priorLoad = new java.util.HashMap<>();
        Map<String, Map<String, Map<Double, List<Run>>>> cells = new TreeMap<>(stackOrder);
        for (Run r : runs) {
            if (r.row().warmup()) continue;
            cells.computeIfAbsent(r.row().stack(), k -> new TreeMap<>(DeviceAnalysis.endpointComparator()))
                    .computeIfAbsent(r.row().endpoint(), k -> new TreeMap<>()).computeIfAbsent(r.offeredRps(), k -> new ArrayList<>())
                    .add(r);
        }
        cells.forEach((stack, byEndpoint) -> byEndpoint.forEach((endpoint, byRate) -> byRate.forEach((rate, cell) -> {
            List<RunRow> measured = new ArrayList<>();
            List<Run> measuredRuns = new ArrayList<>();
            Map<ExclusionReason, Integer> reasons = new EnumMap<>(ExclusionReason.class);
            for (Run r : cell) {
                ExclusionReason why = RunRules.of(cfg).reason(r.row());
                if (why == null) {
                    measured.add(r.row());
                    measuredRuns.add(r);
                } else {
                    reasons.merge(why, 1, Integer::sum);
                }
            }
            if (measured.isEmpty()) {
                unmeasured.add(new Unmeasured(stack, endpoint, rate, reasons));
                return;
            }
            List<Double> prior = priorLoad.computeIfAbsent(List.of(stack, endpoint), k -> new ArrayList<>());
            measuredRuns.forEach(r -> prior.add(r.priorLoadS()));
            double[] p99 = DeviceAnalysis.values(measured, Metrics.LAT_P99_MS);
            BootstrapPlan.Handle job = p99.length == 0 || p99.length < cfg.minN() ? null
                    : plan.median(p99, false, KEY_OFFERED, device, stack, endpoint, Num.csv(rate), Metrics.LAT_P99_MS);
            double[] p999 = measuredRuns.stream().mapToDouble(Run::latP999Ms).filter(v -> !Double.isNaN(v)).toArray();
            groups.add(new Group(stack, endpoint, rate, measured.size(), DeviceAnalysis.values(measured, Metrics.RPS),
                    DeviceAnalysis.values(measured, Metrics.LAT_P50_MS), DeviceAnalysis.values(measured, Metrics.LAT_P90_MS),
                    p99, p999, DeviceAnalysis.values(measured, Metrics.PEAK_RSS_MIB), job));
        })));
        return new OfferedLoadAnalysis(device, cfg, stackOrder, groups, unmeasured, priorLoad);
    }

    /** offered_load.csv's rows of this device, in (stack, endpoint, offered_rps) order. */
    List<OfferedLoad> points(BootstrapPlan plan) {
        List<OfferedLoad> out = new ArrayList<>();
        for (Group g : groups) {
            double rps = median(g.rps());
            boolean keptUp = keptUp(rps, g.offeredRps(), cfg.keptUpRatio());
            Estimate p99 = DeviceAnalysis.estimate(plan, g.p99(), g.p99Job());
            out.add(new OfferedLoad(device, g.stack(), g.endpoint(), g.offeredRps(), g.n(), rps, median(g.p50()),
                    median(g.p90()), p99, median(g.p999()), median(g.peak()), keptUp,
                    meetsTarget(keptUp, p99.value(), cfg.latencySloMs())));
        }
        return out;
    }

    /** capacity.csv's rows of this device: one per (stack, endpoint) with a measured phase-4 group. */
    List<Capacity> capacity(List<OfferedLoad> points) {
        Map<String, Map<String, TreeMap<Double, OfferedLoad>>> byCell = new TreeMap<>(stackOrder);
        for (OfferedLoad p : points) {
            byCell.computeIfAbsent(p.stack(), k -> new TreeMap<>(DeviceAnalysis.endpointComparator()))
                    .computeIfAbsent(p.endpoint(), k -> new TreeMap<>()).put(p.offeredRps(), p);
        }
        List<Capacity> out = new ArrayList<>();
        byCell.forEach((stack, byEndpoint) -> byEndpoint.forEach((endpoint, measured) -> {
            List<Double> none = unmeasured.stream().filter(u -> u.stack().equals(stack) && u.endpoint().equals(endpoint))
                    .map(Unmeasured::offeredRps).toList();
            List<Double> prior = priorLoad.getOrDefault(List.of(stack, endpoint), List.of());
            out.add(capacityOf(stack, endpoint, measured, none)
                    .withWarm(Capacity.Warm.of(prior.stream().mapToDouble(Double::doubleValue).toArray())));
        }));
        return out;
    }

    /**
     * analysis.md 10, version 5, for one group: {@code measured} its measured rates (ascending) and
     * {@code unmeasuredRates} the rates at which no run is measured.
     *
     * <ul>
     *   <li>capacity_stable = false when a measured rate that meets the target lies above a
     *       measured rate that misses it; the note names the lowest missing rate and the highest
     *       meeting rate above it.</li>
     *   <li>Otherwise, an unmeasured rate below the first measured rate that misses (below the
     *       group's largest rate, measured or not, when none misses) leaves the capacity unknown:
     *       note {@code unmeasured: R}, R the lowest such rate. An unmeasured rate above the first
     *       miss, or at the very top of a group that never misses, changes nothing the measured
     *       rates say (a capacity of "≥ X" stays a true lower bound).</li>
     *   <li>Otherwise version 4's rule over the measured rates.</li>
     * </ul>
     * Rates in a note are whole req/s, rounded half up ("%.0f").
     */
    Capacity capacityOf(String stack, String endpoint, TreeMap<Double, OfferedLoad> measured, List<Double> unmeasuredRates) {
        Double firstMiss = null;
        Double meetsAbove = null;
        for (OfferedLoad p : measured.values()) {
            if (!p.meetsTarget()) {
                if (firstMiss == null) firstMiss = p.offeredRps();
            } else if (firstMiss != null) {
                meetsAbove = p.offeredRps(); // ascending: the last one seen is the highest
            }
        }
        double largest = measured.lastKey();
        for (double u : unmeasuredRates) largest = Math.max(largest, u);
        double limit = firstMiss != null ? firstMiss : largest;
        Double lowestUnmeasured = unmeasuredRates.stream().filter(u -> u < limit).min(Double::compare).orElse(null);
        double slo = cfg.latencySloMs();
        if (meetsAbove != null) {
            return new Capacity(device, stack, endpoint, slo, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "", false,
                    "unstable: misses " + whole(firstMiss) + ", meets " + whole(meetsAbove));
        }
        if (lowestUnmeasured != null) {
            return new Capacity(device, stack, endpoint, slo, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "", true,
                    "unmeasured: " + whole(lowestUnmeasured));
        }
        double capacity = Double.NaN;
        double peak = Double.NaN;
        for (OfferedLoad p : measured.values()) {
            if (!p.meetsTarget()) break;
            capacity = p.offeredRps();
            peak = p.peakRssMib();
        }
        String reason = firstMiss == null ? "" : failReason(measured.get(firstMiss));
        return new Capacity(device, stack, endpoint, slo, capacity, firstMiss == null ? Double.NaN : firstMiss, peak,
                capacity / peak, reason, true, "");
    }

    private static String whole(double rps) {
        return String.format(Locale.ROOT, "%.0f", rps);
    }

    /** kept_up: median achieved rps &gt;= ratio x offered rate (false when the median is missing). */
    static boolean keptUp(double medianRps, double offeredRps, double ratio) {
        return medianRps >= ratio * offeredRps;
    }

    /** A rate meets the target when it kept up and its median p99 is at most the SLO (a missing p99 does not). */
    static boolean meetsTarget(boolean keptUp, double medianP99Ms, double sloMs) {
        return keptUp && medianP99Ms <= sloMs;
    }

    private String failReason(OfferedLoad p) {
        List<String> why = new ArrayList<>();
        if (!p.keptUp()) why.add("did not keep up (" + String.format(Locale.ROOT, "%.0f", p.rps()) + " req/s achieved)");
        if (!(p.latP99Ms().value() <= cfg.latencySloMs())) {
            why.add(Double.isNaN(p.latP99Ms().value()) ? "no p99" : "p99 " + readable(p.latP99Ms().value()) + " ms");
        }
        return String.join(", ", why);
    }

    /** Whole numbers from 100 up, else three significant digits: a reason's number, for reading. */
    private static String readable(double x) {
        return x >= 100 ? String.format(Locale.ROOT, "%.0f", x) : String.format(Locale.ROOT, "%.3g", x);
    }

    private static double median(double[] v) {
        return v.length == 0 ? Double.NaN : Quantiles.median(v);
    }
}
