package dev.tpm.collect.campaign;

import dev.tpm.model.RunRow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.cli.Main;
import dev.tpm.collect.Presets;
import dev.tpm.collect.stack.StackBuilder;
import dev.tpm.collect.stack.StackRegistry;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Preset;
import dev.tpm.testing.ExternalTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code collect --preset smoke --stacks java,go}: real servers, real wrk, a data.md campaign folder. */
class CollectEndToEndTest {
    static final List<String> STACKS = List.of("java", "go");

    static void requireBuilt(List<String> ids) throws Exception {
        ExternalTool.require("wrk");
        // smoke's phase 4 runs oha from the project's tool folder (make loadgen)
        ExternalTool.requireThat(Files.isExecutable(Path.of("harness", "loadgen", "oha", "bin", "oha")),
                "oha is not installed in harness/loadgen/oha (make loadgen)");
        StackRegistry registry = StackRegistry.load(Path.of("servers"));
        for (String id : ids) {
            StackSpec s = registry.get(id);
            ExternalTool.requireThat(registry.available(s) && StackBuilder.isBuilt(s),
                    "stack " + id + " is not built (make servers)");
        }
    }

    @Test
    void smokeCampaignOfTwoStacks(@TempDir Path tmp) throws Exception {
        requireBuilt(STACKS);
        Path data = tmp.resolve("data");
        int code = Main.commandLine().execute("collect", "--preset", "smoke", "--stacks", String.join(",", STACKS),
                "--data", data.toString(), "--campaign", "2026-01-01-test-smoke", "--work", tmp.resolve("work").toString(),
                "--device-id", "test");
        assertEquals(0, code);
        CampaignFolderCheck.Rows rows = CampaignFolderCheck.check(data, "2026-01-01-test-smoke");

        Preset smoke = Presets.resolve("smoke", Path.of("harness", "presets"));
        for (String stack : STACKS) {
            for (String e : smoke.protocol().endpoints()) {
                long ok = rows.phase1().stream().filter(r -> r.stack().equals(stack) && r.endpoint().equals(e) && !r.warmup()
                        && r.concurrency() == smoke.concurrency() && r.ok()).count();
                assertEquals((long) smoke.protocol().runs(), ok, stack + " " + e);
            }
            for (int c : smoke.protocol().sweep().concurrency()) {
                assertTrue(rows.phase2().stream().anyMatch(r -> r.stack().equals(stack) && r.concurrency() == c && r.ok()
                        && r.endpoint().equals(Endpoints.GET_ITEM)), stack + " c=" + c);
            }
            assertTrue(Files.exists(data.resolve("raw/2026-01-01-test-smoke/phase3/" + stack + "-get_item-1.json")));
        }
        for (RunRow r : rows.all()) {
            if (!r.ok()) continue;
            if (r.endpoint().equals(Endpoints.DELETE_ITEM)) assertEquals(0, r.non2xx(), "every DELETE hits a row: " + r);
            if (!r.endpoint().equals(Endpoints.MIXED)) assertEquals(0, r.non2xx(), r.toString());
            assertEquals(0, r.errorsConnect() + r.errorsRead() + r.errorsWrite(), r.toString());
            assertTrue(r.peakRssKib() >= r.idleRssKib() / 2 && r.idleRssKib() > 1000, r.toString());
            assertTrue(r.startupMs() > 0 && r.startupMs() < 60_000);
        }
        // phase 4: each stack at 200 req/s and at half its phase-1 median, read back with ingest's reader
        java.util.Map<Long, String> seqs = new java.util.HashMap<>();
        Path raw = data.resolve("raw/2026-01-01-test-smoke");
        for (RunRow r : rows.all()) seqs.put(r.seq(), "earlier phases");
        List<RunRow> p4 = CampaignFolder.readForResume(data, raw.resolve("phase4.csv"), 4, new java.util.HashSet<>(STACKS), seqs);
        for (String stack : STACKS) {
            double median = Phase4Plan.median(rows.phase1(), stack, Endpoints.GET_ITEM, smoke.concurrency());
            List<Double> rates = p4.stream().filter(r -> r.stack().equals(stack)).map(RunRow::offeredRps).sorted().toList();
            double half = Math.round(0.5 * median);
            assertEquals(List.of(200.0, half), rates.subList(0, 2), stack);
            // the search: factor 2 from the highest declared rate while it met the target, never above the median
            for (int i = 2; i < rates.size(); i++) {
                assertEquals(Math.round(2 * rates.get(i - 1)), rates.get(i), 1e-9, stack + " " + rates);
                assertTrue(rates.get(i) <= median, stack + " " + rates);
            }
        }
        // phase 5: one get_item run a stack after its prior load, seq after phase 4's
        List<RunRow> p5 = CampaignFolder.readForResume(data, raw.resolve("phase5.csv"), 5, new java.util.HashSet<>(STACKS), seqs);
        assertEquals(STACKS.size(), p5.size(), p5.toString());
        for (RunRow r : p5) {
            assertTrue(r.ok() && r.priorLoadS() == 1.0 && r.startupMs() > 0 && r.idleRssKib() > 1000, r.toString());
            assertTrue(r.stealS() >= 0, r.toString());
        }
        for (RunRow r : p4) {
            assertTrue(r.ok(), r.toString());
            assertEquals(Boolean.TRUE, r.latencyCorrected());
            assertTrue(r.latP999Ms() >= r.latP99Ms() && r.peakRssKib() > 0, r.toString());
            assertTrue(Files.exists(raw.resolve("loadgen/" + r.seq() + ".json")));
        }
        JsonNode c = new ObjectMapper().readTree(data.resolve("raw/2026-01-01-test-smoke/campaign.json").toFile());
        assertEquals("oha", c.at("/protocol/phase4/load_generator/tool").asText());
        assertEquals("test", c.at("/device/id").asText());
        assertEquals("java", c.at("/stacks/0/id").asText());
        assertTrue(c.at("/stacks/1/language").asText().startsWith("Go 1."), c.at("/stacks/1/language").asText());
        // what each stack ran on, from its lock file and its GET /diag
        assertTrue(c.at("/stacks/0/versions/framework").asText().startsWith("spring-boot-starter-parent "), c.toString());
        assertTrue(c.at("/stacks/0/versions/jvm_flags").asText().contains("-XX:+UseSerialGC"), c.toString());
        assertTrue(c.at("/stacks/1/versions/runtime").asText().startsWith("go1."), c.toString());
        assertEquals("net/http", c.at("/stacks/1/versions/framework").asText());
        assertTrue(c.at("/stacks/1/versions/driver").asText().startsWith("modernc.org/sqlite v1."), c.toString());
        for (int i = 0; i < STACKS.size(); i++) {
            assertTrue(c.at("/stacks/" + i + "/versions/sqlite").asText().matches("3\\.\\d+\\.\\d+"), c.toString());
        }

        // The campaign is what make paper reads: with the shipped config and reference values
        // beside it, the whole pipeline runs on it.
        for (String dir : List.of("config", "reference")) {
            Path from = Path.of("data", dir);
            try (var files = Files.list(from)) {
                Files.createDirectories(data.resolve(dir));
                for (Path f : files.toList()) Files.copy(f, data.resolve(dir).resolve(f.getFileName()));
            }
        }
        // the shipped config leaves out campaigns of the shipped data and names the models of its devices, which
        // this folder does not have
        Path analysisJson = data.resolve("config/analysis.json");
        com.fasterxml.jackson.databind.node.ObjectNode cfg =
                (com.fasterxml.jackson.databind.node.ObjectNode) new ObjectMapper().readTree(analysisJson.toFile());
        cfg.putArray("exclude_campaigns");
        cfg.remove("device_models");
        new ObjectMapper().writeValue(analysisJson.toFile(), cfg);
        assertEquals(0, Main.commandLine().execute("manifest", "--data", data.toString()));
        Path out = tmp.resolve("out");
        assertEquals(0, Main.commandLine().execute("paper", "--data", data.toString(), "--out", out.toString()));
        String groupStats = Files.readString(out.resolve("tables/group_stats.csv"));
        for (String stack : STACKS) {
            assertTrue(groupStats.contains("\ntest," + stack + ",get_item,rps,"), "group_stats has " + stack);
        }
        // smoke's groups are below min_n: described (box plots of points), never aggregated, so no Pareto figure
        assertTrue(Files.exists(out.resolve("figures/endpoint_rps.png")));
        assertTrue(Files.notExists(out.resolve("figures/pareto.png")));
        assertTrue(Files.exists(out.resolve("figures/index.html")));
    }
}
