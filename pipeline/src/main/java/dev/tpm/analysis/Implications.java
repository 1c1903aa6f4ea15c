package dev.tpm.analysis;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Implication;
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
 * The practical-implications table (analysis.md 7): for each criterion the best stack, its value
 * with CI, and the other stacks whose CI overlaps the best one's. Criteria without data are left
 * out. A value without a CI (artifact size) is an interval of one point: tied only when equal.
 */
final class Implications {
    static final String IDLE_RSS = "lowest idle RSS";
    static final String W_PEAK = "lowest weighted peak RSS";
    static final String W_RPS_PER_MIB = "highest weighted throughput per MiB";
    static final String W_RPS = "highest weighted throughput";
    static final String SWEEP_PEAK = "highest peak throughput (sweep)";
    static final String STARTUP = "fastest startup";
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
        add(out, d, IDLE_RSS, "MiB", false, pooled(d, StackPooled::idleRssMib), NO_PHASE1);
        add(out, d, W_PEAK, "MiB", false, weighted(declared, Weighted::wPeakMib), "no weighted peak RSS");
        add(out, d, W_RPS_PER_MIB, "req/s/MiB", true, weighted(declared, Weighted::wRpsPerMib), "no weighted throughput per MiB");
        add(out, d, W_RPS, "req/s", true, weighted(declared, Weighted::wRps), "no weighted throughput");
        add(out, d, SWEEP_PEAK, "req/s", true, sweepPeak(d), NO_PHASE2);
        add(out, d, STARTUP, "ms", false, pooled(d, StackPooled::startupMs), NO_PHASE1);
        add(out, d, ARTIFACT, "MiB", false, pooled(d, p -> new Estimate(p.artifactMib(), p.artifactMib(), p.artifactMib())),
                "artifact size not recorded");
        add(out, d, W_ENERGY, "mJ/req", false, weighted(declared, Weighted::wEnergyMj), "no energy values on every endpoint");
        return out;
    }

    /**
     * One criterion over the device's listed stacks (byStack holds the stacks that have an
     * estimate; for a weighted criterion, a stack whose row is empty for lack of runs has its missing text as reason). Left out when no
     * stack has a value; without a best when some stack has none (no finding from absence).
     */
    private static void add(List<Implication> out, DeviceResults d, String criterion, String unit, boolean higherIsBetter,
            Map<String, Estimate> byStack, String defaultReason) {
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
            out.add(new Implication(d.id(), criterion, null, Estimate.MISSING, unit, List.of(), leftOut));
            return;
        }
        String best = null;
        for (Map.Entry<String, Estimate> e : byStack.entrySet()) { // stack order: ties go to the first stack
            if (e.getValue().isMissing()) continue;
            double v = e.getValue().value();
            if (best == null || (higherIsBetter ? v > byStack.get(best).value() : v < byStack.get(best).value())) best = e.getKey();
        }
        Estimate bestValue = byStack.get(best);
        List<String> tied = new ArrayList<>();
        for (Map.Entry<String, Estimate> e : byStack.entrySet()) {
            if (!e.getKey().equals(best) && e.getValue().overlaps(bestValue)) tied.add(e.getKey());
        }
        out.add(new Implication(d.id(), criterion, best, bestValue, unit, tied));
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
