package dev.tpm.analysis;

import dev.tpm.results.Metric;
import dev.tpm.results.Estimate;
import dev.tpm.results.Ratio;
import dev.tpm.results.Unit;
import dev.tpm.results.Unit.IntervalGap;
import dev.tpm.stats.LogTInterval;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * analysis.md 11 (version 5): the units of one model compared and combined. Each unit's value of a
 * metric is its device's point value (weighted.csv or stack_pooled.csv); the model's value is the
 * geometric mean of the unit values, with the t interval over their logarithms
 * ({@link LogTInterval}) only from min_units_ci units of one recorded hardware; the ratio to the
 * best is taken within each unit first, then combined the same way, so that a unit that is fast
 * for every stack cancels out of it. No resampling: version 4's two-level bootstrap is withdrawn.
 */
final class UnitsAnalysis {
    /** One unit's value of (mix, metric, stack) with its own CI. */
    record UnitValue(String mix, String metric, String stack, Estimate estimate) {}

    /** A (mix, metric) of units.csv. */
    private record Criterion(String mix, String metric) {}

    /** The rule's settings: the CI level, analysis.json's min_units_ci and probe_tolerance (version 6). */
    record Settings(double confidence, int minUnitsCi, double probeTolerance) {
        Settings(double confidence, int minUnitsCi) {
            this(confidence, minUnitsCi, dev.tpm.model.AnalysisConfig.DEFAULT_PROBE_TOLERANCE);
        }
    }

    private UnitsAnalysis() {}

    /**
     * units.csv's hardware: the common cpu_id when every unit records one and all are equal;
     * {@link Unit#MIXED} when two recorded values differ (whether or not another unit records
     * one); empty when some unit records none.
     *
     * @param cpuIds each unit's machine.cpu_id, null or empty where not recorded
     */
    static String hardware(List<String> cpuIds) {
        Set<String> recorded = new TreeSet<>();
        boolean someMissing = false;
        for (String id : cpuIds) {
            if (id == null || id.isEmpty()) someMissing = true;
            else recorded.add(id);
        }
        if (recorded.size() > 1) return Unit.MIXED;
        if (someMissing || recorded.isEmpty()) return "";
        return recorded.iterator().next();
    }

    /**
     * units.csv's rows of one model: criteria in ratios.csv's order (the pooled metrics with their
     * empty mix, then the weighted ones per mix by code point), stacks in stack order. A stack that no
     * unit has a value for has no row.
     *
     * @param values each unit's values by device id (the model's units)
     * @param cpuIds each unit's machine.cpu_id by device id (absent or null where not recorded)
     * @param probeCpu each unit's probe_cpu by device id (version 6; absent where the unit has no probe)
     */
    static List<Unit> of(String model, Map<String, List<UnitValue>> values, Map<String, String> cpuIds,
            Map<String, Double> probeCpu, Settings settings, Comparator<String> stackOrder) {
        List<String> devices = new ArrayList<>(new TreeSet<>(values.keySet()));
        List<Double> unitProbes = devices.stream().map(d -> probeCpu.getOrDefault(d, Double.NaN)).toList();
        int u = devices.size();
        List<String> unitHardware = devices.stream().map(d -> cpuIds.get(d) == null ? "" : cpuIds.get(d)).toList();
        String hardware = hardware(unitHardware);
        Map<Criterion, Map<String, UnitValue[]>> byCriterion = new TreeMap<>(criterionOrder());
        for (int i = 0; i < u; i++) {
            for (UnitValue v : values.get(devices.get(i))) {
                if (v.estimate().isMissing()) continue;
                byCriterion.computeIfAbsent(new Criterion(v.mix(), v.metric()), k -> new TreeMap<>(stackOrder))
                        .computeIfAbsent(v.stack(), k -> new UnitValue[u])[i] = v;
            }
        }
        List<Unit> out = new ArrayList<>();
        for (Map.Entry<Criterion, Map<String, UnitValue[]>> c : byCriterion.entrySet()) {
            String mix = c.getKey().mix();
            String metric = c.getKey().metric();
            boolean higher = Metric.aggregate(metric).higherIsBetter();
            Map<String, LogTInterval.Result> model1 = new LinkedHashMap<>();
            for (Map.Entry<String, UnitValue[]> s : c.getValue().entrySet()) {
                model1.put(s.getKey(), LogTInterval.of(present(s.getValue()), settings.confidence()));
            }
            // best: the best gmean, the first in stack order on a tie
            String best = "";
            double bestValue = Double.NaN;
            for (Map.Entry<String, LogTInterval.Result> e : model1.entrySet()) {
                double g = e.getValue().gmean();
                if (Double.isNaN(g)) continue;
                if (best.isEmpty() || (higher ? g > bestValue : g < bestValue)) {
                    best = e.getKey();
                    bestValue = g;
                }
            }
            for (Map.Entry<String, UnitValue[]> s : c.getValue().entrySet()) {
                String stack = s.getKey();
                UnitValue[] vs = s.getValue();
                List<Estimate> estimates = new ArrayList<>();
                List<String> missing = new ArrayList<>();
                for (int i = 0; i < u; i++) {
                    if (vs[i] == null) {
                        estimates.add(Estimate.MISSING);
                        missing.add(devices.get(i) + ": no value");
                    } else {
                        estimates.add(vs[i].estimate());
                    }
                }
                double[] x = present(vs);
                double min = Double.POSITIVE_INFINITY;
                double max = Double.NEGATIVE_INFINITY;
                for (double v : x) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
                LogTInterval.Result g = model1.get(stack);
                double probeSpread = probeSpread(vs, unitProbes);
                Set<IntervalGap> gaps = gaps(hardware, x.length, !Double.isNaN(g.gmean()), settings.minUnitsCi());
                gaps.addAll(probeGaps(probeSpread, settings.probeTolerance()));
                double lo = gaps.isEmpty() ? g.lo() : Double.NaN;
                double hi = gaps.isEmpty() ? g.hi() : Double.NaN;
                double ratio = Double.NaN;
                double ratioLo = Double.NaN;
                double ratioHi = Double.NaN;
                Boolean tied = null;
                if (stack.equals(best)) {
                    ratio = 1.0;
                } else if (!best.isEmpty() && !Double.isNaN(g.gmean())) {
                    double[] r = perUnitRatios(higher, c.getValue().get(best), vs);
                    LogTInterval.Result rr = LogTInterval.of(r, settings.confidence());
                    ratio = rr.gmean();
                    // the same conditions, with U' (the units with values for both) in place of U
                    // version 6: the ratio's interval uses its row's probe_spread too
                    if (gaps(hardware, r.length, !Double.isNaN(rr.gmean()), settings.minUnitsCi()).isEmpty()
                            && probeGaps(probeSpread, settings.probeTolerance()).isEmpty()) {
                        ratioLo = rr.lo();
                        ratioHi = rr.hi();
                        tied = ratioLo <= 1;
                    }
                }
                out.add(new Unit(model, mix, metric, stack, hardware, x.length, g.gmean(), x.length == 0 ? Double.NaN : min,
                        x.length == 0 ? Double.NaN : max, x.length > 0 && min > 0 ? max / min : Double.NaN, lo, hi, best, ratio,
                        ratioLo, ratioHi, tied, String.join("; ", missing), ofUnits(devices, estimates, unitHardware, unitProbes),
                        gaps, probeSpread));
            }
        }
        return out;
    }

