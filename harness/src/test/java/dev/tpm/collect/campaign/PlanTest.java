package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Preset;
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
    private static Preset paper() throws IOException {
        return Preset.resolve("paper", Path.of("harness", "presets"));
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
        assertEquals(List.of("phase1/rust", "phase1/go", "phase2/rust", "phase2/go", "phase3/rust", "phase3/go"),
                List.copyOf(sizes.keySet()), "blocks contiguous, in phase then stack order");
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
    void orderIsRandomizedButDeterministicPerBlock() throws IOException {
        Preset p = paper();
        List<PlannedRun> a = Plan.of(p, List.of("rust", "go"));
        assertEquals(a, Plan.of(p, List.of("rust", "go")), "same seed, same order");
        // a block's order depends on its key, not on the other stacks
        List<PlannedRun> goAlone = Plan.of(p, List.of("go"));
        assertEquals(a.stream().filter(r -> r.block().equals("phase1/go")).toList(),
                goAlone.stream().filter(r -> r.block().equals("phase1/go")).toList());
        List<PlannedRun> measured = a.stream().filter(r -> r.block().equals("phase1/rust") && !r.warmup()).toList();
        Map<String, Integer> firstTen = new LinkedHashMap<>();
        measured.subList(0, 30).forEach(r -> firstTen.merge(r.endpoint(), 1, Integer::sum));
        assertTrue(firstTen.size() >= 4, "endpoints interleaved, not in blocks: " + firstTen);
        // the order comes from the contract's one seed derivation, keyed (phase, stack)
        List<PlannedRun> goWarm = goAlone.stream().filter(r -> r.block().equals("phase1/go") && r.warmup()).toList();
        List<PlannedRun> expected = new ArrayList<>(goWarm);
        expected.sort(java.util.Comparator.comparing(PlannedRun::endpoint).thenComparingInt(PlannedRun::run));
        List<PlannedRun> unsorted = new ArrayList<>();
        for (String e : p.endpoints()) for (PlannedRun r : expected) if (r.endpoint().equals(e)) unsorted.add(r);
        java.util.Collections.shuffle(unsorted, new org.apache.commons.math3.random.RandomAdaptor(
                Seeds.stream(p.rngSeed(), "phase1", "go")));
        assertEquals(unsorted, goWarm);
    }

    @Test
    void pinningSplitsTheCores() {
        assertEquals(List.of(), CampaignRunner.pinning(true, 1).server(), "one core: nothing to split");
        assertEquals(List.of(), CampaignRunner.pinning(false, 4).server());
        assertEquals(List.of("taskset", "-c", "1"), CampaignRunner.pinning(true, 2).server());
        assertEquals(List.of("taskset", "-c", "0"), CampaignRunner.pinning(true, 2).loadGenerator());
        assertEquals("2-3", CampaignRunner.pinning(true, 4).serverCpus());
        assertEquals("0-1", CampaignRunner.pinning(true, 4).loadGeneratorCpus());
        assertEquals("1-2", CampaignRunner.pinning(true, 3).serverCpus());
    }
}
