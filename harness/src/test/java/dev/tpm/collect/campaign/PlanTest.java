package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Presets;
import dev.tpm.model.Preset;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import dev.tpm.codec.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlanTest {
    /** The paper preset in version 4's randomized order (its own file says rounds: RoundsTest). */
    private static Preset paper() throws IOException {
        Preset p = Presets.resolve("paper", Path.of("harness", "presets"));
        return new Preset(p.protocol().toBuilder().order("randomized").build(), p.description(), p.study(), p.loadGenerator(),
                p.modelId());
    }

    private static Preset paperWithSeed(long seed) throws IOException {
        Preset p = paper();
        return new Preset(p.protocol().toBuilder().rngSeed(seed).build(), p.description(), p.study(), p.loadGenerator(),
                p.modelId());
    }

    @Test
    void everyRunOnceInPhaseAndStackBlocksWarmupsFirst() throws IOException {
        Preset p = paper();
        List<PlannedRun> plan = Plan.of(p, List.of("rust", "go"));
        // phase 1: 6 endpoints x (50 + 3); phase 2: 4 levels x (10 + 1); phase 3: 3 series
        assertEquals(2 * (6 * 53 + 4 * 11 + 3), plan.size());
        Set<String> keys = new HashSet<>();
        for (PlannedRun r : plan) assertTrue(keys.add(r.phase() + "/" + r.key()), "duplicate " + r);
        Map<String, Integer> sizes = Plan.blockSizes(plan);
        assertEquals(List.of("phase1", "phase2", "phase3"), List.copyOf(sizes.keySet()), "phases contiguous, in order");
        // within a block, warm-ups come first
        String block = null;
        boolean measuredSeen = false;
        for (PlannedRun r : plan) {
            if (!r.block().equals(block)) {
                block = r.block();
                measuredSeen = false;
            }
            if (!r.warmup()) measuredSeen = true;
            else assertTrue(!measuredSeen, "warm-up after a measured run in " + block);
        }
    }

    @Test
    void orderIsRandomizedOverEveryStackOfAPhase() throws IOException {
        Preset p = paper();
        List<PlannedRun> a = Plan.of(p, List.of("rust", "go"));
        assertEquals(a, Plan.of(p, List.of("rust", "go")), "same seed, same order");
        List<PlannedRun> measured = a.stream().filter(r -> r.phase() == 1 && !r.warmup()).toList();
        // stacks interleave: not one stack's block then the other's
        int switches = 0;
        for (int i = 1; i < measured.size(); i++) if (!measured.get(i).stack().equals(measured.get(i - 1).stack())) switches++;
        assertTrue(switches > measured.size() / 4, "stacks interleaved over the phase: " + switches + " switches");
        Map<String, Integer> firstThirty = new LinkedHashMap<>();
        measured.subList(0, 30).forEach(r -> firstThirty.merge(r.stack() + "/" + r.endpoint(), 1, Integer::sum));
        assertTrue(firstThirty.size() >= 8, "(stack, endpoint) pairs interleaved: " + firstThirty);
        assertNotEquals(a, Plan.of(paperWithSeed(43), List.of("rust", "go")), "another seed, another order");
        // the order comes from the contract's one seed derivation, keyed by the phase
        List<PlannedRun> warm = a.stream().filter(r -> r.phase() == 1 && r.warmup()).toList();
        List<PlannedRun> unsorted = new ArrayList<>();
        for (String st : List.of("rust", "go")) {
            for (String ep : p.protocol().endpoints()) {
                for (PlannedRun r : warm) if (r.stack().equals(st) && r.endpoint().equals(ep)) unsorted.add(r);
            }
        }
        unsorted.sort(java.util.Comparator.comparing((PlannedRun r) -> List.of("rust", "go").indexOf(r.stack()))
                .thenComparing(r -> p.protocol().endpoints().indexOf(r.endpoint())).thenComparingInt(PlannedRun::run));
        java.util.Collections.shuffle(unsorted, new org.apache.commons.math3.random.RandomAdaptor(
                Seeds.stream(p.protocol().rngSeed(), "phase1")));
        assertEquals(unsorted, warm);
    }

    @Test
    void pinningSplitsTheCores() {
        assertEquals(List.of(), Pinning.of(true, null, null, 1).server(), "one core: nothing to split");
        assertEquals(List.of(), Pinning.of(false, null, null, 4).server());
        assertEquals(List.of("taskset", "-c", "1"), Pinning.of(true, null, null, 2).server());
        assertEquals(List.of("taskset", "-c", "0"), Pinning.of(true, null, null, 2).loadGenerator());
        assertEquals("2-3", Pinning.of(true, null, null, 4).serverCpus());
        assertEquals("0-1", Pinning.of(true, null, null, 4).loadGeneratorCpus());
        assertEquals("1-2", Pinning.of(true, null, null, 3).serverCpus());
    }
}
