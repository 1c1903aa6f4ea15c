package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.cli.Main;
import dev.tpm.collect.Presets;
import dev.tpm.collect.loadgen.AutocannonJson;
import dev.tpm.model.Preset;
import dev.tpm.model.RunRow;
import dev.tpm.testing.ExternalTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed studies' presets end to end in their seconds-long variants (harness/presets/*-smoke.json):
 * real hello-world servers, real wrk or autocannon, a data.md campaign folder with the study and
 * the load generator in campaign.json. Their numbers measure nothing.
 */
class SeedStudiesCollectTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Runs {@code collect} and checks the folder; returns its campaign.json. */
    private static JsonNode collect(Path tmp, String preset, List<String> stacks, String campaign) throws Exception {
        CollectEndToEndTest.requireBuilt(stacks);
        Path data = tmp.resolve("data");
        int code = Main.commandLine().execute("collect", "--preset", preset, "--stacks", String.join(",", stacks),
                "--data", data.toString(), "--campaign", campaign, "--work", tmp.resolve("work").toString(),
                "--device-id", "test");
        assertEquals(0, code);
        CampaignFolderCheck.Rows rows = CampaignFolderCheck.check(data, campaign);
        Preset p = Presets.resolve(preset, Path.of("harness", "presets"));
        for (String stack : stacks) {
            for (String e : p.protocol().endpoints()) {
                for (int c : p.protocol().concurrency()) {
                    long ok = rows.phase1().stream().filter(r -> r.stack().equals(stack) && r.endpoint().equals(e)
                            && r.concurrency() == c && !r.warmup() && r.ok()).count();
                    assertEquals((long) p.protocol().runs(), ok, stack + " " + e + " c=" + c);
                }
            }
        }
        for (RunRow r : java.util.stream.Stream.concat(rows.phase1().stream(), rows.phase2().stream()).toList()) {
            if (!r.ok()) continue;
            assertEquals(0, r.non2xx(), r.toString());
            assertEquals(0, r.errorsConnect() + r.errorsRead() + r.errorsWrite() + r.errorsTimeout(), r.toString());
            assertTrue(r.requests() > 0 && r.rps() > 0 && r.peakRssKib() > 0, r.toString());
        }
        JsonNode c = JSON.readTree(data.resolve("raw").resolve(campaign).resolve("campaign.json").toFile());
        assertEquals(p.study(), c.path("study").asText());
        assertEquals(p.loadGenerator(), c.at("/load_generator/tool").asText());
        assertEquals(Math.round(p.timeoutS()), c.at("/load_generator/timeout_s").asLong());
        return c;
    }

    @Test
    void helloBlog(@TempDir Path tmp) throws Exception {
        JsonNode c = collect(tmp, "hello-blog-smoke", List.of("flask-dev", "go-http"), "2026-01-01-test-hello-blog");
        assertEquals("[2,4]", c.at("/protocol/concurrency").toString());
        assertEquals("4.1.0", c.at("/load_generator/version").asText());
    }

    /**
     * hello-blog-next's smoke variant: the three endpoints at two levels in phase 1 and GET / at
     * 1,000 connections in phase 2, whose runs reach the server (the open-file limit suffices or
     * is raised); a stack of the blog and one of the new ones.
     */
    @Test
    void helloBlogNextAnswersEveryEndpointAndOneThousandConnections(@TempDir Path tmp) throws Exception {
        String id = "2026-01-01-test-hello-blog-next";
        List<String> stacks = List.of("go-http", "rust-axum-hello");
        JsonNode c = collect(tmp, "hello-blog-next-smoke", stacks, id);
        assertEquals("[2,4]", c.at("/protocol/concurrency").toString());
        assertEquals("hello", c.at("/protocol/sweep/endpoint").asText(), c.at("/protocol").toString());
        List<RunRow> phase2 = RunFiles.read(tmp.resolve("data/raw").resolve(id).resolve("phase2.csv"), 2);
        for (String stack : stacks) {
            List<RunRow> many = phase2.stream().filter(r -> r.stack().equals(stack) && r.concurrency() == 1000 && !r.warmup()
                    && r.ok()).toList();
            assertEquals(1, many.size(), stack + ": " + phase2);
            assertEquals("hello", many.get(0).endpoint());
            assertTrue(many.get(0).requests() > 1000, many.get(0).toString());
        }
        // GET /sleep: at most c / 50 ms requests per second can complete on every stack
        List<RunRow> phase1 = RunFiles.read(tmp.resolve("data/raw").resolve(id).resolve("phase1.csv"), 1);
        for (RunRow r : phase1) {
            if (!r.endpoint().equals("sleep") || !r.ok()) continue;
            assertTrue(r.rps() <= r.concurrency() / 0.050 * 1.05, r.toString());
            assertTrue(r.latP50Ms() >= 50, r.toString());
        }
    }

    @Test
    void appServersMeasuresEveryWorkerOfAPreForkingServer(@TempDir Path tmp) throws Exception {
        JsonNode c = collect(tmp, "app-servers-smoke", List.of("python-gunicorn", "rust-hyper"), "2026-01-01-test-app-servers");
        assertEquals(4, c.at("/stacks/0/workers").asInt());
        List<RunRow> rows = RunFiles.read(tmp.resolve("data/raw/2026-01-01-test-app-servers/phase1.csv"), 1);
        // Gunicorn's master and 4 Python workers against one hyper binary: a tree of five
        // interpreters holds far more than the one process
        long gunicorn = rows.stream().filter(r -> r.stack().equals("python-gunicorn")).mapToLong(RunRow::idleRssKib).min().orElseThrow();
        long hyper = rows.stream().filter(r -> r.stack().equals("rust-hyper")).mapToLong(RunRow::idleRssKib).max().orElseThrow();
        assertTrue(gunicorn > 5 * hyper, "gunicorn tree " + gunicorn + " KiB, hyper " + hyper + " KiB");
    }

    /**
     * The app-servers stacks of Debian's packages in the smoke preset: every one measured, Puma's
     * tree holding its master and one worker per core, the stand-ins recorded as such, and the
     * versions of each runtime and server (ruby, puma, crystal, nim, elixir, OTP) on record.
     */
    @Test
    void appServersRunsTheDebianStacksAndRecordsTheirVersions(@TempDir Path tmp) throws Exception {
        List<String> stacks = List.of("ruby-puma", "ruby-puma-mjit", "crystal-http", "nim-http", "elixir-http");
        String id = "2026-01-01-test-app-servers-debian";
        JsonNode c = collect(tmp, "app-servers-smoke", stacks, id);
        java.util.Map<String, JsonNode> byId = new java.util.HashMap<>();
        c.path("stacks").forEach(s -> byId.put(s.path("id").asText(), s));
        assertEquals(new java.util.TreeSet<>(stacks), new java.util.TreeSet<>(byId.keySet()));
        int cores = byId.get("ruby-puma").path("workers").asInt();
        assertTrue(cores >= 1);
        assertTrue(byId.get("ruby-puma").at("/versions/runtime").asText().startsWith("ruby 3."), c.toString());
        assertTrue(byId.get("ruby-puma-mjit").at("/versions/runtime").asText().contains("+MJIT"), c.toString());
        assertEquals("--mjit", byId.get("ruby-puma-mjit").at("/env/RUBYOPT").asText(), c.toString());
        for (String ruby : List.of("ruby-puma", "ruby-puma-mjit")) {
            assertTrue(byId.get(ruby).at("/versions/server").asText().matches("puma \\d+\\.\\d+\\.\\d+"), c.toString());
        }
        assertTrue(byId.get("crystal-http").at("/versions/runtime").asText().startsWith("Crystal 1."), c.toString());
        assertTrue(byId.get("nim-http").at("/versions/runtime").asText().startsWith("Nim Compiler Version 1."), c.toString());
        assertTrue(byId.get("elixir-http").at("/versions/runtime").asText().startsWith("Elixir 1."), c.toString());
        assertTrue(byId.get("elixir-http").at("/versions/otp").asText().startsWith("Erlang/OTP "), c.toString());
        assertTrue(byId.get("elixir-http").at("/versions/server").asText().startsWith("inets "), c.toString());
        assertEquals("httpbeast", byId.get("nim-http").at("/stand_in/for").asText());
        assertEquals("Plug with Cowboy", byId.get("elixir-http").at("/stand_in/for").asText());
        assertTrue(byId.get("crystal-http").path("stand_in").isMissingNode(), "Crystal's HTTP::Server is the seed's own");
        // Puma's master and a worker per core are each a Ruby interpreter: the tree holds far more
        // than one native binary does
        List<RunRow> rows = RunFiles.read(tmp.resolve("data/raw").resolve(id).resolve("phase1.csv"), 1);
        long puma = rows.stream().filter(r -> r.stack().equals("ruby-puma")).mapToLong(RunRow::idleRssKib).min().orElseThrow();
        long crystal = rows.stream().filter(r -> r.stack().equals("crystal-http")).mapToLong(RunRow::idleRssKib).max().orElseThrow();
        assertTrue(puma > (1 + cores) * 10_000, "puma tree " + puma + " KiB for 1 + " + cores + " processes");
        assertTrue(puma > 3 * crystal, "puma tree " + puma + " KiB, crystal " + crystal + " KiB");
    }

    @Test
    void nodePiUsesAutocannonAndKeepsItsJson(@TempDir Path tmp) throws Exception {
        ExternalTool.requireThat(Files.isRegularFile(Path.of("harness/loadgen/autocannon/node_modules/autocannon/autocannon.js")),
                "autocannon is not installed (make servers)");
        String id = "2026-01-01-test-node-pi";
        JsonNode c = collect(tmp, "node-pi-smoke", List.of("node-fastify", "node-express-cluster"), id);
        assertEquals("9.0.0", c.at("/load_generator/version").asText());
        Path dir = tmp.resolve("data/raw").resolve(id);
        List<RunRow> rows = RunFiles.read(dir.resolve("phase1.csv"), 1);
        for (RunRow r : rows) {
            // the row holds what autocannon's kept JSON says
            var kept = AutocannonJson.parse(Files.readString(dir.resolve("loadgen/" + r.seq() + ".json")), "kept");
            assertEquals(kept.requests(), r.requests());
            assertEquals(kept.rps(), r.rps(), 1e-9);
            assertEquals(kept.latP99Ms(), r.latP99Ms(), 1e-9);
        }
        for (String stack : List.of("node-fastify", "node-express-cluster")) {
            JsonNode series = JSON.readTree(dir.resolve("phase3/" + stack + "-hello_json-1.json").toFile());
            assertEquals(500, series.path("interval_ms").asInt());
            assertEquals(4, series.path("concurrency").asInt());
            assertTrue(series.path("samples").size() >= 4, series.toString());
        }
    }
}
