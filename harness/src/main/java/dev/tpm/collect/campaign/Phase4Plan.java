package dev.tpm.collect.campaign;

import dev.tpm.codec.Seeds;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import dev.tpm.model.RunRow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.math3.random.RandomAdaptor;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * Phase 4's runs (servers.md "Phase 4"), as pure code: the offered rates of each (stack,
 * endpoint) and their order. A stack's rates are the preset's absolute {@code offered_rps} and
 * each of {@code offered_fractions} times its phase-1 median rps on that endpoint in this
 * campaign, rounded to a whole request per second; a fraction's rate that equals another rate of
 * the same stack and endpoint is that rate's run (one key, one group), not a second group. The
 * median is over the ok measured phase-1 rows at the preset's first phase-1 level
 * ({@code concurrency}, the level the paper's tables report), the median of an even count being
 * the mean of the middle two (Commons Math's default). Warm-ups first, then the measured runs,
 * each part shuffled over every (stack, endpoint, rate, run) by the stream of rng_seed and
 * "phase4", as the other phases are.
 */
public final class Phase4Plan {
    /**
     * @param runs in execution order
     * @param problems one line per (stack, endpoint) whose fractions could not be turned into rates
     *     (no ok phase-1 run, or a rate that rounds to 0)
     * @param medians the phase-1 median rps of each "stack endpoint" the fractions used
     */
    public record Result(List<PlannedRun> runs, List<String> problems, Map<String, Double> medians) {}

    private Phase4Plan() {}

    /** The phase-1 median rps of (stack, endpoint) over {@code phase1}, or NaN when it has no ok measured row. */
    public static double median(List<RunRow> phase1, String stack, String endpoint, int concurrency) {
        double[] rps = phase1.stream().filter(r -> r.ok() && !r.warmup() && r.stack().equals(stack)
                && r.endpoint().equals(endpoint) && r.concurrency() == concurrency && !Double.isNaN(r.rps()))
                .mapToDouble(RunRow::rps).toArray();
        return rps.length == 0 ? Double.NaN : new Median().evaluate(rps);
    }

    public static Result of(Preset p, List<String> stacks, List<RunRow> phase1) {
        Protocol.Phase4 q = p.protocol().phase4();
        int durationS = q.durationS().intValue();
        List<PlannedRun> warm = new ArrayList<>();
        List<PlannedRun> measured = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Map<String, Double> medians = new TreeMap<>();
        for (String stack : stacks) {
            for (String e : q.endpoints()) {
                TreeSet<Double> rates = new TreeSet<>(q.offeredRps());
                if (!q.offeredFractions().isEmpty()) {
                    double m = median(phase1, stack, e, p.concurrency());
                    if (Double.isNaN(m)) {
                        problems.add("phase 4 " + stack + " " + e + ": no ok phase-1 run at c=" + p.concurrency()
                                + ", so no rate for offered_fractions " + q.offeredFractions());
                    } else {
                        medians.put(stack + " " + e, m);
                        for (double f : q.offeredFractions()) {
                            long rate = Math.round(f * m);
                            if (rate < 1) {
                                problems.add("phase 4 " + stack + " " + e + ": fraction " + f + " of the phase-1 median "
                                        + m + " rps rounds to " + rate + " req/s; not run");
                            } else {
                                rates.add((double) rate);
                            }
                        }
                    }
                }
                for (double rate : rates) {
                    for (int r = 1; r <= q.warmups(); r++) warm.add(new PlannedRun(4, stack, e, q.concurrency(), r, true, durationS, rate));
                    for (int r = 1; r <= q.runs(); r++) measured.add(new PlannedRun(4, stack, e, q.concurrency(), r, false, durationS, rate));
                }
            }
        }
        if (Rounds.on(p.protocol().order())) {
            // version 5: the declared rates in rounds of their own, after phase 1's
            List<PlannedRun> both = new ArrayList<>(warm);
            both.addAll(measured);
            return new Result(Rounds.order(p.protocol().rngSeed(), "phase4-rounds", both), problems, medians);
        }
        RandomAdaptor rng = new RandomAdaptor(Seeds.stream(p.protocol().rngSeed(), "phase4"));
        Collections.shuffle(warm, rng);
        Collections.shuffle(measured, rng);
        List<PlannedRun> all = new ArrayList<>(warm);
        all.addAll(measured);
        return new Result(all, problems, medians);
    }
}
