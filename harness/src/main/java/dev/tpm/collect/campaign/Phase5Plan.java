package dev.tpm.collect.campaign;

import dev.tpm.codec.Seeds;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.commons.math3.random.RandomAdaptor;

/**
 * Phase 5's runs (servers.md version 4, steady state), as pure code: for each stack, each endpoint
 * of {@code protocol.phase5} and each run, one run at the phase's concurrency; warm-ups first, then
 * the measured runs, each part shuffled over every (stack, endpoint, run) by the stream of rng_seed
 * and "phase5". Each run starts its own server and loads it {@code prior_load_s} before its window
 * ({@link RunMeasurement}). Phase 5 comes after every other phase.
 */
public final class Phase5Plan {
    private Phase5Plan() {}

    /** Phase 5's runs in a randomized order, after the other phases (a campaign in rounds puts them in {@link Plan}'s). */
    public static List<PlannedRun> of(Preset p, List<String> stacks) {
        List<PlannedRun> warm = new ArrayList<>();
        List<PlannedRun> measured = new ArrayList<>();
        for (PlannedRun r : runs(p, stacks)) (r.warmup() ? warm : measured).add(r);
        RandomAdaptor rng = new RandomAdaptor(Seeds.stream(p.protocol().rngSeed(), "phase5"));
        Collections.shuffle(warm, rng);
        Collections.shuffle(measured, rng);
        List<PlannedRun> all = new ArrayList<>(warm);
        all.addAll(measured);
        return all;
    }

    /** Phase 5's runs in the plan's own order (stack, endpoint, run), not yet shuffled. */
    static List<PlannedRun> runs(Preset p, List<String> stacks) {
        Protocol.Phase5 q = p.protocol().phase5();
        if (q == null) return List.of();
        int durationS = q.durationS().intValue();
        List<PlannedRun> out = new ArrayList<>();
        for (String stack : stacks) {
            for (String e : q.endpoints()) {
                for (int r = 1; r <= q.warmups(); r++) out.add(new PlannedRun(5, stack, e, q.concurrency(), r, true, durationS));
                for (int r = 1; r <= q.runs(); r++) out.add(new PlannedRun(5, stack, e, q.concurrency(), r, false, durationS));
            }
        }
        return out;
    }
}
