package dev.tpm.collect.campaign;

import dev.tpm.codec.Seeds;
import dev.tpm.collect.Preset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.RandomAdaptor;

/**
 * The order of a campaign's runs. Phase 1 (every endpoint at every phase-1 concurrency level),
 * then phase 2, then phase 3; within a phase, stacks in
 * the order given, each stack a block; within a block warm-ups first, then the measured runs, each
 * part shuffled by a Mersenne Twister seeded from rng_seed and the block (phase "phase1", stack
 * "go") by the contract's one seed derivation ({@link Seeds}), so the order is random, recorded
 * (the seed is in campaign.json) and the same on every machine.
 */
public final class Plan {
    private Plan() {}

    /** Every run of the preset for these stacks, in execution order. */
    public static List<PlannedRun> of(Preset p, List<String> stacks) {
        List<PlannedRun> all = new ArrayList<>();
        for (String stack : stacks) {
            List<PlannedRun> warm = new ArrayList<>();
            List<PlannedRun> measured = new ArrayList<>();
            for (String e : p.endpoints()) {
                for (int c : p.concurrencyLevels()) {
                    for (int r = 1; r <= p.warmups(); r++) warm.add(new PlannedRun(1, stack, e, c, r, true, p.durationS()));
                    for (int r = 1; r <= p.runs(); r++) measured.add(new PlannedRun(1, stack, e, c, r, false, p.durationS()));
                }
            }
            all.addAll(block(p.rngSeed(), "phase1", stack, warm, measured));
        }
        if (p.sweep() != null) {
            Preset.Sweep s = p.sweep();
            for (String stack : stacks) {
                List<PlannedRun> warm = new ArrayList<>();
                List<PlannedRun> measured = new ArrayList<>();
                for (int c : s.concurrency()) {
                    for (int r = 1; r <= s.warmups(); r++) warm.add(new PlannedRun(2, stack, s.endpoint(), c, r, true, p.durationS()));
                    for (int r = 1; r <= s.runs(); r++) measured.add(new PlannedRun(2, stack, s.endpoint(), c, r, false, p.durationS()));
                }
                all.addAll(block(p.rngSeed(), "phase2", stack, warm, measured));
            }
        }
        if (p.memory() != null) {
            Preset.Memory m = p.memory();
            for (String stack : stacks) {
                List<PlannedRun> measured = new ArrayList<>();
                for (String e : m.endpoints()) {
                    for (int r = 1; r <= m.runs(); r++) measured.add(new PlannedRun(3, stack, e, m.concurrency(), r, false, m.durationS()));
                }
                all.addAll(block(p.rngSeed(), "phase3", stack, List.of(), measured));
            }
        }
        return all;
    }

    private static List<PlannedRun> block(long rngSeed, String phase, String stack, List<PlannedRun> warm,
            List<PlannedRun> measured) {
        RandomAdaptor rng = new RandomAdaptor(Seeds.stream(rngSeed, phase, stack));
        List<PlannedRun> w = new ArrayList<>(warm);
        List<PlannedRun> m = new ArrayList<>(measured);
        Collections.shuffle(w, rng);
        Collections.shuffle(m, rng);
        w.addAll(m);
        return w;
    }

    /** Runs per block, for the progress line. */
    public static Map<String, Integer> blockSizes(List<PlannedRun> runs) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (PlannedRun r : runs) out.merge(r.block(), 1, Integer::sum);
        return out;
    }
}
