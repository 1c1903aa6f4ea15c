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
 * <p>Reading of the capacity rule where analysis.md leaves room: the rates of a (stack, endpoint)
 * are every offered rate at which it has a phase-4 run other than a warm-up. A rate at which every
 * such run was excluded (failed, discarded, error_rate, throttled: what an overloaded server
 * typically produces) has no row in offered_load.csv, but it does not meet the target: a server
 * that crashes or errors at a rate does not serve it within the target, and leaving the rate out
 * would let the capacity jump over it. A group whose median p99 is missing does not meet it either.
 */
final class OfferedLoadAnalysis {
    static final String KEY_OFFERED = "offered_load";

    /** One phase-4 row as the analysis reads it: section 1's fields and the two phase-4 columns. */
    record Run(RunRow row, double offeredRps, double latP999Ms) {}

    private record Group(String stack, String endpoint, double offeredRps, int n, double[] rps, double[] p50,
            double[] p90, double[] p99, double[] p999, double[] peak, BootstrapPlan.Handle p99Job) {}

    /** The rows of one (stack, endpoint, rate) other than warm-ups that were all excluded. */
    private record Unmeasured(String stack, String endpoint, double offeredRps, Map<ExclusionReason, Integer> reasons) {}

    private final String device;
    private final AnalysisConfig cfg;
    private final Comparator<String> stackOrder;
    private final List<Group> groups = new ArrayList<>();
    private final List<Unmeasured> unmeasured = new ArrayList<>();

    OfferedLoadAnalysis(String device, AnalysisConfig cfg, Comparator<String> stackOrder) {
        this.device = device;
        this.cfg = cfg;
        this.stackOrder = stackOrder;
    }

    /** Every row of phase4.csv, each with the study of its campaign (paper when absent), in table order. */
    static List<Run> read(List<RunRecord> table, Map<String, String> studyOfCampaign) {
        List<RunRow> rows = RunRow.read(table, studyOfCampaign);
        List<Run> out = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            dev.tpm.model.RunRow r = table.get(i).row();
            out.add(new Run(rows.get(i), r.offeredRps(), r.latP999Ms()));
        }
        return out;
    }

    /** The analysis rows of the runs, for run classification (exclusions.csv lists phase 4 as the other phases). */
    static List<RunRow> rows(List<Run> runs) {
        return runs.stream().map(Run::row).toList();
    }

    /** Groups the measured runs of {@code runs} (this device's phase-4 rows) and registers their bootstraps. */
    void plan(List<Run> runs, BootstrapPlan plan) {
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
                ExclusionReason why = RunFilter.reason(r.row(), cfg.maxErrorRate());
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
            double[] p99 = DeviceAnalysis.values(measured, Metrics.LAT_P99_MS);
            BootstrapPlan.Handle job = p99.length == 0 || p99.length < cfg.minN() ? null
                    : plan.median(p99, false, KEY_OFFERED, device, stack, endpoint, Num.csv(rate), Metrics.LAT_P99_MS);
            double[] p999 = measuredRuns.stream().mapToDouble(Run::latP999Ms).filter(v -> !Double.isNaN(v)).toArray();
            groups.add(new Group(stack, endpoint, rate, measured.size(), DeviceAnalysis.values(measured, Metrics.RPS),
                    DeviceAnalysis.values(measured, Metrics.LAT_P50_MS), DeviceAnalysis.values(measured, Metrics.LAT_P90_MS),
                    p99, p999, DeviceAnalysis.values(measured, Metrics.PEAK_RSS_MIB), job));
        })));
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
        record Rate(double rps, OfferedLoad point, Unmeasured none) {}
        Map<String, Map<String, TreeMap<Double, Rate>>> byCell = new TreeMap<>(stackOrder);
        for (OfferedLoad p : points) {
            byCell.computeIfAbsent(p.stack(), k -> new TreeMap<>(DeviceAnalysis.endpointComparator()))
                    .computeIfAbsent(p.endpoint(), k -> new TreeMap<>()).put(p.offeredRps(), new Rate(p.offeredRps(), p, null));
        }
        for (Unmeasured u : unmeasured) {
            Map<String, TreeMap<Double, Rate>> e = byCell.get(u.stack());
            TreeMap<Double, Rate> rates = e == null ? null : e.get(u.endpoint());
            if (rates != null) rates.put(u.offeredRps(), new Rate(u.offeredRps(), null, u));
        }
        List<Capacity> out = new ArrayList<>();
        byCell.forEach((stack, byEndpoint) -> byEndpoint.forEach((endpoint, rates) -> {
            double capacity = Double.NaN;
            double peak = Double.NaN;
            double failing = Double.NaN;
            String reason = "";
            for (Rate r : rates.values()) {
                if (r.point() != null && r.point().meetsTarget()) {
                    capacity = r.rps();
                    peak = r.point().peakRssMib();
                    continue;
                }
                failing = r.rps();
                reason = r.point() != null ? failReason(r.point()) : unmeasuredReason(r.none());
                break;
            }
            out.add(new Capacity(device, stack, endpoint, cfg.latencySloMs(), capacity, failing, peak, capacity / peak, reason));
        }));
        return out;
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

    private static String unmeasuredReason(Unmeasured u) {
        List<String> why = new ArrayList<>();
        u.reasons().forEach((r, n) -> why.add(n + " " + r.id));
        return "no measured run (" + String.join(", ", why) + ")";
    }

    private static double median(double[] v) {
        return v.length == 0 ? Double.NaN : Quantiles.median(v);
    }
}
