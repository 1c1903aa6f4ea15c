package dev.tpm.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
        assertEquals(Preset.AUTO, p.seedRowsDelete(), "sized from the stack's previous delete run");
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
        assertEquals(Preset.AUTO, p.seedRowsFor(Endpoints.DELETE_ITEM));
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

    private static ObjectNode smokeJson() throws IOException {
        return (ObjectNode) JSON.readTree(PRESETS.resolve("smoke.json").toFile());
    }

    private static String error(ObjectNode n) {
        return assertThrows(IOException.class, () -> Preset.parse(n, "p.json")).getMessage();
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
        assertTrue(missing.getMessage().contains("[paper, pilot, smoke]"), missing.getMessage());
    }

    @Test
    void protocolJsonHasDataMdKeys() throws IOException {
        ObjectNode p = Preset.resolve("paper", PRESETS).protocolJson();
        for (String k : List.of("preset", "runs", "warmups", "duration_s", "concurrency", "threads", "cooldown_s",
                "seed_rows", "seed_rows_delete", "sample_interval_ms", "order", "rng_seed")) {
            assertTrue(p.has(k), k);
        }
        assertEquals("randomized", p.get("order").asText());
        assertEquals(42, p.get("rng_seed").asLong());
    }
}
