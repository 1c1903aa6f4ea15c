package dev.tpm.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The preset's phase4 object: read, checked before any run, written as campaign.json's protocol.phase4. */
class Phase4PresetTest {
    private static final Path PRESETS = Path.of("harness", "presets");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode smokeJson() throws IOException {
        return (ObjectNode) JSON.readTree(PRESETS.resolve("smoke.json").toFile());
    }

    private static ObjectNode phase4(ObjectNode n) {
        return (ObjectNode) n.get("phase4");
    }

    private static String error(ObjectNode n) {
        return assertThrows(IOException.class, () -> Presets.parse(n.toString(), "p.json")).getMessage();
    }

    @Test
    void theShippedPresetsMeasurePhase4OnGetItemWithOha() throws IOException {
        for (String name : List.of("paper", "pilot", "smoke")) {
            Protocol.Phase4 q = Presets.resolve(name, PRESETS).protocol().phase4();
            assertEquals(List.of("get_item"), q.endpoints(), name);
            assertEquals("oha", q.loadGenerator().tool(), name);
            assertEquals("1.16.0", q.loadGenerator().version(), name);
            assertTrue(q.loadGenerator().latencyCorrection(), name);
            assertTrue(q.offeredRps().stream().allMatch(x -> x > 0) && q.offeredFractions().stream().allMatch(x -> x > 0), name);
        }
        assertNull(Presets.resolve("node-pi", PRESETS).protocol().phase4(), "a seed study's preset has none");
    }

    @Test
    void protocolPhase4IsDataMdsExample() throws IOException {
        ObjectNode n = smokeJson();
        phase4(n).set("offered_rps", JSON.readTree("[500, 2000, 8000]"));
        phase4(n).set("offered_fractions", JSON.readTree("[0.25, 0.5, 0.75, 0.9]"));
        phase4(n).put("runs", 3).put("warmups", 1).put("duration_s", 10).put("concurrency", 30);
        phase4(n).remove("search"); // version 3's example
        phase4(n).remove("prior_load_s"); // cold, as in versions 3 to 5
        Preset p = Presets.parse(n.toString(), "p.json");
        assertEquals("{\"endpoints\":[\"get_item\"],\"offered_rps\":[500,2000,8000],\"offered_fractions\":[0.25,0.5,0.75,0.9],"
                + "\"runs\":3,\"warmups\":1,\"duration_s\":10,\"concurrency\":30,"
                + "\"load_generator\":{\"tool\":\"oha\",\"version\":\"1.16.0\",\"latency_correction\":true}}",
                ProtocolJson.of(p).get("phase4").toString());
        assertEquals(List.of("post_item", "get_item", "get_list", "put_item", "delete_item", "mixed"), p.servedEndpoints());
    }

    @Test
    void badRatesAndFractionsNameTheFileAndKey() throws IOException {
        ObjectNode n = smokeJson();
        ((ArrayNode) phase4(n).get("offered_rps")).add(0);
        assertEquals("p.json: $.phase4.offered_rps[1]: expected a number > 0 and <= 10000000,"
                + " found 0", error(n));

        n = smokeJson();
        ((ArrayNode) phase4(n).get("offered_fractions")).set(0, JSON.getNodeFactory().numberNode(-0.5));
        assertEquals("p.json: $.phase4.offered_fractions[0]: expected a number > 0 and <= 100,"
                + " found -0.5", error(n));

        n = smokeJson();
        ((ArrayNode) phase4(n).get("offered_rps")).add(200);
        assertEquals("p.json: $.phase4.offered_rps[1]: expected each value once, found 200", error(n));

        n = smokeJson();
        phase4(n).putArray("offered_rps");
        phase4(n).putArray("offered_fractions");
        assertTrue(error(n).startsWith("p.json: $.phase4: expected offered_rps or offered_fractions with at least one rate"), error(n));
    }

    @Test
    void fractionsNeedTheEndpointInPhase1() throws IOException {
        ObjectNode n = smokeJson();
        ((ArrayNode) phase4(n).get("endpoints")).add("hello");
        assertEquals("p.json: $.phase4.endpoints[1]: expected an endpoint phase 1 measures ([post_item, get_item, get_list,"
                + " put_item, delete_item, mixed]): offered_fractions are of the stack's phase-1 median rps on it, found \"hello\"",
                error(n));
        // absolute rates only, without a search: any endpoint oha loads
        phase4(n).putArray("offered_fractions");
        phase4(n).remove("search");
        assertEquals(List.of("get_item", "hello"), Presets.parse(n.toString(), "p.json").protocol().phase4().endpoints());
    }

    @Test
    void theLoadGeneratorIsAnOpenLoopToolThatLoadsTheEndpointAtAPinnedVersionWithCorrection() throws IOException {
        ObjectNode n = smokeJson();
        ((ObjectNode) phase4(n).get("load_generator")).put("tool", "wrk");
        assertEquals("p.json: $.phase4.load_generator.tool: expected an open-loop load generator [oha], found \"wrk\"", error(n));

        n = smokeJson();
        ((ObjectNode) phase4(n).get("load_generator")).put("latency_correction", false);
        assertTrue(error(n).startsWith("p.json: $.phase4.load_generator.latency_correction: expected true"), error(n));

        n = smokeJson();
        ((ObjectNode) phase4(n).get("load_generator")).put("version", "latest");
        assertEquals("p.json: $.phase4.load_generator.version: expected a string such as 1.16.0 (the pattern ^\\d+\\.\\d+\\.\\d+\\S*$),"
                + " found 'latest'", error(n));

        n = smokeJson();
        ((ArrayNode) phase4(n).get("endpoints")).set(0, JSON.getNodeFactory().textNode("post_item"));
        assertTrue(error(n).startsWith("p.json: $.phase4.endpoints[0]: expected an endpoint oha loads (oha loads only the GET"
                + " endpoints [get_item, get_list, heavy, hello, hello_json, sleep]"), error(n));
    }
}
