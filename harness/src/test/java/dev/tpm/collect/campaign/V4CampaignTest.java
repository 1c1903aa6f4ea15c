package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.Presets;
import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.loadgen.OhaCommand;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.stack.StackBuilder;
import dev.tpm.collect.stack.StackRegistry;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Preset;
import dev.tpm.model.RunRow;
import dev.tpm.testing.ExternalTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Version 4's phases on the real go server (make servers), wrk and oha (make loadgen): phase 4's
 * search steps up from the declared rate by its factor until a rate fails or would pass the
 * ceiling; phase 5 measures after its prior load, in phase5.csv; every row has steal_s from
 * /proc/stat; campaign.json has device.model_id; and a second run of the same campaign resumes
 * with nothing left to do, so no run is made twice.
 */
class V4CampaignTest {
    @TempDir
    Path tmp;

    @Test
    void searchAndSteadyStateOnARealServerAndAResumeThatRepeatsNothing() throws Exception {
        ExternalTool.require("wrk");
        ExternalTool.requireThat(Files.isExecutable(OhaCommand.binary(Phase4CampaignTest.OHA_DIR)),
                "oha is not installed in " + Phase4CampaignTest.OHA_DIR + " (make loadgen)");
        StackRegistry registry = StackRegistry.load(Path.of("servers"));
        StackSpec go = registry.get("go");
        ExternalTool.requireThat(registry.available(go) && StackBuilder.isBuilt(go), "stack go is not built: run `make servers`");
        Path presetFile = tmp.resolve("v4.json");
        Files.writeString(presetFile, """
                {"preset": "v4", "runs": 1, "warmups": 0, "duration_s": 1, "concurrency": 4, "threads": 2,
                 "cooldown_s": 0, "settle_s": 0.1, "seed_rows": 100, "seed_rows_delete": 1000, "sample_interval_ms": 100,
                 "endpoints": ["get_item"], "rng_seed": 11, "order": "randomized", "max_steal_share": null, "max_retries": 1, "startup_timeout_s": 60,
                 "stop_grace_s": 10, "timeout_s": 5, "model_id": "x86-vm-2c",
                 "phase4": {"endpoints": ["get_item"], "offered_rps": [25], "runs": 1, "warmups": 0, "duration_s": 1,
                            "concurrency": 4, "load_generator": {"tool": "oha", "version": "1.16.0", "latency_correction": true},
                            "search": {"factor": 4, "max_fraction": 0.2}},
                 "phase5": {"endpoints": ["get_item"], "prior_load_s": 1, "runs": 1, "warmups": 0, "duration_s": 1,
                            "concurrency": 4}}
                """);
        Preset preset = Presets.load(presetFile);
        Path data = tmp.resolve("data");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // collect resolves --model-id over the preset's model_id; the runner records what it is given
        CampaignOptions options = CampaignOptions.builder(data, "v4", preset, List.of(go), "dev-1",
                LoadGenSetup.local(Path.of("harness", "wrk")), tmp.resolve("work")).modelId(preset.modelId()).build();
        CampaignSummary s = new CampaignRunner(options, new StackServerSide(), new Sensors(PowerSource.NO_POWER, null),
                DeviceFacts.system(), new PrintStream(log, true, StandardCharsets.UTF_8)).run();
        String text = log.toString(StandardCharsets.UTF_8);
        Path raw = data.resolve("raw/v4");

        Map<Long, String> seqs = new HashMap<>();
        List<RunRow> p1 = CampaignFolder.readForResume(data, raw.resolve("phase1.csv"), 1, Set.of("go"), seqs);
        List<RunRow> p4 = CampaignFolder.readForResume(data, raw.resolve("phase4.csv"), 4, Set.of("go"), seqs);
        List<RunRow> p5 = CampaignFolder.readForResume(data, raw.resolve("phase5.csv"), 5, Set.of("go"), seqs);
        assertEquals(1, p1.size());
        assertTrue(p1.get(0).ok(), p1.toString());
        double median = p1.get(0).rps();
        double ceiling = 0.2 * median;
        // the search: 25, 100, 400, ... each 4 x the one before while it met the target, never above the ceiling
        List<Double> rates = p4.stream().map(RunRow::offeredRps).toList();
        assertEquals(25.0, rates.get(0), text);
        for (int i = 1; i < rates.size(); i++) {
            assertEquals(Math.round(4 * rates.get(i - 1)), rates.get(i), 1e-9, rates.toString());
            assertTrue(rates.get(i) <= ceiling, rates + " above " + ceiling);
        }
        Phase4Search.Target target = Phase4Search.target(data);
        double last = rates.get(rates.size() - 1);
        boolean lastMet = Phase4Search.met(p4, "go", "get_item", last, target);
        assertTrue(!lastMet || 4 * last > ceiling, "the search stopped at a failing rate or at the ceiling: " + rates);
        assertTrue(rates.size() >= 2 || !Phase4Search.met(p4, "go", "get_item", 25, target), "25 req/s met, so it searched on: " + text);
        assertTrue(text.contains("collect: phase 4 search go get_item: "), text);

        // phase 5: its own start, then the window after the prior load
        assertEquals(1, p5.size());
        RunRow w = p5.get(0);
        assertTrue(w.ok(), w.toString());
        assertEquals(1.0, w.priorLoadS());
        assertTrue(w.startupMs() > 0 && w.idleRssKib() > 1000 && w.rps() > 0, w.toString());
        // seq continues across the phases, each once
        assertEquals(1 + p4.size() + 1, new TreeSet<>(seqs.keySet()).size());
        assertTrue(w.seq() > p4.stream().mapToLong(RunRow::seq).max().orElseThrow());
        for (RunRow r : List.of(p1.get(0), p4.get(0), w)) {
            assertTrue(r.stealS() >= 0 && r.stealS() < 2 * r.durationS() + 1, "steal_s from /proc/stat: " + r);
        }
        JsonNode c = new ObjectMapper().readTree(raw.resolve("campaign.json").toFile());
        assertEquals("x86-vm-2c", c.at("/device/model_id").asText());
        assertEquals(4.0, c.at("/protocol/phase4/search/factor").asDouble());
        assertEquals(1.0, c.at("/protocol/phase5/prior_load_s").asDouble());
        assertEquals(2 + p4.size(), s.runsExecuted());

        // the same campaign again: every phase, the search's steps included, is already done
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        CampaignSummary s2 = new CampaignRunner(options, new StackServerSide(), new Sensors(PowerSource.NO_POWER, null),
                DeviceFacts.system(), new PrintStream(again, true, StandardCharsets.UTF_8)).run();
        assertEquals(0, s2.runsExecuted(), again.toString(StandardCharsets.UTF_8));
        assertEquals(p4.size(), CampaignFolder.readForResume(data, raw.resolve("phase4.csv"), 4, Set.of("go"), new HashMap<>()).size());
    }
}
