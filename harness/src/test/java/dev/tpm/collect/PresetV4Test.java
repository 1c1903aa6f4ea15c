package dev.tpm.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.campaign.Phase5Plan;
import dev.tpm.collect.campaign.PlannedRun;
import dev.tpm.collect.campaign.Progress;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Version 4's preset keys: phase5, phase4.search, model_id, and a campaign without phase-1 runs. */
class PresetV4Test {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode smokeJson() throws IOException {
        return (ObjectNode) JSON.readTree(PresetTest.PRESETS.resolve("smoke.json").toFile());
    }

    private static String error(ObjectNode n) {
        return assertThrows(IOException.class, () -> Presets.parse(n.toString(), "p.json")).getMessage();
    }

    @Test
    void badPhase5AndSearchInputIsRefusedNamingItsKey() throws IOException {
        ObjectNode n = smokeJson();
        ((ObjectNode) n.get("phase5")).put("prior_load_s", 0);
        assertTrue(error(n).startsWith("p.json: $.phase5.prior_load_s: expected a number > 0 and <= 86400, found 0"), error(n));
        n = smokeJson();
        ((ObjectNode) n.get("phase5")).put("prior_load_s", -3);
        assertTrue(error(n).startsWith("p.json: $.phase5.prior_load_s: expected"), error(n));
        n = smokeJson();
        ((ObjectNode) n.get("phase4").get("search")).put("factor", 1);
        assertTrue(error(n).startsWith("p.json: $.phase4.search.factor: expected a number > 1 and <= 100"), error(n));
        n = smokeJson();
        ((ObjectNode) n.get("phase4").get("search")).put("factor", 0.8);
        assertTrue(error(n).startsWith("p.json: $.phase4.search.factor: expected a number > 1 and <= 100"), error(n));
        n = smokeJson();
        ((ObjectNode) n.get("phase4").get("search")).put("max_fraction", 0);
        assertTrue(error(n).startsWith("p.json: $.phase4.search.max_fraction: expected"), error(n));
        n = smokeJson();
        ((ObjectNode) n.get("phase4").get("search")).put("step", 2);
        assertTrue(error(n).startsWith("p.json: $.phase4.search.step: expected one of the keys factor, max_fraction, found the unknown key 'step'"), error(n));
        n = smokeJson();
        ((ObjectNode) n.get("phase5")).putArray("endpoints").add("get_item").add("get_item");
        assertTrue(error(n).startsWith("p.json: $.phase5.endpoints[1]: expected each value once, found 'get_item'"), error(n));
        n = smokeJson();
        ((ObjectNode) n.get("phase5")).putArray("endpoints").add("delete_item");
        assertTrue(error(n).startsWith("p.json: $.phase5.endpoints[0]: expected an endpoint other than delete_item"), error(n));
        n = smokeJson();
        ((ObjectNode) n.get("phase5")).put("concurrency", 1);
        assertTrue(error(n).startsWith("p.json: $.phase5.concurrency: expected at least threads (2), found 1"), error(n));
        n = smokeJson();
        n.put("model_id", "x86 vm");
        assertTrue(error(n).startsWith("p.json: $.model_id: expected a string such as pi5-8gb"), error(n));
        // the search stops at a fraction of the phase-1 median: its endpoints must be measured in phase 1
        n = smokeJson();
        n.putArray("endpoints").add("get_list");
        ((ObjectNode) n.get("phase4")).remove("offered_fractions");
        assertTrue(error(n).startsWith("p.json: $.phase4.endpoints[0]: expected an endpoint phase 1 measures ([get_list])"),
                error(n));
    }

    @Test
    void aPresetWithoutPhase1RunsIsValidWhenAnotherPhaseMeasures() throws IOException {
        ObjectNode n = smokeJson();
        n.putArray("endpoints");
        n.remove("phase4");
        Preset p = Presets.parse(n.toString(), "p.json");
        assertEquals(List.of(), p.protocol().endpoints());
        assertTrue(dev.tpm.collect.campaign.Plan.of(p, List.of("go")).stream().noneMatch(r -> r.phase() == 1));
        assertEquals("[]", ProtocolJson.of(p).get("endpoints").toString());
    }

