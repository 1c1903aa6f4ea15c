package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The contract's preset reader on its own: what it knows of load generators is what it is given
 * (the harness's own presets and rules are tested in the harness, PresetTest and beside it).
 */
class PresetJsonTest {
    /** Two closed-loop tools, one of which loads only hello; no open-loop one. */
    static final PresetJson.Tools TOOLS = new PresetJson.Tools() {
        @Override
        public List<String> closedLoop() {
            return List.of("plain", "wrk");
        }

        @Override
        public List<String> openLoop() {
            return List.of();
        }

        @Override
        public String cannotLoad(String tool, String endpoint) {
            return tool.equals("plain") && !endpoint.equals(Endpoints.HELLO) ? "plain loads only hello" : null;
        }
    };

    private static String preset(String extra) {
        return "{\"preset\": \"t\", \"runs\": 3, \"warmups\": 1, \"duration_s\": 5, \"concurrency\": [2, 8], \"threads\": 2,"
                + " \"cooldown_s\": 0.5, \"settle_s\": 1, \"seed_rows\": 10, \"seed_rows_delete\": 20, \"sample_interval_ms\": 100,"
                + " \"endpoints\": [\"hello\"], \"rng_seed\": 9, \"max_retries\": 1, \"startup_timeout_s\": 30,"
                + " \"stop_grace_s\": 5" + extra + "}";
    }

    @Test
    void aPresetIsItsProtocolAndTheSettingsOutsideIt() throws IOException {
        Preset p = PresetJson.parse(preset(""), "t.json", TOOLS);
        Protocol q = p.protocol();
        assertEquals("t", p.name());
        assertEquals(List.of(2, 8), q.concurrency());
        assertEquals(2, p.concurrency());
        assertEquals(5.0, q.durationS());
        assertEquals("rounds", q.order(), "version 5: rounds unless the preset says randomized");
        assertEquals(0.05, q.maxStealShare(), "servers.md version 5's default");
        assertEquals(new Protocol.Quiet(2.0, 300.0), q.quiet(), "the defaults, recorded");
        assertEquals(new Protocol.DeleteRows(20L), q.seedRowsDelete());
        assertEquals(20, p.seedRowsFor(Endpoints.DELETE_ITEM));
        assertEquals(10, p.seedRowsFor(Endpoints.HELLO));
        assertNull(q.mix());
        assertNull(q.timeoutS());
        assertEquals(Double.NaN, p.timeoutS());
        assertNull(q.primeS(), "prime_s absent: none");
        assertEquals(0.0, p.primeS());
        assertEquals(Preset.PAPER_STUDY, p.study());
        assertEquals(Preset.WRK, p.loadGenerator());
        assertEquals("", p.description());
        assertNull(p.modelId());
    }

    @Test
    void version5ReadsOrderMaxStealShareAndQuiet() throws IOException {
        Protocol q = PresetJson.parse(preset(", \"order\": \"randomized\", \"max_steal_share\": 0.1,"
                + " \"quiet\": {\"window_s\": 0.5}"), "t.json", TOOLS).protocol();
        assertEquals("randomized", q.order());
        assertEquals(0.1, q.maxStealShare());
        assertEquals(new Protocol.Quiet(0.5, 300.0), q.quiet(), "a missing max_wait_s is its default");
        Protocol off = PresetJson.parse(preset(", \"max_steal_share\": null"), "t.json", TOOLS).protocol();
        assertNull(off.maxStealShare(), "null: the gate and the rule off");
        assertNull(off.quiet(), "no gate, no quiet recorded");
        assertEquals(0.0, PresetJson.parse(preset(", \"max_steal_share\": 0"), "t.json", TOOLS).protocol().maxStealShare());
        assertEquals(1.0, PresetJson.parse(preset(", \"max_steal_share\": 1"), "t.json", TOOLS).protocol().maxStealShare());
    }

    @Test
    void version5BadInputNamesTheFileAndKey() {
        String[][] cases = {
            {", \"order\": \"shuffled\"", "t.json: $.order: expected one of rounds, randomized, found 'shuffled'"},
            {", \"order\": 3", "t.json: $.order: expected one of rounds, randomized, found 3"},
            {", \"max_steal_share\": 1.5", "t.json: $.max_steal_share: expected a number from 0 to 1, or null, found 1.5"},
            {", \"max_steal_share\": -0.01", "t.json: $.max_steal_share: expected a number from 0 to 1, or null, found -0.01"},
            {", \"max_steal_share\": \"5 %\"", "t.json: $.max_steal_share: expected a number from 0 to 1, or null, found '5 %'"},
            {", \"quiet\": {\"window_s\": 0}", "t.json: $.quiet.window_s: expected a number > 0 and <= 3600, found 0"},
            {", \"quiet\": {\"max_wait_s\": -1}", "t.json: $.quiet.max_wait_s: expected a number > 0 and <= 86400, found -1"},
            {", \"quiet\": {\"window\": 2}", "t.json: $.quiet.window: expected one of the keys window_s, max_wait_s, found the unknown key 'window'"},
            {", \"quiet\": 2", "t.json: $.quiet: expected an object, found 2"},
        };
        for (String[] c : cases) {
            IOException e = assertThrows(IOException.class, () -> PresetJson.parse(preset(c[0]), "t.json", TOOLS), c[0]);
            assertEquals(c[1], e.getMessage(), c[0]);
        }
    }

    /**
     * A preset's protocol keys are campaign.schema.json's definitions ($defs/protocol) with the
     * preset's own bounds over them: a message names both, whichever of the two refused the value.
     */
    @Test
    void aSharedProtocolKeyIsCheckedWithThePresetsBoundsOverItsDefinition() {
        String[][] cases = {
            {"\"runs\": 3", "\"runs\": \"x\"", "t.json: $.runs: expected an integer in [1, 100000], found 'x'"},
            {"\"runs\": 3", "\"runs\": 0", "t.json: $.runs: expected an integer in [1, 100000], found 0"},
            {"\"duration_s\": 5", "\"duration_s\": 1.5", "t.json: $.duration_s: expected an integer in [1, 86400], found 1.5"},
            {"\"threads\": 2", "\"threads\": 2000", "t.json: $.threads: expected an integer in [1, 1024], found 2000"},
            {"\"stop_grace_s\": 5", "\"stop_grace_s\": -1", "t.json: $.stop_grace_s: expected a number from 0.001 to 3600, found -1"},
        };
        for (String[] c : cases) {
            String json = preset("").replace(c[0], c[1]);
            IOException e = assertThrows(IOException.class, () -> PresetJson.parse(json, "t.json", TOOLS), c[1]);
            assertEquals(c[2], e.getMessage(), c[1]);
        }
        String sweep = ", \"sweep\": {\"endpoint\": \"hello\", \"concurrency\": [2], \"runs\": 0, \"warmups\": 0}";
        IOException e = assertThrows(IOException.class, () -> PresetJson.parse(preset(sweep), "t.json", TOOLS));
        assertEquals("t.json: $.sweep.runs: expected an integer in [1, 100000], found 0", e.getMessage());
    }

    @Test
    void aMemorySeriesRecordsItsOwnIntervalOnlyWhereItDiffers() throws IOException {
        String memory = ", \"memory\": {\"endpoints\": [\"hello\"], \"runs\": 1, \"duration_s\": 4, \"concurrency\": 2";
        Preset own = PresetJson.parse(preset(memory + ", \"sample_interval_ms\": 500}"), "t.json", TOOLS);
        assertEquals(500, own.protocol().memory().sampleIntervalMs());
        assertEquals(500, own.sampleIntervalMs(3));
        assertEquals(100, own.sampleIntervalMs(1));
        Preset same = PresetJson.parse(preset(memory + ", \"sample_interval_ms\": 100}"), "t.json", TOOLS);
        assertNull(same.protocol().memory().sampleIntervalMs());
        assertEquals(100, same.sampleIntervalMs(3));
        assertEquals(PresetJson.parse(preset(memory + "}"), "t.json", TOOLS), same);
    }

    @Test
    void theLoadGeneratorsAreTheOnesGiven() throws IOException {
        assertEquals("plain", PresetJson.parse(preset(", \"load_generator\": \"plain\""), "t.json", TOOLS).loadGenerator());
        IOException e = assertThrows(IOException.class,
                () -> PresetJson.parse(preset(", \"load_generator\": \"oha\""), "t.json", TOOLS));
        assertEquals("t.json: $.load_generator: expected one of [\"plain\", \"wrk\"] (phases 1-3 keep their connections"
                + " busy; an open-loop tool belongs in phase4.load_generator), found \"oha\"", e.getMessage());
        e = assertThrows(IOException.class, () -> PresetJson.parse(
                preset(", \"load_generator\": \"plain\"").replace("[\"hello\"]", "[\"hello\", \"get_item\"]"), "t.json", TOOLS));
        assertEquals("t.json: $.load_generator: expected wrk for the endpoint 'get_item' (plain loads only hello),"
                + " found \"plain\"", e.getMessage());
    }

    @Test
    void aSyntaxErrorNamesLineAndColumn() {
        IOException e = assertThrows(IOException.class, () -> PresetJson.parse("{\n  \"runs\": ,\n}", "t.json", TOOLS));
        assertTrue(e.getMessage().startsWith("t.json: line 2, column ") && e.getMessage().contains(": not valid JSON: "),
                e.getMessage());
    }
}
