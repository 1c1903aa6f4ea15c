package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.Presets;
import dev.tpm.model.Preset;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Phase 4's rates and order from a preset and phase-1 rows (SYNTHETIC rows, made up for the test). */
class Phase4PlanTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Preset preset(String phase4) throws IOException {
        ObjectNode n = (ObjectNode) JSON.readTree(Path.of("harness", "presets", "smoke.json").toFile());
        n.set("phase4", JSON.readTree(phase4));
        return Presets.parse(n.toString(), "p.json");
    }

    private static RunRow row(String stack, String endpoint, int concurrency, boolean warmup, RunStatus status, double rps) {
        RunRow.Builder b = new RunRow.Builder(1, stack, endpoint, concurrency, 2, 1, warmup);
        b.status = status;
        b.rps = rps;
        return b.build();
    }

    private static final String Q = """
            {"endpoints": ["get_item"], "offered_rps": [100, 1000], "offered_fractions": [0.25, 0.5, 0.9],
             "runs": 2, "warmups": 1, "duration_s": 1, "concurrency": 4,
             "load_generator": {"tool": "oha", "version": "1.16.0", "latency_correction": true}}""";

    @Test
    void fractionsAreOfTheStacksOwnPhase1MedianRoundedToAWholeRate() throws IOException {
        Preset p = preset(Q);
        List<RunRow> phase1 = new ArrayList<>();
        // go: ok measured rows 3000, 4000, 5000, 6000 -> median 4500; the warm-up, the discarded run and
        // another level are left out
        for (double rps : new double[] {3000, 4000, 5000, 6000}) phase1.add(row("go", "get_item", 4, false, RunStatus.OK, rps));
        phase1.add(row("go", "get_item", 4, true, RunStatus.OK, 99_999));
        phase1.add(row("go", "get_item", 4, false, RunStatus.DISCARDED, 99_999));
        phase1.add(row("go", "get_item", 8, false, RunStatus.OK, 99_999));
        phase1.add(row("go", "get_list", 4, false, RunStatus.OK, 99_999));
        // py: a single ok run of 401 rps: 0.25 x 401 = 100.25 -> 100, the absolute rate's group
        phase1.add(row("py", "get_item", 4, false, RunStatus.OK, 401));
        Phase4Plan.Result r = Phase4Plan.of(p, List.of("go", "py"), phase1);

        assertEquals(4500.0, r.medians().get("go get_item"));
        assertEquals(List.of(), r.problems());
        assertEquals(Set.of(100.0, 1000.0, 1125.0, 2250.0, 4050.0), rates(r, "go"));
        assertEquals(Set.of(100.0, 1000.0, 201.0, 361.0), rates(r, "py"), "0.5 x 401 = 200.5 rounds up; 0.9 x 401 = 360.9");
        // every (stack, endpoint, rate) gets 1 warm-up and 2 runs, warm-ups first, each key once
        assertEquals((5 + 4) * 3, r.runs().size());
        Set<String> keys = new HashSet<>();
        boolean measuredSeen = false;
        for (PlannedRun x : r.runs()) {
            assertEquals(4, x.phase());
            assertEquals(4, x.concurrency());
            assertEquals(1, x.durationS());
            assertTrue(keys.add(x.stack() + x.endpoint() + x.offeredRps() + x.run() + x.warmup()), x.toString());
            if (!x.warmup()) measuredSeen = true;
            else assertTrue(!measuredSeen, "warm-ups before measured runs");
        }
    }

    @Test
    void theOrderIsShuffledOverStacksAndRatesBySeed() throws IOException {
        Preset p = preset(Q);
        List<RunRow> phase1 = List.of(row("go", "get_item", 4, false, RunStatus.OK, 4000),
                row("py", "get_item", 4, false, RunStatus.OK, 800));
        List<PlannedRun> a = Phase4Plan.of(p, List.of("go", "py"), phase1).runs();
        assertEquals(a, Phase4Plan.of(p, List.of("go", "py"), phase1).runs(), "the same seed, the same order");
        List<PlannedRun> measured = a.stream().filter(x -> !x.warmup()).toList();
        // not in blocks: the stacks alternate somewhere in the first half
        Set<String> firstHalf = new TreeSet<>();
        for (int i = 0; i < measured.size() / 2; i++) firstHalf.add(measured.get(i).stack());
        assertEquals(Set.of("go", "py"), firstHalf);
        ObjectNode n = (ObjectNode) JSON.readTree(Path.of("harness", "presets", "smoke.json").toFile());
        n.set("phase4", JSON.readTree(Q));
        n.put("rng_seed", 8);
        assertNotEquals(a, Phase4Plan.of(Presets.parse(n.toString(), "p.json"), List.of("go", "py"), phase1).runs());
    }

    @Test
    void aStackWithoutAnOkPhase1RunGetsOnlyTheAbsoluteRatesAndIsNamed() throws IOException {
        Phase4Plan.Result r = Phase4Plan.of(preset(Q), List.of("go"),
                List.of(row("go", "get_item", 4, false, RunStatus.FAILED, Double.NaN)));
        assertEquals(Set.of(100.0, 1000.0), rates(r, "go"));
        assertEquals(List.of("phase 4 go get_item: no ok phase-1 run at c=4, so no rate for offered_fractions [0.25, 0.5, 0.9]"),
                r.problems());
    }

    private static Set<Double> rates(Phase4Plan.Result r, String stack) {
        Set<Double> s = new HashSet<>();
        for (PlannedRun x : r.runs()) if (x.stack().equals(stack)) s.add(x.offeredRps());
        return s;
    }
}
