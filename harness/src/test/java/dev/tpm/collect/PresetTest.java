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
import dev.tpm.collect.loadgen.LoadGenerator;
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

class PresetTest {
    static final Path PRESETS = Path.of("harness", "presets");
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void paperPresetIsThePapersProtocol() throws IOException {
        Preset p = Presets.resolve("paper", PRESETS);
        assertEquals("paper", p.name());
        assertEquals(50, p.protocol().runs());
        assertEquals(3, p.protocol().warmups());
        assertEquals(10.0, p.protocol().durationS());
        assertEquals(30, p.concurrency());
        assertEquals(2, p.protocol().threads());
        assertEquals(5.0, p.protocol().cooldownS());
        assertEquals(1000L, p.protocol().seedRows());
        assertEquals(new Protocol.DeleteRows(100_000L), p.protocol().seedRowsDelete(), "the paper's 100,000 rows before every stack's delete runs");
        assertEquals(30.0, p.timeoutS(), "well above the 2.2 s p99 the paper reports");
        assertEquals(0.0, p.primeS(), "cold runs, as the paper's");
        assertTrue(p.description().contains("cold start"), "the description says why");
        assertEquals(130, p.protocol().sampleIntervalMs());
        List<String> six = new ArrayList<>(Endpoints.CRUD);
        six.add(Endpoints.MIXED);
        assertEquals(six, p.protocol().endpoints());
        assertEquals(List.of(30, 60, 120, 240), p.protocol().sweep().concurrency());
        assertEquals(Endpoints.GET_ITEM, p.protocol().sweep().endpoint());
        assertNotNull(p.protocol().memory());
        assertEquals(100_000, p.seedRowsFor(Endpoints.DELETE_ITEM));
        assertEquals(1000, p.seedRowsFor(Endpoints.GET_ITEM));
    }

