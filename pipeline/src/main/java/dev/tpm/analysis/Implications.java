package dev.tpm.analysis;

import dev.tpm.results.Metric;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Implication;
import dev.tpm.results.Ratio;
import dev.tpm.results.StackPooled;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.SweepSummary;
import dev.tpm.results.Weighted;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The practical-implications table (analysis.md 7, version 3): for each criterion the best stack,
 * its value with CI, and the other stacks tied with it: those whose ratio interval of ratios.csv
 * (declared mix for the weighted criteria) reaches 1. Two overlapping CIs are not a test and are
 * not used. A criterion without intervals (artifact size; a sweep peak whose best group is below
 * min_n, so ratios.csv has no interval for it) names its best and says "no interval"; equal
 * artifact sizes are ties. Criteria without data are left out.
 */
public final class Implications {
    public static final String IDLE_RSS = "lowest idle RSS";
    static final String W_PEAK = "lowest weighted peak RSS";
    static final String W_RPS_PER_MIB = "highest weighted throughput per MiB";
    static final String W_RPS = "highest weighted throughput";
    static final String SWEEP_PEAK = "highest peak throughput (sweep)";
    public static final String STARTUP = "fastest startup";
    static final String ARTIFACT = "smallest artifact";
    static final String W_ENERGY = "lowest weighted energy per request";

    private Implications() {}

    /** Reason of a listed stack without measured phase-1 runs. */
    static final String NO_PHASE1 = "no measured phase-1 runs";
    /** Reason of a stack of a device with a sweep, without measured phase-2 runs. */
    static final String NO_PHASE2 = "no measured phase-2 runs";

    static List<Implication> of(DeviceResults d) {
        List<Weighted> declared = d.declaredWeighted();
        List<Implication> out = new ArrayList<>();
        String mix = d.declaredMix();
        add(out, d, IDLE_RSS, "MiB", false, pooled(d, StackPooled::idleRssMib), NO_PHASE1, d.ratios("", Metric.POOLED_IDLE_RSS_MIB.id()));
        add(out, d, W_PEAK, "MiB", false, weighted(declared, Weighted::wPeakMib), "no weighted peak RSS", d.ratios(mix, Metric.W_PEAK_MIB.id()));
        add(out, d, W_RPS_PER_MIB, "req/s/MiB", true, weighted(declared, Weighted::wRpsPerMib), "no weighted throughput per MiB",
                d.ratios(mix, Metric.W_RPS_PER_MIB.id()));
        add(out, d, W_RPS, "req/s", true, weighted(declared, Weighted::wRps), "no weighted throughput", d.ratios(mix, Metric.W_RPS.id()));
        add(out, d, SWEEP_PEAK, "req/s", true, sweepPeak(d), NO_PHASE2, d.ratios("", Metric.SWEEP_PEAK_RPS.id()));
        add(out, d, STARTUP, "ms", false, pooled(d, StackPooled::startupMs), NO_PHASE1, d.ratios("", Metric.POOLED_STARTUP_MS.id()));
        add(out, d, ARTIFACT, "MiB", false, pooled(d, p -> new Estimate(p.artifactMib(), Double.NaN, Double.NaN)),
                "artifact size not recorded", null);
        add(out, d, W_ENERGY, "mJ/req", false, weighted(declared, Weighted::wEnergyMj), "no energy values on every endpoint",
                d.ratios(mix, Metric.W_ENERGY_MJ.id()));
        return out;
    }

