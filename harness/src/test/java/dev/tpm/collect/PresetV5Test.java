package dev.tpm.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.campaign.Plan;
import dev.tpm.collect.campaign.PlannedRun;
import dev.tpm.collect.campaign.Progress;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Version 5's presets: {@code unit} and {@code pilot-v5} sized by their estimates, in rounds with
 * the quiet gate; {@code smoke} still about a minute with the gate off; the presets whose
 * campaigns are in data/ kept in the order they were collected in; and version 5's bad input
 * refused with the preset file and key before any run.
 */
class PresetV5Test {
    private static final Path PRESETS = PresetTest.PRESETS;
    private static final List<String> FIVE = List.of("go", "rust", "python", "node", "java-jdk");

    /**
     * Seconds a campaign of the preset takes on {@code stacks} at the assumed overhead, the quiet
     * gate's first window included and its waits not: the plan (phases 1, 2, 3 and 5), phase 4's
     * declared rates and the longest search, and the DELETE calibration.
     */
    static double estimateS(Preset p, List<String> stacks) {
        return dev.tpm.collect.campaign.PresetEstimate.of(p, stacks, 0.05, false).seconds();
    }

    @Test
    void unitAddsAUnitInAboutThirtyMinutesKeyedLikeThePilotsPhase1() throws IOException {
        Preset u = Presets.resolve("unit", PRESETS);
        Preset pilot = Presets.resolve("pilot-v4", PRESETS);
        Protocol q = u.protocol();
        double s = estimateS(u, FIVE);
        assertEquals(1875, s, 1e-9, "5 rounds x 25 runs x 15 s");
        assertTrue(s / 60 >= 25 && s / 60 <= 35, s / 60 + " min");
        assertTrue(u.description().contains("5 rounds x 25 runs x 15 s = 1875 s, 31 min 15 s"), u.description());
        assertEquals("rounds", q.order());
        assertEquals(0.05, q.maxStealShare());
        assertTrue(q.runs() >= AnalysisConfig.defaults().minN(), "at least min_n rounds");
        // the endpoints of the declared mix, keyed like the pilot's phase 1, so that the groups pool
        assertEquals(List.copyOf(q.mix().keySet()), q.endpoints());
        assertEquals(Endpoints.CRUD, q.endpoints());
        ProtocolJson.assertSameKeys(pilot, u, "duration_s", "concurrency", "threads", "settle_s", "cooldown_s", "timeout_s",
                "seed_rows", "seed_rows_delete");
        assertEquals(pilot.modelId(), u.modelId());
        assertNull(q.sweep());
        assertNull(q.phase4());
        assertNull(q.phase5());
    }

    @Test
    void pilotV5FitsAboutTwoHoursBeforeTheGatesWaits() throws IOException {
        Preset p = Presets.resolve("pilot-v5", PRESETS);
        Preset v4 = Presets.resolve("pilot-v4", PRESETS);
        Protocol q = p.protocol();
        double s = estimateS(p, FIVE);
        assertEquals(5 * 1430, s, 1e-9);
        assertTrue(s / 60 >= 105 && s / 60 <= 125, s / 60 + " min");
        assertTrue(p.description().contains("1430 s a stack, 119 min 10 s for five"), p.description());
        assertTrue(p.description().contains("phase 1, 48 runs x 15 s = 720 s a stack; phase 5, 10 runs x 35 s = 350 s a stack;"
                + " phase 4, 18 runs x 10 s = 180 s a stack; the search at most 18 runs x 10 s = 180 s a stack"), p.description());
        assertEquals("rounds", q.order());
        assertEquals(0.05, q.maxStealShare());
        // the pilot v4's phase 1, key for key
        ProtocolJson.assertSameKeys(v4, p, "endpoints", "duration_s", "concurrency", "threads", "settle_s", "cooldown_s",
                "seed_rows_delete");
        assertEquals(v4.protocol().phase5().endpoints(), q.phase5().endpoints());
        assertEquals(List.of(Endpoints.GET_ITEM, Endpoints.POST_ITEM), q.phase5().endpoints());
        assertTrue(q.runs() >= AnalysisConfig.defaults().minN() && q.phase5().runs() >= AnalysisConfig.defaults().minN());
        assertTrue(q.phase4().runs() >= 5, "at least 5 runs per rate");
        assertTrue(q.phase4().search() != null, "with its search");
        assertTrue(q.rngSeed() != v4.protocol().rngSeed(), "another order than the pilot v4's");
    }

    @Test
    void smokeStaysAboutAMinuteInRoundsWithTheGateOff() throws IOException {
        Preset smoke = Presets.resolve("smoke", PRESETS);
        assertEquals("rounds", smoke.protocol().order());
        assertNull(smoke.protocol().maxStealShare(), "no gate: a test's run time does not depend on the host's weather");
        double s = estimateS(smoke, List.of("go"));
        assertTrue(s < 75, s + " s for one stack");
    }

    @Test
    void presetsWhoseCampaignsAreInDataKeepTheirOrderAndNoGate() throws IOException {
        for (String name : List.of("pilot", "pilot-v3", "pilot-v3-curves", "pilot-v4", "hello-blog", "hello-blog-next",
                "app-servers", "node-pi")) {
            Protocol q = Presets.resolve(name, PRESETS).protocol();
            assertEquals("randomized", q.order(), name);
            assertNull(q.maxStealShare(), name);
            assertNull(q.quiet(), name);
        }
        assertEquals("rounds", Presets.resolve("paper", PRESETS).protocol().order());
        assertEquals(0.05, Presets.resolve("paper", PRESETS).protocol().maxStealShare());
    }

    @Test
    void version5BadInputNamesThePresetFileAndKey(@TempDir Path dir) throws IOException {
        String smoke = Files.readString(PRESETS.resolve("smoke.json"));
        String[][] cases = {
            {"\"order\": \"rounds\"", "\"order\": \"interleaved\"", "$.order: expected one of rounds, randomized, found 'interleaved'"},
            {"\"max_steal_share\": null", "\"max_steal_share\": 1.2", "$.max_steal_share: expected a number from 0 to 1, or null, found 1.2"},
            {"\"max_steal_share\": null", "\"max_steal_share\": -0.1", "$.max_steal_share: expected a number from 0 to 1, or null, found -0.1"},
            {"\"max_steal_share\": null", "\"quiet\": {\"window_s\": 0}", "$.quiet.window_s: expected a number > 0 and <= 3600, found 0"},
            {"\"max_steal_share\": null", "\"quiet\": {\"max_wait_s\": 0}", "$.quiet.max_wait_s: expected a number > 0 and <= 86400, found 0"},
        };
        List<String> seen = new ArrayList<>();
        for (String[] c : cases) {
            assertTrue(smoke.contains(c[0]), c[0]);
            Path f = dir.resolve("bad-" + seen.size() + ".json");
            Files.writeString(f, smoke.replace(c[0], c[1]));
            IOException e = assertThrows(IOException.class, () -> Presets.load(f), c[1]);
            assertTrue(e.getMessage().startsWith(f + ": " + c[2]), e.getMessage());
            seen.add(c[1]);
        }
    }
}