    /** Minutes the preset takes for {@code stacks} stacks at the assumed per-run overhead. */
    static double estimateMinutes(Preset p, int stacks) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < stacks; i++) ids.add("s" + i);
        double s = 0;
        for (PlannedRun r : Plan.of(p, ids)) s += Progress.estimateS(r, p.protocol().settleS(), p.protocol().cooldownS(), Progress.INITIAL_OVERHEAD_S);
        return s / 60;
    }

    /**
     * Version 5's presets: their descriptions' estimates, the quiet gate's one window before each
     * run included and its waits not ({@link PresetV5Test#estimateS}: phase 4's rates and longest
     * search too), for go, rust, python, node and java-jdk.
     */
    @Test
    void unitTakesAboutHalfAnHourAndPilotV5AboutTwoHoursAsTheirDescriptionsSay() throws IOException {
        List<String> five = List.of("go", "rust", "python", "node", "java-jdk");
        Preset unit = Presets.resolve("unit", PRESETS);
        assertEquals(31.25, PresetV5Test.estimateS(unit, five) / 60, 1e-9);
        assertTrue(unit.description().contains("31 min 15 s"), unit.description());
        Preset pilot = Presets.resolve("pilot-v5", PRESETS);
        assertEquals(119 + 10 / 60.0, PresetV5Test.estimateS(pilot, five) / 60, 1e-9);
        assertTrue(pilot.description().contains("119 min 10 s for five"), pilot.description());
    }

    @Test
    void pilotFitsSixtyToNinetyMinutesForFiveStacksAndSaysSo() throws IOException {
        Preset pilot = Presets.resolve("pilot", PRESETS);
        double minutes = estimateMinutes(pilot, 5);
        assertTrue(minutes >= 60 && minutes <= 90, "pilot estimate " + minutes + " min");
        assertEquals(65.5, minutes, 1e-9);
        assertTrue(pilot.description().contains("65 min 30 s for five stacks"), pilot.description());
        assertNotNull(pilot.protocol().sweep());
        assertNotNull(pilot.protocol().memory());
        assertTrue(pilot.protocol().endpoints().containsAll(Endpoints.CRUD) && pilot.protocol().endpoints().contains(Endpoints.MIXED));
        Preset paper = Presets.resolve("paper", PRESETS);
        assertEquals(5 * 6630 / 60.0, estimateMinutes(paper, 5), 1e-6);
        assertTrue(paper.description().contains("9 h 12 min for five stacks"));
        assertEquals(6630, estimateMinutes(paper, 1) * 60, 1e-6);
        Preset smoke = Presets.resolve("smoke", PRESETS);
        assertTrue(estimateMinutes(smoke, 1) < 2);
    }

    @Test
    void pilotV3MeasuresSevenStacksInOneSessionWithEnoughRunsForHolm() throws IOException {
        Preset p = Presets.resolve("pilot-v3", PRESETS);
        assertEquals(10, p.protocol().runs());
        assertEquals(1, p.protocol().warmups());
        assertTrue(p.protocol().durationS() >= 10, "windows of at least 10 s");
        assertEquals("auto", ProtocolJson.of(p).get("seed_rows_delete").asText());
        // phases 1 and 4 only: the sweep and the memory series are another campaign of the device
        assertNull(p.protocol().sweep());
        assertNull(p.protocol().memory());
        assertEquals(100.1, estimateMinutes(p, 7), 1e-9);
        assertTrue(p.description().contains("100 min 06 s for seven"), p.description());
        Protocol.Phase4 q = p.protocol().phase4();
        assertEquals(List.of(Endpoints.GET_ITEM), q.endpoints());
        int rates = q.offeredRps().size() + q.offeredFractions().size();
        double phase4S = 7 * rates * (q.runs() + q.warmups())
                * (q.durationS() + p.protocol().settleS() + p.protocol().cooldownS() + Progress.INITIAL_OVERHEAD_S);
        assertEquals(14 * 60, phase4S, 1e-9);
        assertTrue(p.description().contains("phase 4, 15 runs x 8 s = 120 s a stack, 14 min for seven"), p.description());
        // 21 pairs of 7 stacks over 35 criteria: the family the tests table reports
        double holm = 0.05 / (21 * 35);
        double exactMin = 2.0 / 184_756; // two separated samples of 10: 2 / C(20, 10)
        assertTrue(exactMin < holm, exactMin + " vs " + holm);
    }

    @Test
    void pilotV3CurvesIsTheSweepAndMemoryOfTheSameSevenStacks() throws IOException {
        Preset p = Presets.resolve("pilot-v3-curves", PRESETS);
        // data.md: a campaign has phase-1 runs; the descriptive mixed workload is the one that
        // enters neither the tests nor the weighted aggregates of the first campaign's groups
        assertEquals(List.of(Endpoints.MIXED), p.protocol().endpoints());
        assertTrue(p.protocol().durationS() >= 10);
        assertEquals(List.of(30, 60, 120, 240), p.protocol().sweep().concurrency());
        assertTrue(p.protocol().sweep().runs() >= 5, "at least 5 runs per level (min_n: every level gets a CI)");
        assertEquals(Endpoints.GET_ITEM, p.protocol().sweep().endpoint());
        assertTrue(p.protocol().memory().runs() >= 3 && p.protocol().memory().durationS() >= 60, "at least 3 memory series of 60 s");
        assertNull(p.protocol().phase4());
        assertEquals(67 + 33 / 60.0, estimateMinutes(p, 7), 1e-9);
        assertTrue(p.description().contains("579 s a stack, 67 min 33 s for seven"), p.description());
        assertTrue(p.protocol().rngSeed() != Presets.resolve("pilot-v3", PRESETS).protocol().rngSeed(), "another run order than the first campaign's");
    }

    private static ObjectNode smokeJson() throws IOException {
        return (ObjectNode) JSON.readTree(PRESETS.resolve("smoke.json").toFile());
    }

    private static String error(ObjectNode n) {
        return assertThrows(IOException.class, () -> Presets.parse(n.toString(), "p.json")).getMessage();
    }

    @Test
    void aPresetMayNameTheDevicesModel() throws IOException {
        assertNull(Presets.parse(smokeJson().toString(), "p.json").modelId());
        Preset p = Presets.parse(smokeJson().put("model_id", "x86-vm-2c").toString(), "p.json");
        assertEquals("x86-vm-2c", p.modelId());
        assertEquals("x86-vm-2c", p.withSeedRowsDelete(10).modelId(), "kept by a measured DELETE size");
        assertTrue(error(smokeJson().put("model_id", "pi 5")).startsWith("p.json: $.model_id: expected a string such as pi5-8gb (the pattern ^[A-Za-z0-9][A-Za-z0-9._+-]*$), found 'pi 5'"),
                error(smokeJson().put("model_id", "pi 5")));
    }

    @Test
    void errorsNameTheJsonPath() throws IOException {
        ObjectNode n = smokeJson();
        n.put("runs", 0);
        assertEquals("p.json: $.runs: expected an integer in [1, 100000], found 0", error(n));

        n = smokeJson();
        n.put("duraton_s", 3);
        assertTrue(error(n).startsWith("p.json: $.duraton_s: expected one of the keys preset, description, study,"), error(n));

        n = smokeJson();
        ((com.fasterxml.jackson.databind.node.ArrayNode) n.get("endpoints")).add("patch_item");
        assertTrue(error(n).startsWith("p.json: $.endpoints[6]: expected one of post_item, get_item, get_list, put_item, delete_item, mixed,"), error(n));

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
        IOException e = assertThrows(IOException.class, () -> Presets.load(f));
        assertTrue(e.getMessage().startsWith(f + ": line 3, column "), e.getMessage());
        IOException missing = assertThrows(IOException.class, () -> Presets.resolve("nope", PRESETS));
        assertTrue(missing.getMessage().contains("[app-servers, app-servers-smoke, hello-blog, hello-blog-next, hello-blog-next-smoke, hello-blog-smoke, node-pi,"
                + " node-pi-smoke, paper, pilot, pilot-v3, pilot-v3-curves, pilot-v4, pilot-v5, pilot-v6, smoke, unit, unit-v6]"), missing.getMessage());
    }

    @Test
    void protocolJsonHasDataMdKeys() throws IOException {
        ObjectNode p = ProtocolJson.of(Presets.resolve("paper", PRESETS));
        for (String k : List.of("preset", "runs", "warmups", "duration_s", "concurrency", "threads", "cooldown_s",
                "seed_rows", "seed_rows_delete", "sample_interval_ms", "order", "rng_seed")) {
            assertTrue(p.has(k), k);
        }
        assertEquals("rounds", p.get("order").asText(), "version 5: the paper's campaigns in rounds");
        assertEquals(42, p.get("rng_seed").asLong());
        assertEquals("randomized", ProtocolJson.of(Presets.resolve("pilot-v4", PRESETS)).get("order").asText(),
                "a preset whose campaign is in data/ keeps the order it was collected in");
    }

    @Test
    void theSeedStudiesPresetsAreTheirStudiesProtocols() throws IOException {
        Preset blog = Presets.resolve("hello-blog", PRESETS);
        assertEquals("hello-blog", blog.study());
        assertEquals(Preset.WRK, blog.loadGenerator());
        assertEquals(List.of(Endpoints.HELLO), blog.protocol().endpoints());
        assertEquals(List.of(10, 50), blog.protocol().concurrency());
        assertEquals(10, blog.concurrency());
        assertEquals(2, blog.protocol().threads());
        assertEquals(15.0, blog.protocol().durationS());
        assertEquals(5, blog.protocol().runs());
        assertEquals(1, blog.protocol().warmups());
        assertEquals(2.0, blog.timeoutS());

        Preset app = Presets.resolve("app-servers", PRESETS);
        assertEquals("app-servers", app.study());
        assertEquals(List.of(100), app.protocol().concurrency());
        assertEquals(4, app.protocol().threads());
        assertEquals(30.0, app.protocol().durationS());
        assertEquals(6, app.protocol().runs());
        assertEquals(2000.0, app.timeoutS(), "the original's --timeout 2000");

        Preset pi = Presets.resolve("node-pi", PRESETS);
        assertEquals("node-pi", pi.study());
        assertEquals(LoadGenerator.AUTOCANNON, pi.loadGenerator());
        assertEquals(List.of(Endpoints.HELLO_JSON, Endpoints.HEAVY), pi.protocol().endpoints());
        assertEquals(10, pi.concurrency());
        assertEquals(30.0, pi.protocol().durationS());
        assertEquals(List.of(Endpoints.HELLO_JSON), pi.protocol().memory().endpoints());
        assertEquals(50, pi.protocol().memory().concurrency());
        assertEquals(300, pi.protocol().memory().durationS());
        assertEquals(1000, pi.protocol().memory().sampleIntervalMs());
        assertEquals(1000, pi.sampleIntervalMs(3));
        assertEquals(130, pi.sampleIntervalMs(1));

        Preset paper = Presets.resolve("paper", PRESETS);
        assertEquals(Preset.PAPER_STUDY, paper.study());
        assertEquals(Preset.WRK, paper.loadGenerator());
        assertEquals(30.0, paper.timeoutS(), "well above the largest p99 the paper reports (2.2 s)");
        assertEquals(130, paper.sampleIntervalMs(3));
    }

    @Test
    void theSeedPresetsEstimatesAreTheOnesTheirDescriptionsGive() throws IOException {
        assertEquals(3 * 228 / 60.0, estimateMinutes(Presets.resolve("hello-blog", PRESETS), 3), 1e-9);
        assertTrue(Presets.resolve("hello-blog", PRESETS).description().contains("11 min 24 s for"));
        assertEquals(9 * 238 / 60.0, estimateMinutes(Presets.resolve("app-servers", PRESETS), 9), 1e-9);
        assertTrue(Presets.resolve("app-servers", PRESETS).description().contains("35 min 42 s for the nine stacks"));
        assertEquals(3 * 712 / 60.0, estimateMinutes(Presets.resolve("node-pi", PRESETS), 3), 1e-9);
        assertTrue(Presets.resolve("node-pi", PRESETS).description().contains("35 min 36 s for"));
        assertEquals(8 * 798 / 60.0, estimateMinutes(Presets.resolve("hello-blog-next", PRESETS), 8), 1e-9);
        assertTrue(Presets.resolve("hello-blog-next", PRESETS).description().contains("1 h 46 min 24 s for the eight stacks"));
        for (String name : List.of("hello-blog", "app-servers", "node-pi", "hello-blog-next")) {
            Preset full = Presets.resolve(name, PRESETS);
            Preset smoke = Presets.resolve(name + "-smoke", PRESETS);
            assertEquals(full.study(), smoke.study(), name);
            assertEquals(full.loadGenerator(), smoke.loadGenerator(), name);
            assertEquals(full.protocol().endpoints(), smoke.protocol().endpoints(), name);
            assertEquals(full.protocol().concurrency().size(), smoke.protocol().concurrency().size(), name);
            assertTrue(estimateMinutes(smoke, 3) < 1.5, name + "-smoke: " + estimateMinutes(smoke, 3) + " min");
        }
    }

    @Test
    void helloBlogNextIsTheBlogsProtocolWithTheNewEndpointsAndOneThousandConnections() throws IOException {
        Preset next = Presets.resolve("hello-blog-next", PRESETS);
        Preset blog = Presets.resolve("hello-blog", PRESETS);
        assertEquals("hello-blog-next", next.study());
        assertEquals(List.of("hello", "hello_json", "sleep"), next.protocol().endpoints());
        for (Preset p : List.of(next, blog)) {
            assertEquals(List.of(10, 50), p.protocol().concurrency());
        }
        assertEquals(blog.protocol().durationS(), next.protocol().durationS());
        assertEquals(blog.protocol().runs(), next.protocol().runs());
        assertEquals(blog.protocol().warmups(), next.protocol().warmups());
        assertEquals(blog.protocol().threads(), next.protocol().threads());
        assertEquals(blog.timeoutS(), next.timeoutS());
        assertEquals("hello", next.protocol().sweep().endpoint());
        assertEquals(List.of(1000), next.protocol().sweep().concurrency());
        assertEquals(5, next.protocol().sweep().runs());
        assertEquals(1, next.protocol().sweep().warmups());
        Preset smoke = Presets.resolve("hello-blog-next-smoke", PRESETS);
        assertEquals(next.protocol().sweep().concurrency(), smoke.protocol().sweep().concurrency());
        // every stack answers on the hello endpoint at 1,000 connections: phase 2 plans them all
        List<PlannedRun> plan = Plan.of(next, List.of("a", "b"));
        assertEquals(2 * 6, plan.stream().filter(r -> r.concurrency() == 1000).count());
        assertEquals(2 * 3 * 2 * 6, plan.stream().filter(r -> r.concurrency() != 1000).count());
    }

    @Test
    void phaseOneMeasuresEveryEndpointAtEveryLevel() throws IOException {
        Preset blog = Presets.resolve("hello-blog", PRESETS);
        List<PlannedRun> runs = Plan.of(blog, List.of("a", "b"));
        assertEquals(2 * 2 * (5 + 1), runs.size());
        for (String stack : List.of("a", "b")) {
            for (int c : List.of(10, 50)) {
                assertEquals(5, runs.stream().filter(r -> r.stack().equals(stack) && r.concurrency() == c && !r.warmup()).count());
                assertEquals(1, runs.stream().filter(r -> r.stack().equals(stack) && r.concurrency() == c && r.warmup()).count());
            }
        }
        assertEquals("[10,50]", ProtocolJson.of(blog).get("concurrency").toString());
        assertEquals("30", ProtocolJson.of(Presets.resolve("paper", PRESETS)).get("concurrency").toString());
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
        assertTrue(error(n).startsWith("p.json: $.study: expected a string such as app-servers (the pattern ^[a-z0-9][a-z0-9-]*$), found 'Hello Blog'"), error(n));
    }

    @Test
    void paperSeedsEveryStacksDeleteTableWithThePapers100000Rows() throws IOException {
        Preset paper = Presets.resolve("paper", PRESETS);
        assertEquals(100_000, paper.seedRowsFor(Endpoints.DELETE_ITEM));
        assertEquals(100_000, ProtocolJson.of(paper).get("seed_rows_delete").asInt());
        assertTrue(paper.description().contains("100,000 before every stack's delete runs"), paper.description());
        for (String auto : List.of("pilot", "smoke")) {
            assertEquals(Protocol.DeleteRows.AUTOMATIC, Presets.resolve(auto, PRESETS).protocol().seedRowsDelete(), auto);
            assertEquals(Preset.AUTO, Presets.resolve(auto, PRESETS).seedRowsFor(Endpoints.DELETE_ITEM), auto);
        }
        // an auto campaign records the size it measured: the protocol then carries that number
        Preset measured = Presets.resolve("pilot", PRESETS).withSeedRowsDelete(123_000);
        assertEquals(123_000, measured.seedRowsFor("delete_item"));
        assertEquals(1000, measured.seedRowsFor("get_item"));
        assertEquals(123_000, ProtocolJson.of(measured).get("seed_rows_delete").asInt());
        // and keeps every other key, phase 4 included
        Preset pilot = Presets.resolve("pilot", PRESETS);
        assertTrue(pilot.protocol().phase4() != null);
        assertEquals(pilot.protocol().phase4(), measured.protocol().phase4());
        assertEquals(ProtocolJson.of(pilot.withSeedRowsDelete(pilot.seedRowsFor(Endpoints.DELETE_ITEM) == Preset.AUTO ? 1 : pilot.seedRowsFor(Endpoints.DELETE_ITEM)))
                .without("seed_rows_delete"), ProtocolJson.of(pilot).without("seed_rows_delete"));
    }
}