    /** Why there is no interval over U values: the hardware first, then too few units, then no geometric mean. */
    static Set<IntervalGap> gaps(String hardware, int units, boolean hasGmean, int minUnitsCi) {
        Set<IntervalGap> gaps = EnumSet.noneOf(IntervalGap.class);
        if (hardware.equals(Unit.MIXED)) gaps.add(IntervalGap.HARDWARE_MIXED);
        else if (hardware.isEmpty()) gaps.add(IntervalGap.HARDWARE_NOT_RECORDED);
        if (units < minUnitsCi) gaps.add(IntervalGap.TOO_FEW_UNITS);
        if (!hasGmean) gaps.add(IntervalGap.NO_GMEAN);
        return gaps;
    }

    /** Each unit of a row: device, value, cpu_id and probe_cpu, from the lists in device order. */
    private static List<Unit.OfUnit> ofUnits(List<String> devices, List<Estimate> estimates, List<String> hardware,
            List<Double> probes) {
        List<Unit.OfUnit> out = new ArrayList<>();
        for (int i = 0; i < devices.size(); i++) {
            out.add(new Unit.OfUnit(devices.get(i), estimates.get(i), hardware.get(i), probes.get(i)));
        }
        return out;
    }

    /**
     * probe_spread (analysis.md 11, version 6): max / min of probe_cpu over the units with a value
     * for the row; NaN when one of them has no probe_cpu.
     */
    static double probeSpread(UnitValue[] vs, List<Double> unitProbes) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        int n = 0;
        for (int i = 0; i < vs.length; i++) {
            if (vs[i] == null) continue;
            double p = unitProbes.get(i);
            if (Double.isNaN(p) || !(p > 0)) return Double.NaN;
            min = Math.min(min, p);
            max = Math.max(max, p);
            n++;
        }
        return n == 0 ? Double.NaN : max / min;
    }

    /**
     * Version 6: no interval where a unit with a value has no probe (the spread is empty) or the
     * probes differ by more than probe_tolerance (spread &gt; 1 + probe_tolerance).
     */
    static Set<IntervalGap> probeGaps(double probeSpread, double probeTolerance) {
        if (Double.isNaN(probeSpread)) return EnumSet.of(IntervalGap.PROBE_MISSING);
        if (probeSpread > 1 + probeTolerance) return EnumSet.of(IntervalGap.PROBES_DIFFER);
        return EnumSet.noneOf(IntervalGap.class);
    }

    /** r_i = best / stack (higher is better) or stack / best, over the units with values for both, in unit order. */
    static double[] perUnitRatios(boolean higherIsBetter, UnitValue[] best, UnitValue[] stack) {
        List<Double> r = new ArrayList<>();
        for (int i = 0; i < stack.length; i++) {
            if (best[i] == null || stack[i] == null) continue;
            r.add(RatioAnalysis.ratio(higherIsBetter, best[i].estimate().value(), stack[i].estimate().value()));
        }
        return r.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The values of the units that have one, in unit order. */
    private static double[] present(UnitValue[] vs) {
        List<Double> x = new ArrayList<>();
        for (UnitValue v : vs) if (v != null) x.add(v.estimate().value());
        return x.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** ratios.csv's order: mixes by code point (the pooled metrics' empty mix first), metrics in analysis.md 4's order. */
    private static Comparator<Criterion> criterionOrder() {
        return Comparator.comparing(Criterion::mix)
                .thenComparingInt(c -> order(c.metric()));
    }

    private static int order(String metric) {
        Metric m = Metric.aggregate(metric);
        return m == null ? Integer.MAX_VALUE : m.ordinal();
    }
}
