package dev.tpm.collect.campaign;

import dev.tpm.model.RunKey;
import java.util.Locale;

/**
 * One run the campaign still has to make.
 *
 * @param phase 1 (endpoints), 2 (concurrency sweep), 3 (memory series) or 4 (offered load)
 * @param run 1-based within (stack, endpoint, concurrency or offered rate); warm-ups are numbered on their own
 * @param offeredRps phase 4's offered rate in requests per second; NaN in the closed-loop phases
 * @param round version 5's round ({@link Rounds}): from 1, warm-ups in rounds of their own; 0 in a
 *     campaign whose order is randomized
 */
public record PlannedRun(int phase, String stack, String endpoint, int concurrency, int run, boolean warmup,
        int durationS, double offeredRps, int round) {

    /** A run of a randomized order (no round). */
    public PlannedRun(int phase, String stack, String endpoint, int concurrency, int run, boolean warmup, int durationS,
            double offeredRps) {
        this(phase, stack, endpoint, concurrency, run, warmup, durationS, offeredRps, 0);
    }

    /** A closed-loop run (phases 1-3). */
    public PlannedRun(int phase, String stack, String endpoint, int concurrency, int run, boolean warmup, int durationS) {
        this(phase, stack, endpoint, concurrency, run, warmup, durationS, Double.NaN);
    }

    public RunKey key() {
        return new RunKey(stack, endpoint, concurrency, run, warmup);
    }

    /** Runs that share a target count and a retry budget. */
    public Group group() {
        return new Group(phase, stack, endpoint, concurrency, warmup, offeredRps);
    }

    /** A randomized block: one phase, all stacks. */
    public String block() {
        return "phase" + phase;
    }

    public PlannedRun withRun(int newRun) {
        return new PlannedRun(phase, stack, endpoint, concurrency, newRun, warmup, durationS, offeredRps, round);
    }

    /** This run in round {@code k}. */
    public PlannedRun withRound(int k) {
        return new PlannedRun(phase, stack, endpoint, concurrency, run, warmup, durationS, offeredRps, k);
    }

    /** Whether the run belongs to a campaign ordered in rounds. */
    public boolean inRounds() {
        return round > 0;
    }

    /** @param offeredRps phase 4's rate, part of its key; NaN in the other phases */
    public record Group(int phase, String stack, String endpoint, int concurrency, boolean warmup, double offeredRps) {
        public Group(int phase, String stack, String endpoint, int concurrency, boolean warmup) {
            this(phase, stack, endpoint, concurrency, warmup, Double.NaN);
        }
    }

    /** A rate as the progress lines print it: 500 or 512.5. */
    static String rate(double rps) {
        return rps == Math.rint(rps) ? Long.toString((long) rps) : String.format(Locale.ROOT, "%s", rps);
    }

    @Override
    public String toString() {
        String level = Double.isNaN(offeredRps) ? " c=" + concurrency : " " + rate(offeredRps) + " req/s c=" + concurrency;
        return "phase " + phase + " " + stack + " " + endpoint + level + (warmup ? " warm-up " : " run ") + run
                + (round > 0 ? " (" + (warmup ? "warm-up " : "") + "round " + round + ")" : "");
    }
}