    /**
     * One criterion over the device's listed stacks (byStack holds the stacks that have an
     * estimate; for a weighted criterion, a stack whose row is empty for lack of runs has its missing text as reason). Left out when no
     * stack has a value; without a best when some stack has none (no finding from absence).
     *
     * @param ratios the criterion's rows of ratios.csv; null for a criterion that never has intervals (artifact size)
     */
    private static void add(List<Implication> out, DeviceResults d, String criterion, String unit, boolean higherIsBetter,
            Map<String, Estimate> byStack, String defaultReason, List<Ratio> ratios) {
        boolean weightedCriterion = List.of(W_PEAK, W_RPS_PER_MIB, W_RPS, W_ENERGY).contains(criterion);
        Map<String, String> reasons = weightedCriterion ? reasons(d) : Map.of();
        List<Implication.LeftOut> leftOut = new ArrayList<>();
        boolean any = false;
        for (String stack : d.listedStacks()) {
            Estimate e = byStack.get(stack);
            if (e == null || e.isMissing()) {
                leftOut.add(new Implication.LeftOut(stack, reasons.getOrDefault(stack, defaultReason)));
            } else {
                any = true;
            }
        }
        for (Map.Entry<String, Estimate> e : byStack.entrySet()) {
            if (!d.listedStacks().contains(e.getKey()) && !e.getValue().isMissing()) any = true;
        }
        if (!any) return;
        if (!leftOut.isEmpty()) {
            out.add(Implication.withoutBest(d.id(), criterion, unit, leftOut));
            return;
        }
        String best = null;
        for (Map.Entry<String, Estimate> e : byStack.entrySet()) { // stack order: ties go to the first stack
            if (e.getValue().isMissing()) continue;
            double v = e.getValue().value();
            if (best == null || (higherIsBetter ? v > byStack.get(best).value() : v < byStack.get(best).value())) best = e.getKey();
        }
        Estimate bestValue = byStack.get(best);
        List<Implication.Tie> tied = new ArrayList<>();
        List<String> withoutInterval = new ArrayList<>();
        Map<String, Ratio> ratioOf = new LinkedHashMap<>();
        if (ratios != null) for (Ratio x : ratios) ratioOf.put(x.stack(), x);
        Ratio own = ratioOf.get(best);
        // ratios.csv picks its best by the same rule; without the best's row (sweep peak below min_n) there is no interval
        boolean intervals = own != null && own.isBest();
        for (Map.Entry<String, Estimate> e : byStack.entrySet()) {
            String stack = e.getKey();
            if (stack.equals(best) || e.getValue().isMissing()) continue;
            if (!intervals) {
                // equal artifact sizes (or equal sweep peaks) are ties, without an interval
                if (e.getValue().value() == bestValue.value()) tied.add(new Implication.Tie(stack, 1.0, Double.NaN, Double.NaN));
                continue;
            }
            Ratio x = ratioOf.get(stack);
            if (x == null || x.tied() == null) {
                withoutInterval.add(stack);
            } else if (x.tied()) {
                tied.add(new Implication.Tie(stack, x.ratio(), x.ratioLo(), x.ratioHi()));
            }
        }
        out.add(new Implication(d.id(), criterion, best, bestValue, unit, tied, withoutInterval, intervals, List.of()));
    }

    /** The declared mix's missing text of each stack whose weighted row is empty for lack of runs. */
    private static Map<String, String> reasons(DeviceResults d) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Weighted w : d.declaredWeighted()) if (w.isMissing()) m.put(w.stack(), w.missing());
        return m;
    }

    private static Map<String, Estimate> pooled(DeviceResults d, Function<StackPooled, Estimate> f) {
        Map<String, Estimate> m = new LinkedHashMap<>();
        for (StackPooled p : d.stackPooled()) m.put(p.stack(), f.apply(p));
        return m;
    }

    private static Map<String, Estimate> weighted(List<Weighted> declared, Function<Weighted, Estimate> f) {
        Map<String, Estimate> m = new LinkedHashMap<>();
        for (Weighted w : declared) m.put(w.stack(), f.apply(w));
        return m;
    }

    /** The sweep point at each stack's peak concurrency: its median rps and CI. */
    private static Map<String, Estimate> sweepPeak(DeviceResults d) {
        Map<String, Estimate> m = new LinkedHashMap<>();
        for (SweepSummary s : d.sweepSummary()) {
            for (SweepPoint p : d.sweep()) {
                if (p.stack().equals(s.stack()) && p.concurrency() == s.peakConcurrency()) m.put(s.stack(), p.rps());
            }
        }
        return m;
    }
}
