package dev.tpm.analysis;

import dev.tpm.codec.Seeds;
import dev.tpm.results.Estimate;
import dev.tpm.results.Ratio;
import dev.tpm.results.Unit;
import dev.tpm.stats.Interval;
import dev.tpm.stats.Mt19937;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * analysis.md 11: the units of one model compared and combined. Each unit's value of a metric is
 * its device's point value (weighted.csv or stack_pooled.csv) with the replicates behind that
 * value's CI; the model's replicate b is the mean, over U units drawn with replacement, of a
 * replicate r drawn uniformly from each drawn unit's own B replicates. One stream per model
 * (rng_seed and the key (model_id, "units")) and the same draws for every stack and metric, so
 * that a slow unit slows every stack of a replicate alike.
 */
final class UnitsAnalysis {
    /** Stream-key suffix of a model's two-level bootstrap. */
    static final String KEY_UNITS = "units";

    /** One unit's value of (mix, metric, stack), with its CI and the replicates behind it (null below min_n). */
    record UnitValue(String mix, String metric, String stack, Estimate estimate, double[] replicates) {}

    /** A (mix, metric) of units.csv. */
    private record Criterion(String mix, String metric) {}

    private UnitsAnalysis() {}

    /** The draws of one model: for replicate b and draw u, the unit index and the replicate index. */
    record Draws(int[][] unit, int[][] replicate) {
        /** U units with replacement and a replicate index in 0..B-1 for each, per replicate; draw order: unit then r. */
        static Draws of(long rngSeed, String model, int units, int resamples) {
            Mt19937 rng = new Mt19937(Seeds.derive(rngSeed, model, KEY_UNITS));
            int[][] unit = new int[resamples][units];
            int[][] rep = new int[resamples][units];
            for (int b = 0; b < resamples; b++) {
                for (int u = 0; u < units; u++) {
                    unit[b][u] = rng.nextInt(units);
                    rep[b][u] = rng.nextInt(resamples);
                }
            }
            return new Draws(unit, rep);
        }

        /** The model's replicates from each unit's own replicates (index = unit). */
        double[] combine(double[][] perUnit) {
            double[] out = new double[unit.length];
            for (int b = 0; b < out.length; b++) {
                double sum = 0;
                for (int u = 0; u < unit[b].length; u++) sum += perUnit[unit[b][u]][replicate[b][u]];
                out[b] = sum / unit[b].length;
            }
            return out;
        }
    }

    /**
     * units.csv's rows of one model: criteria in ratios.csv's order (the pooled metrics with their
     * empty mix, then the weighted ones per mix by code point), stacks in stack order. A stack that no
     * unit has a value for has no row.
     *
     * @param values each unit's values by device id (the model's units, id order)
     */
    static List<Unit> of(String model, Map<String, List<UnitValue>> values, long rngSeed, int resamples,
            Comparator<String> stackOrder, Function<double[], Interval> interval) {
        List<String> devices = new ArrayList<>(new TreeSet<>(values.keySet()));
        int u = devices.size();
        Map<Criterion, Map<String, UnitValue[]>> byCriterion = new TreeMap<>(criterionOrder());
        for (int i = 0; i < u; i++) {
            for (UnitValue v : values.get(devices.get(i))) {
                if (v.estimate().isMissing()) continue;
                byCriterion.computeIfAbsent(new Criterion(v.mix(), v.metric()), k -> new TreeMap<>(stackOrder))
                        .computeIfAbsent(v.stack(), k -> new UnitValue[u])[i] = v;
            }
        }
        Draws draws = Draws.of(rngSeed, model, u, resamples);
        List<Unit> out = new ArrayList<>();
        for (Map.Entry<Criterion, Map<String, UnitValue[]>> c : byCriterion.entrySet()) {
            String mix = c.getKey().mix();
            String metric = c.getKey().metric();
            Map<String, double[]> modelReplicates = new LinkedHashMap<>();
            List<RatioAnalysis.Candidate> candidates = new ArrayList<>();
            Map<String, double[]> stats = new LinkedHashMap<>();
            for (Map.Entry<String, UnitValue[]> s : c.getValue().entrySet()) {
                UnitValue[] vs = s.getValue();
                boolean all = true;
                boolean reps = true;
                for (UnitValue v : vs) {
                    all &= v != null;
                    reps &= v != null && v.replicates() != null;
                }
                if (!all) continue;
                double sum = 0;
                double min = Double.POSITIVE_INFINITY;
                double max = Double.NEGATIVE_INFINITY;
                for (UnitValue v : vs) {
                    double x = v.estimate().value();
                    sum += x;
                    min = Math.min(min, x);
                    max = Math.max(max, x);
                }
                double mean = sum / u;
                stats.put(s.getKey(), new double[] {mean, min, max});
                double[] r = null;
                if (reps) {
                    double[][] perUnit = new double[u][];
                    for (int i = 0; i < u; i++) perUnit[i] = vs[i].replicates();
                    r = draws.combine(perUnit);
                    modelReplicates.put(s.getKey(), r);
                }
                candidates.add(new RatioAnalysis.Candidate(s.getKey(), mean, r));
            }
            Map<String, Ratio> ratios = new LinkedHashMap<>();
            for (Ratio r : RatioAnalysis.of(model, mix, metric, candidates, interval)) ratios.put(r.stack(), r);
            for (Map.Entry<String, UnitValue[]> s : c.getValue().entrySet()) {
                String stack = s.getKey();
                UnitValue[] vs = s.getValue();
                List<Estimate> estimates = new ArrayList<>();
                List<String> missing = new ArrayList<>();
                int units = 0;
                for (int i = 0; i < u; i++) {
                    if (vs[i] == null) {
                        estimates.add(Estimate.MISSING);
                        missing.add(devices.get(i) + ": no value");
                    } else {
                        estimates.add(vs[i].estimate());
                        units++;
                    }
                }
                double[] st = stats.get(stack);
                if (st == null) {
                    out.add(new Unit(model, mix, metric, stack, units, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                            Double.NaN, "", Double.NaN, Double.NaN, Double.NaN, null, String.join("; ", missing), devices,
                            estimates));
                    continue;
                }
                double[] r = modelReplicates.get(stack);
                Interval ci = r == null ? Interval.MISSING : interval.apply(r);
                Ratio ratio = ratios.get(stack);
                // without an interval tied is empty (analysis.md 11), the best's own row included
                Boolean tied = ratio.hasInterval() || (ratio.isBest() && r != null) ? ratio.tied() : null;
                out.add(new Unit(model, mix, metric, stack, units, st[0], st[1], st[2], st[1] > 0 ? st[2] / st[1] : Double.NaN,
                        ci.lo(), ci.hi(), ratio.best(), ratio.ratio(), ratio.ratioLo(), ratio.ratioHi(), tied, "", devices,
                        estimates));
            }
        }
        return out;
    }

    /** ratios.csv's order: mixes by code point (the pooled metrics' empty mix first), metrics in analysis.md 4's order. */
    private static Comparator<Criterion> criterionOrder() {
        return Comparator.comparing(Criterion::mix)
                .thenComparingInt(c -> order(c.metric()));
    }

    private static int order(String metric) {
        int i = Ratio.WEIGHTED_METRICS.indexOf(metric);
        return i >= 0 ? i : Ratio.WEIGHTED_METRICS.size() + Ratio.POOLED_METRICS.indexOf(metric);
    }
}