    @Test
    void smokeHasAShortPhase5AndASearchRecordedInItsProtocol() throws IOException {
        Preset smoke = Presets.resolve("smoke", PresetTest.PRESETS);
        assertEquals(new Protocol.Search(2, 1.0), smoke.protocol().phase4().search());
        assertEquals(List.of(Endpoints.GET_ITEM), smoke.protocol().phase5().endpoints());
        JsonNode p = ProtocolJson.of(smoke);
        assertEquals("{\"factor\":2.0,\"max_fraction\":1.0}", p.at("/phase4/search").toString());
        // as data.md version 4 writes them: the search's decimals, phase 5's whole seconds as integers
        assertEquals("{\"endpoints\":[\"get_item\"],\"prior_load_s\":1,\"runs\":1,\"warmups\":0,\"duration_s\":1,"
                + "\"concurrency\":4}", p.get("phase5").toString());
        assertTrue(smoke.servedEndpoints().contains(Endpoints.GET_ITEM));
        assertNull(smoke.modelId());
        // phase 5: one run a stack, in an order over the stacks
        List<PlannedRun> runs = Phase5Plan.of(smoke, List.of("go", "rust"));
        assertEquals(2, runs.size());
        assertTrue(runs.stream().allMatch(r -> r.phase() == 5 && r.concurrency() == 4 && r.durationS() == 1));
        // the search's extra rate and phase 5's prior load still keep a stack under a minute
        double phase4S = (2 + 1) * (1 + smoke.protocol().settleS() + smoke.protocol().cooldownS() + Progress.INITIAL_OVERHEAD_S);
        double phase5S = 1 + 1 + smoke.protocol().settleS() + smoke.protocol().cooldownS() + Progress.INITIAL_OVERHEAD_S;
        assertTrue(PresetTest.estimateMinutes(smoke, 1) * 60 + phase4S + phase5S < 60);
    }

    @Test
    void pilotV4IsPilotV3sPhases1And4WithTheSearchPhase5AndAModel() throws IOException {
        Preset v3 = Presets.resolve("pilot-v3", PresetTest.PRESETS);
        Preset v4 = Presets.resolve("pilot-v4", PresetTest.PRESETS);
        assertEquals("x86-vm-2c", v4.modelId());
        // phase 1 pools with the pilot v3's: every phase-1 key of the protocol the same
        ObjectNode p3 = ProtocolJson.of(v3).without(List.of("preset", "phase4"));
        ObjectNode p4 = ProtocolJson.of(v4).without(List.of("preset", "phase4", "phase5"));
        assertEquals(p3, p4);
        // phase 4's declared rates the same, plus the search
        ObjectNode q3 = (ObjectNode) ProtocolJson.of(v3).get("phase4");
        ObjectNode q4 = ((ObjectNode) ProtocolJson.of(v4).get("phase4")).deepCopy();
        q4.remove("search");
        assertEquals(q3, q4);
        assertEquals("{\"factor\":1.25,\"max_fraction\":2.0}", ProtocolJson.of(v4).at("/phase4/search").toString());
        assertEquals("{\"endpoints\":[\"get_item\",\"post_item\"],\"prior_load_s\":20,\"runs\":5,\"warmups\":0,"
                + "\"duration_s\":10,\"concurrency\":30}", ProtocolJson.of(v4).get("phase5").toString());
        Protocol.Search s = v4.protocol().phase4().search();
        assertTrue(s.factor() > 1 && s.maxFraction() > 0.9);
        Protocol.Phase5 q5 = v4.protocol().phase5();
        assertEquals(List.of(Endpoints.GET_ITEM, Endpoints.POST_ITEM), q5.endpoints());
        assertTrue(q5.priorLoadS() >= 20 && q5.priorLoadS() <= 30 && q5.runs() >= 4, q5.toString());
        assertEquals(v4.concurrency(), q5.concurrency(), "warm against cold at phase 1's concurrency");
        assertEquals(v4.protocol().durationS(), q5.durationS());

        // the estimate its description gives, at the assumed per-run overhead
        double per = v4.protocol().settleS() + v4.protocol().cooldownS() + Progress.INITIAL_OVERHEAD_S;
        double phase1 = PresetTest.estimateMinutes(v4, 5) * 60;
        assertEquals(5 * 858, phase1, 1e-9);
        Protocol.Phase4 q = v4.protocol().phase4();
        int rates = q.offeredRps().size() + q.offeredFractions().size();
        double phase4 = 5 * rates * (q.runs() + q.warmups()) * (q.durationS() + per);
        assertEquals(10 * 60, phase4, 1e-9);
        // the search's rates after 0.9 x the median, below max_fraction x the median
        int steps = 0;
        for (double f = 0.9 * s.factor(); f <= s.maxFraction(); f *= s.factor()) steps++;
        assertEquals(3, steps);
        double search = 5 * steps * (q.runs() + q.warmups()) * (q.durationS() + per);
        assertEquals(6 * 60, search, 1e-9);
        double phase5 = 5 * q5.endpoints().size() * (q5.runs() + q5.warmups()) * (q5.priorLoadS() + q5.durationS() + per);
        assertEquals(27.5 * 60, phase5, 1e-9);
        double calibration = 5 * 3;
        double minutes = (phase1 + phase4 + search + phase5 + calibration) / 60;
        assertEquals(115.25, minutes, 1e-9);
        assertTrue(minutes >= 100 && minutes <= 125, "about two hours: " + minutes);
        assertTrue(v4.description().contains("at most 115 min 15 s in all"), v4.description());
        assertTrue(v4.description().contains("phase 5, 10 runs x 33 s = 330 s a stack, 27 min 30 s for five"));
    }

