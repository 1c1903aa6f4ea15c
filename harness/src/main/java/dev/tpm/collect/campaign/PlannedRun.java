package dev.tpm.collect.campaign;

import dev.tpm.model.RunKey;

/**
 * One run the campaign still has to make.
 *
 * @param phase 1 (endpoints), 2 (concurrency sweep) or 3 (memory series)
 * @param run 1-based within (stack, endpoint, concurrency); warm-ups are numbered on their own
 */
public record PlannedRun(int phase, String stack, String endpoint, int concurrency, int run, boolean warmup,
        int durationS) {

    public RunKey key() {
        return new RunKey(stack, endpoint, concurrency, run, warmup);
    }

    /** Runs that share a target count and a retry budget. */
    public Group group() {
        return new Group(phase, stack, endpoint, concurrency, warmup);
    }

    /** A randomized block: one phase, all stacks. */
    public String block() {
        return "phase" + phase;
    }

    public PlannedRun withRun(int newRun) {
        return new PlannedRun(phase, stack, endpoint, concurrency, newRun, warmup, durationS);
    }

    public record Group(int phase, String stack, String endpoint, int concurrency, boolean warmup) {}

    @Override
    public String toString() {
        return "phase " + phase + " " + stack + " " + endpoint + " c=" + concurrency + (warmup ? " warm-up " : " run ") + run;
    }
}
