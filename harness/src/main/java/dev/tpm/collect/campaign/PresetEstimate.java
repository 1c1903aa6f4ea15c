package dev.tpm.collect.campaign;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Metrics;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.util.CombinatoricsUtils;

/**
 * What a preset will cost and whether its tests can resolve, before any run (servers.md): the
 * runs of its plan, its probes (version 6) and its wall time at the assumed overhead (the quiet
 * gate's first window included, its waits not), and the resolution of its post-hoc tests
 * ({@link Resolution}). Pure: no server, no file.
 *
 * @param runs runs of the plan (phases 1, 2, 3 and 5), phase 4's declared rates and its longest search
 * @param probes probes of the machine (version 6), 0 without one
 */
public record PresetEstimate(int runs, int probes, double seconds, Resolution resolution) {

    /**
     * servers.md version 6, "Resolution before collection": the Holm family a paper campaign's tests
     * will form (analysis.md section 3: pairs of stacks x phase-1 endpoints but mixed x metrics), Holm's first
     * threshold alpha / family, and the smallest p an exact rank test of two groups of {@code runs}
     * runs can reach, 2 / C(2 runs, runs) (both samples apart: the most extreme of the C(2n, n)
     * equally likely rankings, on either side). When that p is not below the threshold no pair can be
     * significant, whatever the data.
     *
     * @param metrics the metrics tested: analysis.md's seven, eight where the device measures energy
     */
    public record Resolution(int stacks, int endpoints, int metrics, int family, double alpha, int runs) {
        public double threshold() {
            return family == 0 ? Double.NaN : alpha / family;
        }

        public double smallestP() {
            return 2 * Math.exp(-CombinatoricsUtils.binomialCoefficientLog(2 * runs, runs));
        }

        /** Whether some pair can be significant: there are tests, and the smallest p is below the first threshold. */
        public boolean resolves() {
            return family > 0 && smallestP() < threshold();
        }

        public String line() {
            if (family == 0) return "tests: none (fewer than two stacks or no phase-1 endpoint)";
            return String.format(Locale.ROOT, "tests: a Holm family of %d (%d pairs of stacks x %d endpoints x %d metrics),"
                    + " first threshold alpha / family = %s / %d = %.3g; the smallest p of an exact rank test of two groups of"
                    + " %d runs, 2 / C(%d, %d), is %.3g: %s", family, stacks * (stacks - 1) / 2, endpoints, metrics,
                    Double.toString(alpha), family, threshold(), runs, 2 * runs, runs, smallestP(),
                    resolves() ? "a pair can be significant" : "no pair can be significant whatever the data");
        }
    }

    /**
     * The resolution of a preset on {@code stacks} stacks: tests only for the {@code paper} study
     * (null otherwise), seven metrics, eight with energy.
     */
    public static Resolution resolution(Preset p, int stacks, double alpha, boolean energy) {
        if (!Preset.PAPER_STUDY.equals(p.study())) return null;
        Protocol q = p.protocol();
        // the endpoints whose groups are tested: the phase-1 endpoints but mixed, whose runs feed the weighted
        // aggregates and not the tests (tables/posthoc.csv of x86-vm-2c-f: 350 = 10 pairs x 5 endpoints x 7 metrics)
        int endpoints = (int) q.endpoints().stream().filter(e -> !Endpoints.MIXED.equals(e)).count();
        int metrics = Metrics.ALL.size() - (energy ? 0 : 1);
        int family = stacks < 2 ? 0 : stacks * (stacks - 1) / 2 * endpoints * metrics;
        return new Resolution(stacks, endpoints, metrics, family, alpha, q.runs());
    }

    /** The estimate of a preset on {@code stacks} (alpha and energy for its resolution). */
    public static PresetEstimate of(Preset p, List<String> stacks, double alpha, boolean energy) {
        Protocol q = p.protocol();
        double s = 0;
        int runs = 0;
        List<PlannedRun> plan = Plan.of(p, stacks);
        for (PlannedRun r : plan) s += Progress.estimateS(r, q, Progress.INITIAL_OVERHEAD_S);
        runs += plan.size();
        Protocol.Phase4 p4 = q.phase4();
        int searchSteps = 0;
        int phase4Rounds = 0;
        if (p4 != null) {
            int rates = p4.offeredRps().size() + p4.offeredFractions().size();
            if (p4.search() != null && !p4.offeredFractions().isEmpty()) {
                // the search's longest: from the highest fraction, factor times, while within max_fraction
                double f = p4.offeredFractions().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
                while (f * p4.search().factor() <= p4.search().maxFraction()) {
                    f *= p4.search().factor();
                    rates++;
                    searchSteps++;
                }
            }
            PlannedRun one = new PlannedRun(4, "s", Endpoints.GET_ITEM, p4.concurrency(), 1, false, p4.durationS().intValue(), 100);
            int n = stacks.size() * p4.endpoints().size() * rates * (p4.runs() + p4.warmups());
            s += n * Progress.estimateS(one, q, Progress.INITIAL_OVERHEAD_S);
            runs += n;
            phase4Rounds = p4.runs() + p4.warmups();
        }
        int probes = probes(q, plan, runs, phase4Rounds, searchSteps);
        if (probes > 0) {
            // each probe: two tests of duration_s (sysbench's whole seconds), each behind the gate's first window
            s += probes * 2 * (Math.ceil(q.probe().durationS()) + Progress.quietWindowS(q));
        }
        return new PresetEstimate(runs, probes, s, resolution(p, stacks.size(), alpha, energy));
    }

    /**
     * Probes of a campaign (servers.md version 6): one before the first run, one after each round
     * (the main queue's rounds, phase 4's, one per search step), the last round's being the closing
     * one; outside rounds one after every every_runs runs and one at the end.
     */
    static int probes(Protocol q, List<PlannedRun> plan, int runs, int phase4Rounds, int searchSteps) {
        if (q.probe() == null) return 0;
        if (!Rounds.on(q.order())) {
            int every = q.probe().everyRuns() == null ? Integer.MAX_VALUE : q.probe().everyRuns();
            return 1 + runs / every + (runs % every == 0 ? 0 : 1);
        }
        long mainRounds = plan.stream().filter(PlannedRun::inRounds).mapToInt(PlannedRun::round).distinct().count();
        return 1 + (int) mainRounds + phase4Rounds + searchSteps;
    }

    /** The estimate's lines, for collect --estimate and each preset's description. */
    public List<String> lines(Preset p, List<String> stacks) {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "estimate: preset %s on %d stacks %s: %d runs%s, %.0f s (%s) at %.0f s of start-up and"
                + " stop a run, the quiet gate's first window included and its waits not", p.name(), stacks.size(), stacks, runs,
                probes > 0 ? " and " + probes + " probes" : "", seconds, Progress.duration(seconds), Progress.INITIAL_OVERHEAD_S));
        if (resolution != null) out.add(resolution.line());
        return out;
    }
}
