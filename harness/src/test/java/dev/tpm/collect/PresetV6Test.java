package dev.tpm.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.campaign.PresetEstimate;
import dev.tpm.collect.command.CollectCommandAccess;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Version 6's presets (servers.md "The machine measured beside the stacks"): unit-v6 and pilot-v6
 * sized by their estimates, with the probe, per-CPU steal at 0.02 and (pilot-v6) a warm phase 4
 * and tests that can resolve; smoke probes and says "tests": false; the resolution of every
 * preset's tests, and collect's refusal of a campaign whose tests cannot resolve.
 */
class PresetV6Test {
    private static final Path PRESETS = PresetTest.PRESETS;
    private static final List<String> FIVE = List.of("go", "rust", "python", "node", "java-jdk");

    @Test
    void unitV6IsTheUnitWithTheProbeWithinThirtyFiveMinutes() throws IOException {
        Preset u = Presets.resolve("unit-v6", PRESETS);
        Preset unit = Presets.resolve("unit", PRESETS);
        PresetEstimate e = PresetEstimate.of(u, FIVE, 0.05, false);
        assertEquals(125, e.runs());
        assertEquals(6, e.probes(), "one before the first run, one after each of the 5 rounds");
        assertEquals(1959, e.seconds(), 1e-9, "1875 s of runs and 6 probes x 2 tests x 7 s");
        assertTrue((e.seconds() + 40) / 60 <= 35, e.seconds() / 60 + " min with the calibration");
        assertTrue(u.description().contains("1959 s, 32 min 39 s") && u.description().contains("5 rounds x 25 runs x 15 s = 1875 s"),
                u.description());
        Protocol q = u.protocol();
        assertEquals(new Protocol.Probe("sysbench", null, 5.0, 25), q.probe());
        assertEquals(0.02, q.maxStealShare());
        assertEquals(Boolean.FALSE, q.tests());
        assertFalse(e.resolution().resolves(), "5 runs a group cannot resolve: hence tests false");
        // key for key the unit's phase 1, so that the groups pool with the pilot's
        ProtocolJson.assertSameKeys(unit, u, "endpoints", "runs", "warmups", "duration_s", "concurrency", "threads", "settle_s",
                "cooldown_s", "timeout_s", "seed_rows", "seed_rows_delete", "mix", "order");
        assertEquals(unit.modelId(), u.modelId());
    }

    @Test
    void pilotV6ResolvesItsTestsWithAWarmPhase4WithinTwoAndAHalfHours() throws IOException {
        Preset p = Presets.resolve("pilot-v6", PRESETS);
        Preset v5 = Presets.resolve("pilot-v5", PRESETS);
        PresetEstimate e = PresetEstimate.of(p, FIVE, 0.05, false);
        assertEquals(8546, e.seconds(), 1e-9);
        assertTrue((e.seconds() + 40) / 60 <= 150, e.seconds() / 60 + " min with the calibration");
        assertTrue(p.description().contains("8546 s, 142 min 26 s"), p.description());
        assertTrue(p.description().contains("phase 1, 60 runs x 15 s = 900 s a stack; phase 5, 10 runs x 35 s = 350 s a stack;"
                + " phase 4, 9 runs x 35 s = 315 s a stack; the search at most 3 runs x 35 s = 105 s a stack"), p.description());
        // the paper's family over five stacks, with and without energy
        PresetEstimate.Resolution r = e.resolution();
        assertEquals(350, r.family());
        assertTrue(r.resolves(), r.line());
        assertTrue(PresetEstimate.of(p, FIVE, 0.05, true).resolution().resolves(), "400 with energy");
        assertEquals(400, PresetEstimate.of(p, FIVE, 0.05, true).resolution().family());
        assertFalse(PresetEstimate.of(v5, FIVE, 0.05, false).resolution().resolves(), "the pilot v5's 7 runs could not");
        assertEquals(5.83e-4, PresetEstimate.of(v5, FIVE, 0.05, false).resolution().smallestP(), 1e-6);
        Protocol q = p.protocol();
        assertNull(q.tests());
        assertEquals(0.02, q.maxStealShare());
        assertNotNull(q.probe());
        assertTrue(q.phase4().priorLoadS() > 0, "a warm phase 4");
        assertTrue(q.phase4().durationS() >= 20, "windows of at least 20 s");
        assertNotNull(q.phase4().search());
        assertNotNull(q.phase5());
        assertEquals("rounds", q.order());
        ProtocolJson.assertSameKeys(v5, p, "endpoints", "warmups", "duration_s", "concurrency", "threads", "settle_s", "cooldown_s",
                "timeout_s", "seed_rows", "seed_rows_delete", "mix", "order", "phase5");
        assertEquals(v5.protocol().phase4().offeredFractions(), q.phase4().offeredFractions());
    }

