package dev.tpm.collect.campaign;

import dev.tpm.codec.Seeds;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.RandomAdaptor;

/**
 * The order of a campaign's runs. Phase 1 (every endpoint at every phase-1 concurrency level),
 * then phase 2, then phase 3; within a phase the warm-ups first, then the measured runs, each part
 * shuffled over every (stack, endpoint, concurrency, run) of the phase (servers.md: not within each
 * stack's block, so slow drifts such as heat or background work spread over all stacks) by a
 * Mersenne Twister seeded from rng_seed and the phase ("phase1") through the contract's one seed
 * derivation ({@link Seeds}), so the order is random, recorded (the seed is in campaign.json) and
 * the same on every machine.
 *
 * <p>A campaign in rounds (version 5, {@code protocol.order} = {@code rounds}) runs phases 1, 2
 * and 5 in shared rounds ({@link Rounds}), then phase 3's series in rounds of their own; phase 4
 * follows in the runner, its rates known only from phase 1.
 */
public final class Plan {
    private Plan() {}

    /**
     * Every run of the preset for these stacks, in execution order: phases 1 to 3, and in a
     * campaign in rounds phase 5 too (phase 4 is planned from phase 1's medians, {@link Phase4Plan}).
     */
    public static List<PlannedRun> of(Preset p, List<String> stacks) {
        List<PlannedRun> all = new ArrayList<>();
        List<PlannedRun> warm = new ArrayList<>();
        List<PlannedRun> measured = new ArrayList<>();
        Protocol q = p.protocol();
        boolean rounds = Rounds.on(q.order());
        List<PlannedRun> shared = new ArrayList<>();
        int durationS = q.durationS().intValue();
        for (String stack : stacks) {
            for (String e : q.endpoints()) {
                for (int c : q.concurrency()) {
                    for (int r = 1; r <= q.warmups(); r++) warm.add(new PlannedRun(1, stack, e, c, r, true, durationS));
                    for (int r = 1; r <= q.runs(); r++) measured.add(new PlannedRun(1, stack, e, c, r, false, durationS));
                }
            }
        }
        if (rounds) {
            shared.addAll(warm);
            shared.addAll(measured);
        } else {
            all.addAll(block(q.rngSeed(), "phase1", warm, measured));
        }
        if (q.sweep() != null) {
            Protocol.Sweep s = q.sweep();
            warm.clear();
            measured.clear();
            for (String stack : stacks) {
                for (int c : s.concurrency()) {
                    for (int r = 1; r <= s.warmups(); r++) warm.add(new PlannedRun(2, stack, s.endpoint(), c, r, true, durationS));
                    for (int r = 1; r <= s.runs(); r++) measured.add(new PlannedRun(2, stack, s.endpoint(), c, r, false, durationS));
                }
            }
            if (rounds) {
                shared.addAll(warm);
                shared.addAll(measured);
            } else {
                all.addAll(block(q.rngSeed(), "phase2", warm, measured));
            }
        }
        if (rounds) {
            shared.addAll(Phase5Plan.runs(p, stacks));
            all.addAll(Rounds.order(q.rngSeed(), "rounds", shared));
        }
        if (q.memory() != null) {
            Protocol.Memory m = q.memory();
            measured.clear();
            for (String stack : stacks) {
                for (String e : m.endpoints()) {
                    for (int r = 1; r <= m.runs(); r++) measured.add(new PlannedRun(3, stack, e, m.concurrency(), r, false, m.durationS().intValue()));
                }
            }
            all.addAll(rounds ? Rounds.order(q.rngSeed(), "phase3-rounds", measured)
                    : block(q.rngSeed(), "phase3", List.of(), measured));
        }
        return all;
    }

    private static List<PlannedRun> block(long rngSeed, String key, List<PlannedRun> warm, List<PlannedRun> measured) {
        RandomAdaptor rng = new RandomAdaptor(Seeds.stream(rngSeed, key));
        List<PlannedRun> w = new ArrayList<>(warm);
        List<PlannedRun> m = new ArrayList<>(measured);
        Collections.shuffle(w, rng);
        Collections.shuffle(m, rng);
        w.addAll(m);
        return w;
    }

    /** Runs per block (phase), for the progress line. */
    public static Map<String, Integer> blockSizes(List<PlannedRun> runs) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (PlannedRun r : runs) out.merge(r.block(), 1, Integer::sum);
        return out;
    }
}
