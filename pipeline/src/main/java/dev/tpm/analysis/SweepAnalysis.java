package dev.tpm.analysis;

import dev.tpm.results.Metric;
import dev.tpm.model.Metrics;
import dev.tpm.results.Ratio;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.SweepSummary;
import dev.tpm.stats.Quantiles;
import dev.tpm.stats.SweepCurve;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeSet;

/**
 * analysis.md 5: phase 2 grouped by (device, stack, concurrency), runs of every endpoint pooled;
 * CIs only for groups of at least min_n values. Used in two steps around the parallel bootstrap.
 */
final class SweepAnalysis {
    static final String KEY_SWEEP = "sweep";

    private record Level(String stack, int concurrency, int n, double[] rps, double[] p99, double[] peak,
            BootstrapPlan.Handle rpsJob, BootstrapPlan.Handle p99Job, List<String> endpoints) {}

    private final String device;
    private final List<Level> levels;

    private SweepAnalysis(String device, List<Level> levels) {
        this.device = device;
        this.levels = List.copyOf(levels);
    }

    /**
     * Step 1: one level per (stack, concurrency), its bootstraps registered in {@code plan} from
     * min_n runs on.
     *
     * @param measured2 measured phase-2 runs; @param stacks their stacks in stack order
     */
    static SweepAnalysis plan(String device, int minN, List<RunRow> measured2, List<String> stacks, BootstrapPlan plan) {
        List<Level> levels = new ArrayList<>();
        for (String stack : stacks) {
            TreeSet<Integer> cs = new TreeSet<>();
            measured2.stream().filter(r -> r.stack().equals(stack)).forEach(r -> cs.add(r.concurrency()));
            for (int c : cs) {
                List<RunRow> runs = measured2.stream().filter(r -> r.stack().equals(stack) && r.concurrency() == c).toList();
                double[] rps = DeviceAnalysis.values(runs, Metrics.RPS);
                double[] p99 = DeviceAnalysis.values(runs, Metrics.LAT_P99_MS);
                double[] peak = DeviceAnalysis.values(runs, Metrics.PEAK_RSS_MIB);
                String level = Integer.toString(c);
                levels.add(new Level(stack, c, runs.size(), rps, p99, peak,
                        rps.length < minN || rps.length == 0 ? null : plan.median(rps, true, KEY_SWEEP, device, stack, level, Metrics.RPS),
                        p99.length < minN || p99.length == 0 ? null : plan.median(p99, false, KEY_SWEEP, device, stack, level, Metrics.LAT_P99_MS),
                        List.copyOf(new TreeSet<>(runs.stream().map(RunRow::endpoint).toList()))));
            }
        }
        return new SweepAnalysis(device, levels);
    }

    List<SweepPoint> points(BootstrapPlan plan) {
        List<SweepPoint> out = new ArrayList<>();
        for (Level g : levels) {
            double peak = g.peak().length == 0 ? Double.NaN : Quantiles.median(g.peak());
            out.add(new SweepPoint(device, g.stack(), g.concurrency(), g.n(), DeviceAnalysis.estimate(plan, g.rps(), g.rpsJob()),
                    DeviceAnalysis.estimate(plan, g.p99(), g.p99Job()), peak, g.endpoints()));
        }
        return out;
    }

    /**
     * ratios.csv's sweep_peak_rps rows (analysis.md 4): each stack's group at its own peak
     * concurrency, only groups with n &gt;= min_n (the ones with a CI), from the replicates of
     * that CI.
     */
    List<Ratio> ratios(List<SweepSummary> summaries, BootstrapPlan plan) {
        List<RatioAnalysis.Candidate> candidates = new ArrayList<>();
        for (SweepSummary s : summaries) {
            for (Level g : levels) {
                if (g.stack().equals(s.stack()) && g.concurrency() == s.peakConcurrency() && g.rpsJob() != null) {
                    candidates.add(new RatioAnalysis.Candidate(g.stack(), Quantiles.median(g.rps()), plan.replicates(g.rpsJob())));
                }
            }
        }
        return RatioAnalysis.of(device, "", Metric.SWEEP_PEAK_RPS, candidates, plan::interval);
    }

    /** Peak throughput and plateau per stack, over the levels with a median rps. */
    static List<SweepSummary> summaries(String device, List<SweepPoint> sweep, double plateauGain) {
        Map<String, List<SweepPoint>> byStack = new LinkedHashMap<>();
        for (SweepPoint p : sweep) {
            if (!p.rps().isMissing()) byStack.computeIfAbsent(p.stack(), k -> new ArrayList<>()).add(p);
        }
        List<SweepSummary> out = new ArrayList<>();
        for (Map.Entry<String, List<SweepPoint>> e : byStack.entrySet()) {
            int[] c = e.getValue().stream().mapToInt(SweepPoint::concurrency).toArray();
            double[] rps = e.getValue().stream().mapToDouble(p -> p.rps().value()).toArray();
            SweepCurve.Peak peak = SweepCurve.peak(c, rps);
            OptionalInt plateau = SweepCurve.plateau(c, rps, plateauGain);
            out.add(new SweepSummary(device, e.getKey(), peak.rps(), peak.concurrency(), plateau.isPresent() ? plateau.getAsInt() : null));
        }
        return out;
    }
}
