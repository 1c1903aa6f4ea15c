package dev.tpm.analysis;

import dev.tpm.results.Metric;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Metrics;
import dev.tpm.model.Mix;
import dev.tpm.results.Estimate;
import dev.tpm.results.Ratio;
import dev.tpm.results.Weighted;
import dev.tpm.stats.Interval;
import dev.tpm.stats.Quantiles;
import dev.tpm.stats.Ranks;
import dev.tpm.stats.StratifiedBootstrap;
import dev.tpm.stats.WeightedStats;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * analysis.md 4: the weighted aggregates of every listed stack under every mix. An endpoint of
 * weight 0 is not needed; an endpoint of positive weight with fewer than min_n measured runs
 * empties the row, and {@code missing} says why. Two steps around the parallel bootstrap: {@link
 * #plan} registers the energy bootstraps (energy is a bootstrap of its own; the weighted medians
 * reuse the group bootstraps' replicates) and is immutable from then on; {@link #rows} computes
 * the rows and the replicates behind them, which {@link #ratios} takes as they are.
 */
final class WeightedAggregates {
    /** One stack under one mix. */
    record Cell(String mix, String stack) {}

    /** A row's five aggregates, in weighted.csv's order. */
    private record Aggregates(Estimate rps, Estimate peakMib, Estimate rpsPerMib, Estimate p99Ms, Estimate energyMj) {
        static final Aggregates MISSING =
                new Aggregates(Estimate.MISSING, Estimate.MISSING, Estimate.MISSING, Estimate.MISSING, Estimate.MISSING);
    }

    /**
     * The rows per mix (mixes in code-point order, stacks in stack order) and the replicates of
     * each weighted metric per cell that has them, for {@link #ratios}.
     */
    record Rows(Map<String, List<Weighted>> byMix, Map<Cell, Map<Metric, double[]>> replicates) {
        Rows {
            byMix = java.util.Collections.unmodifiableMap(new TreeMap<>(byMix));
            replicates = Map.copyOf(replicates);
        }

        /** The replicates behind a weighted value's CI; null when it has none. */
        double[] replicates(String mix, String stack, Metric metric) {
            return replicates.getOrDefault(new Cell(mix, stack), Map.of()).get(metric);
        }
    }

    private final String device;
    private final List<Mix> mixes;
    private final List<String> listed;
    private final Map<DeviceAnalysis.GroupKey, DeviceAnalysis.Group> groups;
    private final RunClassification runs;
    private final int minN;
    /** Energy job per cell; absent when the stack lacks energy on an endpoint of positive weight, or lacks runs. */
    private final Map<Cell, BootstrapPlan.Handle> energyJobs;

    private WeightedAggregates(String device, List<Mix> mixes, List<String> listed, Map<DeviceAnalysis.GroupKey, DeviceAnalysis.Group> groups,
            RunClassification runs, int minN, Map<Cell, BootstrapPlan.Handle> energyJobs) {
        this.device = device;
        this.mixes = List.copyOf(mixes);
        this.listed = List.copyOf(listed);
        this.groups = groups;
        this.runs = runs;
        this.minN = minN;
        this.energyJobs = Map.copyOf(energyJobs);
    }

    /**
     * Empty when every CRUD endpoint of positive weight in the mix has at least min_n measured
     * phase-1 runs of the stack; otherwise each short endpoint's reason, in endpoint order, joined
     * by "; ".
     */
    static String missing(Mix mix, String stack, RunClassification runs, int minN) {
        List<String> parts = new ArrayList<>();
        for (String e : Endpoints.CRUD) {
            if (mix.weight(e) > 0 && runs.measured(stack, e) < minN) parts.add(runs.shortfall(stack, e));
        }
        return String.join("; ", parts);
    }

    /**
     * Step 1: registers in {@code plan} the w_energy_mj bootstrap of every (mix, stack) that has
     * min_n runs and energy on each endpoint of positive weight.
     */
    static WeightedAggregates plan(String device, List<Mix> mixes, List<String> listed,
            Map<DeviceAnalysis.GroupKey, DeviceAnalysis.Group> groups, RunClassification runs, int minN, BootstrapPlan plan) {
        Map<Cell, BootstrapPlan.Handle> jobs = new LinkedHashMap<>();
        for (Mix mix : mixes) {
            List<String> needed = needed(mix);
            for (String stack : listed) {
                if (!missing(mix, stack, runs, minN).isEmpty()) continue;
                double[][] strata = energyStrata(groups, stack, needed);
                if (strata == null) continue;
                String[][] keys = new String[needed.size()][];
                for (int e = 0; e < keys.length; e++) {
                    keys[e] = new String[] {DeviceAnalysis.KEY_GROUP, device, stack, needed.get(e), Metrics.ENERGY_MJ_PER_REQ};
                }
                jobs.put(new Cell(mix.name(), stack), plan.weightedMedian(strata, weights(mix, needed), keys));
            }
        }
        return new WeightedAggregates(device, mixes, listed, groups, runs, minN, jobs);
    }

    /** Step 2: the rows per mix and the replicates behind them, from the replicates {@code plan} has drawn. */
    Rows rows(BootstrapPlan plan) {
        Map<String, List<Weighted>> out = new TreeMap<>();
        Map<Cell, Map<Metric, double[]>> replicates = new LinkedHashMap<>();
        for (Mix mix : mixes) {
            List<String> needed = needed(mix);
            double[] w = weights(mix, needed);
            List<Aggregates> est = new ArrayList<>();
            List<String> why = new ArrayList<>();
            for (String stack : listed) {
                String missing = missing(mix, stack, runs, minN);
                why.add(missing);
                if (!missing.isEmpty()) {
                    est.add(Aggregates.MISSING);
                    continue;
                }
                Map<Metric, double[]> reps = new EnumMap<>(Metric.class);
                Estimate energy = Estimate.MISSING;
                BootstrapPlan.Handle job = energyJobs.get(new Cell(mix.name(), stack));
                if (job != null) {
                    double point = StratifiedBootstrap.weightedMedian(energyStrata(groups, stack, needed), w);
                    Interval ci = plan.interval(job);
                    energy = new Estimate(point, ci.lo(), ci.hi());
                    reps.put(Metric.W_ENERGY_MJ, plan.replicates(job));
                }
                est.add(new Aggregates(
                        weightedMedians(plan, stack, needed, w, reps, Metric.W_RPS),
                        weightedMedians(plan, stack, needed, w, reps, Metric.W_PEAK_MIB),
                        weightedMedians(plan, stack, needed, w, reps, Metric.W_RPS_PER_MIB),
                        weightedMedians(plan, stack, needed, w, reps, Metric.W_P99_MS),
                        energy));
                replicates.put(new Cell(mix.name(), stack), reps);
            }
            double[] perMib = est.stream().mapToDouble(e -> e.rpsPerMib().value()).toArray();
            int[] rank = Ranks.competitionDescending(perMib);
            double best = Arrays.stream(perMib).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
            List<Weighted> rows = new ArrayList<>();
            for (int s = 0; s < listed.size(); s++) {
                Aggregates e = est.get(s);
                rows.add(new Weighted(device, mix.name(), listed.get(s), e.rps(), e.peakMib(), e.rpsPerMib(), e.p99Ms(), e.energyMj(),
                        rank[s], best / perMib[s], why.get(s)));
            }
            out.put(mix.name(), rows);
        }
        return new Rows(out, replicates);
    }

    /** The CRUD endpoints of positive weight in the mix, in endpoint order. */
    private static List<String> needed(Mix mix) {
        return Endpoints.CRUD.stream().filter(e -> mix.weight(e) > 0).toList();
    }

    private static double[] weights(Mix mix, List<String> endpoints) {
        return endpoints.stream().mapToDouble(mix::weight).toArray();
    }

    private static double[][] energyStrata(Map<DeviceAnalysis.GroupKey, DeviceAnalysis.Group> groups, String stack,
            List<String> endpoints) {
        double[][] strata = new double[endpoints.size()][];
        for (int e = 0; e < strata.length; e++) {
            DeviceAnalysis.Group g = groups.get(new DeviceAnalysis.GroupKey(stack, endpoints.get(e), Metrics.ENERGY_MJ_PER_REQ));
            if (g == null) return null;
            strata[e] = g.values();
        }
        return strata;
    }

    /**
     * sum_e w_e med_e(metric) with its stratified-bootstrap CI: replicate b combines the group
     * bootstraps' replicate b of each endpoint (independent streams per endpoint = strata).
     * Missing when an endpoint of positive weight has no value; otherwise its replicates go into
     * {@code keep}.
     */
    private Estimate weightedMedians(BootstrapPlan plan, String stack, List<String> endpoints, double[] w,
            Map<Metric, double[]> keep, Metric weightedMetric) {
        String metric = weightedMetric.base().id();
        int k = endpoints.size();
        double[] medians = new double[k];
        double[][] reps = new double[k][];
        for (int e = 0; e < k; e++) {
            DeviceAnalysis.Group g = groups.get(new DeviceAnalysis.GroupKey(stack, endpoints.get(e), metric));
            if (g == null) return Estimate.MISSING;
            medians[e] = Quantiles.median(g.values());
            reps[e] = plan.replicates(g.job());
        }
        double point = WeightedStats.weightedSum(medians, w);
        double[] replicates = StratifiedBootstrap.weightedSumReplicates(reps, w);
        keep.put(weightedMetric, replicates);
        Interval ci = plan.interval(replicates);
        return new Estimate(point, ci.lo(), ci.hi());
    }

    /**
     * ratios.csv's weighted rows (analysis.md 4): per mix (code-point order) and weighted metric
     * (weighted.csv's order), each stack with a value against the best, from the replicates behind
     * {@code rows}.
     */
    List<Ratio> ratios(Rows rows, BootstrapPlan plan) {
        List<Ratio> out = new ArrayList<>();
        for (Map.Entry<String, List<Weighted>> e : rows.byMix().entrySet()) {
            for (Metric metric : Metric.withRole(Metric.Role.WEIGHTED)) {
                List<RatioAnalysis.Candidate> candidates = new ArrayList<>();
                for (Weighted w : e.getValue()) {
                    double v = metric.in(w).value();
                    if (Double.isNaN(v)) continue;
                    candidates.add(new RatioAnalysis.Candidate(w.stack(), v, rows.replicates(e.getKey(), w.stack(), metric)));
                }
                out.addAll(RatioAnalysis.of(device, e.getKey(), metric, candidates, plan::interval));
            }
        }
        return out;
    }
}
