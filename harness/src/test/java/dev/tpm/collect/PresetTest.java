package dev.tpm.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.campaign.Plan;
import dev.tpm.collect.campaign.PlannedRun;
import dev.tpm.collect.campaign.Progress;
import dev.tpm.model.Endpoints;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PresetTest {
    static final Path PRESETS = Path.of("harness", "presets");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void paperPresetIsThePapersProtocol() throws IOException {
        Preset p = Preset.resolve("paper", PRESETS);
        assertEquals("paper", p.name());
        assertEquals(50, p.runs());
        assertEquals(3, p.warmups());
        assertEquals(10, p.durationS());
        assertEquals(30, p.concurrency());
        assertEquals(2, p.threads());
        assertEquals(5.0, p.cooldownS());
        assertEquals(1000, p.seedRows());
        assertEquals(100_000, p.seedRowsDelete(), "the paper's 100,000 rows before every stack's delete runs");
        assertEquals(30.0, p.timeoutS(), "well above the 2.2 s p99 the paper reports");
        assertEquals(0.0, p.primeS(), "cold runs, as the paper's");
        assertTrue(p.description().contains("cold start"), "the description says why");
        assertEquals(130, p.sampleIntervalMs());
        List<String> six = new ArrayList<>(Endpoints.CRUD);
        six.add(Endpoints.MIXED);
        assertEquals(six, p.endpoints());
        assertEquals(List.of(30, 60, 120, 240), p.sweep().concurrency());
        assertEquals(Endpoints.GET_ITEM, p.sweep().endpoint());
        assertNotNull(p.memory());
        assertEquals(100_000, p.seedRowsFor(Endpoints.DELETE_ITEM));
        assertEquals(1000, p.seedRowsFor(Endpoints.GET_ITEM));
    }

    /** Minutes the preset takes for {@code stacks} stacks at the assumed per-run overhead. */
    static double estimateMinutes(Preset p, int stacks) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < stacks; i++) ids.add("s" + i);
        double s = 0;
        for (PlannedRun r : Plan.of(p, ids)) s += Progress.estimateS(r, p.settleS(), p.cooldownS(), Progress.INITIAL_OVERHEAD_S);
        return s / 60;
    }

    @Test
    void pilotFitsSixtyToNinetyMinutesForFiveStacksAndSaysSo() throws IOException {
        Preset pilot = Preset.resolve("pilot", PRESETS);
        double minutes = estimateMinutes(pilot, 5);
        assertTrue(minutes >= 60 && minutes <= 90, "pilot estimate " + minutes + " min");
        assertEquals(65.5, minutes, 1e-9);
        assertTrue(pilot.description().contains("65 min 30 s for five stacks"), pilot.description());
        assertNotNull(pilot.sweep());
        assertNotNull(pilot.memory());
        assertTrue(pilot.endpoints().containsAll(Endpoints.CRUD) && pilot.endpoints().contains(Endpoints.MIXED));
        Preset paper = Preset.resolve("paper", PRESETS);
        assertEquals(5 * 6630 / 60.0, estimateMinutes(paper, 5), 1e-6);
        assertTrue(paper.description().contains("9 h 12 min for five stacks"));
        assertEquals(6630, estimateMinutes(paper, 1) * 60, 1e-6);
        Preset smoke = Preset.resolve("smoke", PRESETS);
        assertTrue(estimateMinutes(smoke, 1) < 2);
    }

    @Test
    void pilotV3MeasuresSevenStacksInOneSessionWithEnoughRunsForHolm() throws IOException {
        Preset p = Preset.resolve("pilot-v3", PRESETS);
        assertEquals(10, p.runs());
        assertEquals(1, p.warmups());
        assertTrue(p.durationS() >= 10, "windows of at least 10 s");
        assertEquals("auto", ProtocolJson.of(p).get("seed_rows_delete").asText());
        // phases 1 and 4 only: the sweep and the memory series are another campaign of the device
        assertNull(p.sweep());
        assertNull(p.memory());
        assertEquals(100.1, estimateMinutes(p, 7), 1e-9);
        assertTrue(p.description().contains("100 min 06 s for seven"), p.description());
        Preset.Phase4 q = p.phase4();
        assertEquals(List.of(Endpoints.GET_ITEM), q.endpoints());
        int rates = q.offeredRps().size() + q.offeredFractions().size();
        double phase4S = 7 * rates * (q.runs() + q.warmups())
                * (q.durationS() + p.settleS() + p.cooldownS() + Progress.INITIAL_OVERHEAD_S);
        assertEquals(14 * 60, phase4S, 1e-9);
        assertTrue(p.description().contains("phase 4, 15 runs x 8 s = 120 s a stack, 14 min for seven"), p.description());
        // 21 pairs of 7 stacks over 35 criteria: the family the tests table reports
        double holm = 0.05 / (21 * 35);
        double exactMin = 2.0 / 184_756; // two separated samples of 10: 2 / C(20, 10)
        assertTrue(exactMin < holm, exactMin + " vs " + holm);
    }

    @Test
    void pilotV3CurvesIsTheSweepAndMemoryOfTheSameSevenStacks() throws IOException {
        Preset p = Preset.resolve("pilot-v3-curves", PRESETS);
        // data.md: a campaign has phase-1 runs; the descriptive mixed workload is the one that
        // enters neither the tests nor the weighted aggregates of the first campaign's groups
        assertEquals(List.of(Endpoints.MIXED), p.endpoints());
        assertTrue(p.durationS() >= 10);
        assertEquals(List.of(30, 60, 120, 240), p.sweep().concurrency());
        assertTrue(p.sweep().runs() >= 5, "at least 5 runs per level (min_n: every level gets a CI)");
        assertEquals(Endpoints.GET_ITEM, p.sweep().endpoint());
        assertTrue(p.memory().runs() >= 3 && p.memory().durationS() >= 60, "at least 3 memory series of 60 s");
        assertNull(p.phase4());
        assertEquals(67 + 33 / 60.0, estimateMinutes(p, 7), 1e-9);
        assertTrue(p.description().contains("579 s a stack, 67 min 33 s for seven"), p.description());
        assertTrue(p.rngSeed() != Preset.resolve("pilot-v3", PRESETS).rngSeed(), "another run order than the first campaign's");
    }

    private static ObjectNode smokeJson() throws IOException {
        return (ObjectNode) JSON.readTree(PRESETS.resolve("smoke.json").toFile());
    }

    private static String error(ObjectNode n) {
        return assertThrows(IOException.class, () -> PresetJson.parse(n, "p.json")).getMessage();
    }

    @Test
    void aPresetMayNameTheDevicesModel() throws IOException {
        assertNull(PresetJson.parse(smokeJson(), "p.json").modelId());
        Preset p = PresetJson.parse(smokeJson().put("model_id", "x86-vm-2c"), "p.json");
        assertEquals("x86-vm-2c", p.modelId());
        assertEquals("x86-vm-2c", p.withSeedRowsDelete(10).modelId(), "kept by a measured DELETE size");
        assertTrue(error(smokeJson().put("model_id", "pi 5")).startsWith("p.json: $.model_id: expected a model id"),
                error(smokeJson().put("model_id", "pi 5")));
    }

    @Test
    void errorsNameTheJsonPath() throws IOException {
        ObjectNode n = smokeJson();
        n.put("runs", 0);
        assertEquals("p.json: $.runs: expected an integer in [1, 100000], found 0", error(n));

        n = smokeJson();
        n.put("duraton_s", 3);
        assertTrue(error(n).startsWith("p.json: $.duraton_s: unknown key"), error(n));

        n = smokeJson();
        ((com.fasterxml.jackson.databind.node.ArrayNode) n.get("endpoints")).add("patch_item");
        assertTrue(error(n).startsWith("p.json: $.endpoints[6]: expected an endpoint id"), error(n));

        n = smokeJson();
        n.putArray("endpoints");
        n.remove("mix");
        n.remove("sweep");
        n.remove("memory");
        n.remove("phase4");
        n.remove("phase5");
        assertEquals("p.json: $.endpoints: expected at least one endpoint, or a sweep, memory series or phase5 (a campaign"
                + " without phase-1 runs measures some other phase), found []", error(n));

        n = smokeJson();
        ((ObjectNode) n.get("sweep")).putArray("concurrency").add(4).add(2);
        assertEquals("p.json: $.sweep.concurrency[1]: expected a level above the previous one (4), found 2", error(n));

        n = smokeJson();
        ((ObjectNode) n.get("mix")).put("get_item", 0.5);
        assertTrue(error(n).startsWith("p.json: $.mix: expected weights summing to 1"), error(n));

        n = smokeJson();
        n.put("threads", 8);
        assertTrue(error(n).startsWith("p.json: $.threads: expected at most concurrency (4)"), error(n));

        n = smokeJson();
        n.remove("mix");
        assertTrue(error(n).startsWith("p.json: $.mix: expected an object of weights"), error(n));

        n = smokeJson();
        ((ObjectNode) n.get("memory")).put("duration_s", "long");
        assertTrue(error(n).startsWith("p.json: $.memory.duration_s: expected an integer"), error(n));
    }

    @Test
    void malformedJsonNamesLineAndColumn(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("bad.json");
        Files.writeString(f, "{\n  \"preset\": \"x\",\n  \"runs\": ,\n}\n");
        IOException e = assertThrows(IOException.class, () -> Preset.load(f));
        assertTrue(e.getMessage().startsWith(f + ": line 3, column "), e.getMessage());
        IOException missing = assertThrows(IOException.class, () -> Preset.resolve("nope", PRESETS));
        assertTrue(missing.getMessage().contains("[app-servers, app-servers-smoke, hello-blog, hello-blog-next, hello-blog-next-smoke, hello-blog-smoke, node-pi,"
                + " node-pi-smoke, paper, pilot, pilot-v3, pilot-v3-curves, pilot-v4, smoke]"), missing.getMessage());
    }

    @Test
    void protocolJsonHasDataMdKeys() throws IOException {
        ObjectNode p = ProtocolJson.of(Preset.resolve("paper", PRESETS));
        for (String k : List.of("preset", "runs", "warmups", "duration_s", "concurrency", "threads", "cooldown_s",
                "seed_rows", "seed_rows_delete", "sample_interval_ms", "order", "rng_seed")) {
            assertTrue(p.has(k), k);
        }
        assertEquals("randomized", p.get("order").asText());
        assertEquals(42, p.get("rng_seed").asLong());
    }

    @Test
    void theSeedStudiesPresetsAreTheirStudiesProtocols() throws IOException {
        Preset blog = Preset.resolve("hello-blog", PRESETS);
        assertEquals("hello-blog", blog.study());
        assertEquals(Preset.WRK, blog.loadGenerator());
        assertEquals(List.of(Endpoints.HELLO), blog.endpoints());
        assertEquals(List.of(10, 50), blog.concurrencyLevels());
        assertEquals(10, blog.concurrency());
        assertEquals(2, blog.threads());
        assertEquals(15, blog.durationS());
        assertEquals(5, blog.runs());
        assertEquals(1, blog.warmups());
        assertEquals(2.0, blog.timeoutS());

        Preset app = Preset.resolve("app-servers", PRESETS);
        assertEquals("app-servers", app.study());
        assertEquals(List.of(100), app.concurrencyLevels());
        assertEquals(4, app.threads());
        assertEquals(30, app.durationS());
        assertEquals(6, app.runs());
        assertEquals(2000.0, app.timeoutS(), "the original's --timeout 2000");

        Preset pi = Preset.resolve("node-pi", PRESETS);
        assertEquals("node-pi", pi.study());
        assertEquals(Preset.AUTOCANNON, pi.loadGenerator());
        assertEquals(List.of(Endpoints.HELLO_JSON, Endpoints.HEAVY), pi.endpoints());
        assertEquals(10, pi.concurrency());
        assertEquals(30, pi.durationS());
        assertEquals(List.of(Endpoints.HELLO_JSON), pi.memory().endpoints());
        assertEquals(50, pi.memory().concurrency());
        assertEquals(300, pi.memory().durationS());
        assertEquals(1000, pi.memory().sampleIntervalMs());
        assertEquals(1000, pi.sampleIntervalMs(3));
        assertEquals(130, pi.sampleIntervalMs(1));

        Preset paper = Preset.resolve("paper", PRESETS);
        assertEquals(Preset.PAPER_STUDY, paper.study());
        assertEquals(Preset.WRK, paper.loadGenerator());
        assertEquals(30.0, paper.timeoutS(), "well above the largest p99 the paper reports (2.2 s)");
        assertEquals(130, paper.sampleIntervalMs(3));
    }

    @Test
    void theSeedPresetsEstimatesAreTheOnesTheirDescriptionsGive() throws IOException {
        assertEquals(3 * 228 / 60.0, estimateMinutes(Preset.resolve("hello-blog", PRESETS), 3), 1e-9);
        assertTrue(Preset.resolve("hello-blog", PRESETS).description().contains("11 min 24 s for"));
        assertEquals(9 * 238 / 60.0, estimateMinutes(Preset.resolve("app-servers", PRESETS), 9), 1e-9);
        assertTrue(Preset.resolve("app-servers", PRESETS).description().contains("35 min 42 s for the nine stacks"));
        assertEquals(3 * 712 / 60.0, estimateMinutes(Preset.resolve("node-pi", PRESETS), 3), 1e-9);
        assertTrue(Preset.resolve("node-pi", PRESETS).description().contains("35 min 36 s for"));
        assertEquals(8 * 798 / 60.0, estimateMinutes(Preset.resolve("hello-blog-next", PRESETS), 8), 1e-9);
        assertTrue(Preset.resolve("hello-blog-next", PRESETS).description().contains("1 h 46 min 24 s for the eight stacks"));
        for (String name : List.of("hello-blog", "app-servers", "node-pi", "hello-blog-next")) {
            Preset full = Preset.resolve(name, PRESETS);
            Preset smoke = Preset.resolve(name + "-smoke", PRESETS);
            assertEquals(full.study(), smoke.study(), name);
            assertEquals(full.loadGenerator(), smoke.loadGenerator(), name);
            assertEquals(full.endpoints(), smoke.endpoints(), name);
            assertEquals(full.concurrencyLevels().size(), smoke.concurrencyLevels().size(), name);
            assertTrue(estimateMinutes(smoke, 3) < 1.5, name + "-smoke: " + estimateMinutes(smoke, 3) + " min");
        }
    }

    @Test
    void helloBlogNextIsTheBlogsProtocolWithTheNewEndpointsAndOneThousandConnections() throws IOException {
        Preset next = Preset.resolve("hello-blog-next", PRESETS);
        Preset blog = Preset.resolve("hello-blog", PRESETS);
        assertEquals("hello-blog-next", next.study());
        assertEquals(List.of("hello", "hello_json", "sleep"), next.endpoints());
        for (Preset p : List.of(next, blog)) {
            assertEquals(List.of(10, 50), p.concurrencyLevels());
        }
        assertEquals(blog.durationS(), next.durationS());
        assertEquals(blog.runs(), next.runs());
        assertEquals(blog.warmups(), next.warmups());
        assertEquals(blog.threads(), next.threads());
        assertEquals(blog.timeoutS(), next.timeoutS());
        assertEquals("hello", next.sweep().endpoint());
        assertEquals(List.of(1000), next.sweep().concurrency());
        assertEquals(5, next.sweep().runs());
        assertEquals(1, next.sweep().warmups());
        Preset smoke = Preset.resolve("hello-blog-next-smoke", PRESETS);
        assertEquals(next.sweep().concurrency(), smoke.sweep().concurrency());
        // every stack answers on the hello endpoint at 1,000 connections: phase 2 plans them all
        List<PlannedRun> plan = Plan.of(next, List.of("a", "b"));
        assertEquals(2 * 6, plan.stream().filter(r -> r.concurrency() == 1000).count());
        assertEquals(2 * 3 * 2 * 6, plan.stream().filter(r -> r.concurrency() != 1000).count());
    }

    @Test
    void phaseOneMeasuresEveryEndpointAtEveryLevel() throws IOException {
        Preset blog = Preset.resolve("hello-blog", PRESETS);
        List<PlannedRun> runs = Plan.of(blog, List.of("a", "b"));
        assertEquals(2 * 2 * (5 + 1), runs.size());
        for (String stack : List.of("a", "b")) {
            for (int c : List.of(10, 50)) {
                assertEquals(5, runs.stream().filter(r -> r.stack().equals(stack) && r.concurrency() == c && !r.warmup()).count());
                assertEquals(1, runs.stream().filter(r -> r.stack().equals(stack) && r.concurrency() == c && r.warmup()).count());
            }
        }
        assertEquals("[10,50]", ProtocolJson.of(blog).get("concurrency").toString());
        assertEquals("30", ProtocolJson.of(Preset.resolve("paper", PRESETS)).get("concurrency").toString());
    }

    @Test
    void seedStudyKeysAreChecked() throws IOException {
        ObjectNode n = smokeJson();
        n.put("load_generator", "ab");
        assertEquals("p.json: $.load_generator: expected one of [\"autocannon\", \"wrk\"] (phases 1-3 keep their connections"
                + " busy; an open-loop tool belongs in phase4.load_generator), found \"ab\"", error(n));
        n = smokeJson();
        n.put("load_generator", "oha");
        assertTrue(error(n).startsWith("p.json: $.load_generator: expected one of [\"autocannon\", \"wrk\"]"), error(n));

        n = smokeJson();
        n.put("load_generator", "autocannon");
        assertEquals("p.json: $.load_generator: expected wrk for the endpoint 'post_item' (autocannon loads only"
                + " [heavy, hello, hello_json]: plain GETs, no request script), found \"autocannon\"", error(n));

        n = smokeJson();
        n.putArray("concurrency").add(8).add(4);
        assertEquals("p.json: $.concurrency[1]: expected a level above the previous one (8), found 4", error(n));

        n = smokeJson();
        n.putArray("concurrency").add(1).add(4);
        assertTrue(error(n).startsWith("p.json: $.threads: expected at most concurrency (1)"), error(n));

        n = smokeJson();
        n.put("timeout_s", 1.5);
        assertTrue(error(n).startsWith("p.json: $.timeout_s: expected an integer"), error(n));

        n = smokeJson();
        n.put("study", "Hello Blog");
        assertTrue(error(n).startsWith("p.json: $.study: expected a study id"), error(n));
    }

    @Test
    void paperSeedsEveryStacksDeleteTableWithThePapers100000Rows() throws IOException {
        Preset paper = Preset.resolve("paper", PRESETS);
        assertEquals(100_000, paper.seedRowsDelete());
        assertEquals(100_000, ProtocolJson.of(paper).get("seed_rows_delete").asInt());
        assertTrue(paper.description().contains("100,000 before every stack's delete runs"), paper.description());
        for (String auto : List.of("pilot", "smoke")) {
            assertEquals(Preset.AUTO, Preset.resolve(auto, PRESETS).seedRowsDelete(), auto);
        }
        // an auto campaign records the size it measured: the protocol then carries that number
        Preset measured = Preset.resolve("pilot", PRESETS).withSeedRowsDelete(123_000);
        assertEquals(123_000, measured.seedRowsFor("delete_item"));
        assertEquals(1000, measured.seedRowsFor("get_item"));
        assertEquals(123_000, ProtocolJson.of(measured).get("seed_rows_delete").asInt());
        // and keeps every other key, phase 4 included
        Preset pilot = Preset.resolve("pilot", PRESETS);
        assertTrue(pilot.phase4() != null);
        assertEquals(pilot.phase4(), measured.phase4());
        assertEquals(ProtocolJson.of(pilot.withSeedRowsDelete(pilot.seedRowsDelete() == Preset.AUTO ? 1 : pilot.seedRowsDelete()))
                .without("seed_rows_delete"), ProtocolJson.of(pilot).without("seed_rows_delete"));
    }
}