    @Test
    void smokeProbesAndSaysItsPurposeIsNotTheTests() throws IOException {
        Preset smoke = Presets.resolve("smoke", PRESETS);
        assertNotNull(smoke.protocol().probe());
        assertEquals(Boolean.FALSE, smoke.protocol().tests());
        assertTrue(PresetEstimate.of(smoke, List.of("go"), 0.05, false).seconds() < 75);
    }

    @Test
    void everyPaperPresetsEstimateSaysWhetherItsTestsCanResolve() throws IOException {
        try (var s = Files.list(PRESETS)) {
            for (Path f : s.filter(x -> x.toString().endsWith(".json")).sorted().toList()) {
                Preset p = Presets.load(f);
                List<String> lines = PresetEstimate.of(p, FIVE, 0.05, false).lines(p, FIVE);
                assertTrue(lines.get(0).startsWith("estimate: preset " + p.name() + " on 5 stacks"), lines.get(0));
                if (Preset.PAPER_STUDY.equals(p.study())) {
                    assertTrue(lines.get(1).startsWith("tests: "), f + ": " + lines);
                } else {
                    assertEquals(1, lines.size(), f + ": a seed study's tests are not the paper's");
                }
            }
        }
    }

    @Test
    void theSmallestPIsTwoOverTheCentralBinomialCoefficient() {
        PresetEstimate.Resolution r = new PresetEstimate.Resolution(5, 5, 7, 350, 0.05, 7);
        assertEquals(2.0 / 3432, r.smallestP(), 1e-15);
        assertEquals(0.05 / 350, r.threshold(), 1e-18);
        assertFalse(r.resolves());
        assertEquals("tests: a Holm family of 350 (10 pairs of stacks x 5 endpoints x 7 metrics), first threshold alpha / family"
                + " = 0.05 / 350 = 0.000143; the smallest p of an exact rank test of two groups of 7 runs, 2 / C(14, 7), is"
                + " 0.000583: no pair can be significant whatever the data", r.line());
        assertTrue(new PresetEstimate.Resolution(5, 5, 7, 350, 0.05, 9).resolves());
    }

    @Test
    void collectRefusesUnresolvableTestsUnlessThePresetOrTheUserSaysSo() throws IOException {
        Preset v5 = Presets.resolve("pilot-v5", PRESETS);
        PresetEstimate.Resolution r = PresetEstimate.resolution(v5, 5, 0.05, false);
        String why = CollectCommandAccess.unresolvable(v5, r, false);
        assertTrue(why != null && why.startsWith("preset pilot-v5: its tests cannot resolve a pair (a Holm family of 350")
                && why.endsWith("or pass --accept-unresolvable"), why);
        assertNull(CollectCommandAccess.unresolvable(v5, r, true), "--accept-unresolvable");
        Preset unit = Presets.resolve("unit-v6", PRESETS);
        assertNull(CollectCommandAccess.unresolvable(unit, PresetEstimate.resolution(unit, 5, 0.05, false), false), "\"tests\": false");
        Preset v6 = Presets.resolve("pilot-v6", PRESETS);
        assertNull(CollectCommandAccess.unresolvable(v6, PresetEstimate.resolution(v6, 5, 0.05, false), false));
        assertNull(PresetEstimate.resolution(Presets.resolve("hello-blog", PRESETS), 5, 0.05, false), "a seed study");
    }
}