    /**
     * campaign.json's protocol read back equals the preset's (a resume under the same preset goes
     * on), and a preset whose search or phase 5 differs gives another protocol (a resume under it
     * is refused: CampaignJsonWriter compares the two records).
     */
    @Test
    void theSearchAndPhase5AreReadBackFromCampaignJsonAndTellProtocolsApart(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws IOException {
        for (String name : List.of("smoke", "pilot-v4")) {
            Preset p = Presets.resolve(name, PresetTest.PRESETS);
            dev.tpm.model.Campaign c = dev.tpm.model.Campaign.of(name, null, dev.tpm.model.Device.of("d", null, null, null, null,
                    null, null, null, null, null, null, null, null, null), null, p.protocol(),
                    List.of(new dev.tpm.model.StackInfo("s", null, null, null, null)));
            java.nio.file.Path dir = tmp.resolve("raw").resolve(name);
            java.nio.file.Files.createDirectories(dir);
            dev.tpm.codec.CampaignJson.write(dir.resolve("campaign.json"), c);
            dev.tpm.codec.Problems problems = new dev.tpm.codec.Problems();
            dev.tpm.codec.CampaignJson.Read read = dev.tpm.codec.CampaignJson.read(tmp, name, problems);
            assertEquals(List.of(), problems.all(), name);
            assertEquals(p.protocol(), read.campaign().protocol(), name);
            assertEquals(p.protocol().phase4().search(), read.campaign().protocol().phase4().search(), name);
            assertEquals(p.protocol().phase5(), read.campaign().protocol().phase5(), name);

            ObjectNode n = (ObjectNode) JSON.readTree(PresetTest.PRESETS.resolve(name + ".json").toFile());
            ((ObjectNode) n.get("phase4").get("search")).put("factor", 3);
            assertTrue(!Presets.parse(n.toString(), "p.json").protocol().equals(read.campaign().protocol()), name + ": search");
            n = (ObjectNode) JSON.readTree(PresetTest.PRESETS.resolve(name + ".json").toFile());
            ((ObjectNode) n.get("phase5")).put("prior_load_s", 7);
            assertTrue(!Presets.parse(n.toString(), "p.json").protocol().equals(read.campaign().protocol()), name + ": phase 5");
        }
    }
}
