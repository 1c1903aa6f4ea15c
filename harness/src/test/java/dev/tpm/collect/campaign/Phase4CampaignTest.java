package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.Presets;
import dev.tpm.collect.ProtocolJson;
import dev.tpm.collect.loadgen.OhaCommand;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.model.Preset;
import dev.tpm.model.RunRow;
import dev.tpm.testing.ExternalTool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Phase 4 through the runner: real wrk for phase 1, real oha (harness/loadgen/oha, make loadgen)
 * for phase 4 against the in-process fixture server; phase4.csv read back with ingest's reader.
 */
class Phase4CampaignTest {
    static final Path OHA_DIR = Path.of("harness", "loadgen", "oha");

    @TempDir
    Path tmp;

    @BeforeAll
    static void tools() {
        ExternalTool.require("wrk");
        ExternalTool.requireThat(Files.isExecutable(OhaCommand.binary(OHA_DIR)), "oha is not installed in " + OHA_DIR + " (make loadgen)");
    }

    static final String PRESET = """
            {"preset": "unit4", "runs": 2, "warmups": 0, "duration_s": 1, "concurrency": 2, "threads": 1,
             "cooldown_s": 0, "settle_s": 0, "seed_rows": 50, "seed_rows_delete": 500, "sample_interval_ms": 100,
             "endpoints": ["get_item"], "rng_seed": 5, "order": "randomized", "max_steal_share": null, "max_retries": 1, "startup_timeout_s": 5, "stop_grace_s": 5,
             "timeout_s": 3,
             "phase4": {"endpoints": ["get_item"], "offered_rps": [20], "offered_fractions": [0.05], "runs": 1,
                        "warmups": 0, "duration_s": 1, "concurrency": 2,
                        "load_generator": {"tool": "oha", "version": "VERSION", "latency_correction": true}}}
            """;

    private Preset preset(String version) throws IOException {
        Path f = tmp.resolve("unit4-" + version + ".json");
        Files.writeString(f, PRESET.replace("VERSION", version));
        return Presets.load(f);
    }

    private CampaignRunner runner(Preset p, ByteArrayOutputStream log) {
        return TestCampaigns.runner(TestCampaigns.options(tmp, "c4", p, List.of(TestCampaigns.stack(tmp, "aa"))).build(),
                new FakeServerSide(Set.of(), Set.of()), new Sensors(PowerSource.NO_POWER, null), DeviceFacts.system(), log);
    }

    @Test
    void phase4FollowsPhase1AtTheOfferedRatesAndResumes() throws Exception {
        Preset p = preset("1.16.0");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CampaignSummary s = runner(p, log).run();
        Path dir = tmp.resolve("data/raw/c4");
        List<RunRow> p1 = RunFiles.read(dir.resolve("phase1.csv"), 1);
        List<RunRow> p4 = RunFiles.read(dir.resolve("phase4.csv"), 4);
        assertEquals(2, p1.size());
        assertEquals(2, p4.size(), "the absolute rate and the fraction's");
        assertEquals(4, s.runsExecuted());
        assertEquals(List.of(), s.gaveUp());

        double median = Phase4Plan.median(p1, "aa", "get_item", 2);
        long fromFraction = Math.round(0.05 * median);
        // a fraction's rate equal to an absolute one would be measured once (Phase4Plan)
        assertTrue(fromFraction > 20, "the fixture answers more than 400 rps: " + median);
        assertEquals(new TreeSet<>(List.of(20.0, (double) fromFraction)),
                new TreeSet<>(p4.stream().map(RunRow::offeredRps).toList()));
        assertTrue(new String(log.toByteArray(), StandardCharsets.UTF_8).contains("collect: phase 4 aa get_item: phase-1 median "));
        for (RunRow r : p4) {
            assertTrue(r.ok(), r.toString());
            assertEquals(Boolean.TRUE, r.latencyCorrected());
            assertEquals(2, r.concurrency());
            assertTrue(r.seq() == 3 || r.seq() == 4, "seq continues phase 1's: " + r.seq());
            // well below what the fixture answers: the achieved rate is the offered one within a few per cent
            assertEquals(r.offeredRps(), r.rps(), 0.15 * r.offeredRps() + 2, r.toString());
            assertTrue(r.latP50Ms() <= r.latP99Ms() && r.latP99Ms() <= r.latP999Ms() && r.latP999Ms() <= r.latMaxMs(), r.toString());
            assertTrue(r.peakRssKib() > 0 && r.idleRssKib() > 0, "the memory columns of phase 1: " + r);
            JsonNode kept = new ObjectMapper().readTree(dir.resolve("loadgen/" + r.seq() + ".json").toFile());
            assertTrue(kept.has("latencyPercentiles"), "oha's JSON kept as loadgen/<seq>.json");
        }
        JsonNode c = new ObjectMapper().readTree(dir.resolve("campaign.json").toFile());
        assertEquals(ProtocolJson.of(p).get("phase4").toString(), c.at("/protocol/phase4").toString(), "as JSON text: read back, a number is another node type");
        assertEquals("wrk", c.at("/load_generator/tool").asText(), "load_generator is phase 1's tool");
        assertTrue(Files.readString(tmp.resolve("data/SHA256SUMS")).contains("raw/c4/phase4.csv"));

        // interrupted after the first phase-4 row: the resume measures only the missing one, seq 4
        List<String> lines = Files.readAllLines(dir.resolve("phase4.csv"));
        RunRow first = p4.get(0);
        Files.writeString(dir.resolve("phase4.csv"), lines.get(0) + "\n" + lines.get(1) + "\n");
        Files.delete(dir.resolve("loadgen/4.json"));
        Files.delete(tmp.resolve("data/SHA256SUMS"));
        CampaignSummary again = runner(p, new ByteArrayOutputStream()).run();
        assertEquals(1, again.runsExecuted());
        List<RunRow> resumed = RunFiles.read(dir.resolve("phase4.csv"), 4);
        assertEquals(2, resumed.size());
        assertEquals(first, resumed.get(0));
        assertEquals(4, resumed.get(1).seq());
        assertEquals(p4.get(1).offeredRps(), resumed.get(1).offeredRps(), "the same rate: phase 1 did not change");
    }

    @Test
    void anotherOhaVersionThanThePresetsIsRefusedBeforeAnyRun() throws Exception {
        IOException e = assertThrows(IOException.class, () -> runner(preset("1.4.0"), new ByteArrayOutputStream()).run());
        assertTrue(e.getMessage().contains("$.phase4.load_generator.version: expected the installed oha (oha 1.16.0) to be the"
                + " pinned version, found 1.4.0 in the preset"), e.getMessage());
        assertFalse(Files.exists(tmp.resolve("data/raw/c4/phase1.csv")), "nothing measured");
    }
}
