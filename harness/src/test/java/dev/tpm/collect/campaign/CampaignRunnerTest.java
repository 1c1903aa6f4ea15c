package dev.tpm.collect.campaign;

import dev.tpm.model.Campaign;
import dev.tpm.codec.Problems;
import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.RunCsv;
import dev.tpm.model.Preset;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import dev.tpm.model.RunKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.sample.Throttling;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.testing.ExternalTool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner's protocol with a test server side (real wrk, real sampler, in-process HTTP):
 * discarded and failed runs are re-queued with new run numbers, retries are bounded, and an
 * existing campaign resumes without duplicates.
 */
class CampaignRunnerTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void wrk() {
        ExternalTool.require("wrk");
    }

    static final String PRESET = """
            {"preset": "unit", "runs": 2, "warmups": 1, "duration_s": 1, "concurrency": 2, "threads": 1,
             "cooldown_s": 0, "settle_s": 0, "seed_rows": 50, "seed_rows_delete": 500, "sample_interval_ms": 100,
             "endpoints": ["get_item", "post_item"],
             "sweep": {"endpoint": "get_item", "concurrency": [2], "runs": 1, "warmups": 0},
             "memory": {"endpoints": ["get_item"], "runs": 1, "duration_s": 1, "concurrency": 2},
             "rng_seed": 5, "order": "randomized", "max_steal_share": null, "max_retries": 2, "startup_timeout_s": 5, "stop_grace_s": 5, "timeout_s": 3}
            """;

    private Preset preset(String json) throws IOException {
        return TestCampaigns.preset(tmp, "unit-" + json.hashCode(), json);
    }

    private StackSpec stack(String id) {
        return TestCampaigns.stack(tmp, id);
    }

    private CampaignRunner runner(Preset p, FakeServerSide side, ByteArrayOutputStream log) {
        Sensors sensors = new Sensors(PowerSource.NO_POWER,
                new Throttling(argv -> "throttled=0x" + Integer.toHexString(0x50000 | side.currentThrottleBits) + "\n"));
        return runner(p, side, log, sensors);
    }

    private CampaignRunner runner(Preset p, FakeServerSide side, ByteArrayOutputStream log, Sensors sensors) {
        return TestCampaigns.runner(TestCampaigns.options(tmp, "c1", p, List.of(stack("aa"))).build(), side, sensors,
                DeviceFacts.system(), log);
    }

    @Test
    void discardedAndFailedRunsAreRequeuedAndTheFolderFollowsDataMd() throws Exception {
        Preset p = preset(PRESET);
        // starts 1-2 are the warm-ups; 3 is throttled (discarded), 5 dies (failed)
        FakeServerSide side = new FakeServerSide(Set.of(5), Set.of(3));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CampaignSummary s = runner(p, side, log).run();
        Path dir = tmp.resolve("data/raw/c1");
        List<RunRow> p1 = RunFiles.read(dir.resolve("phase1.csv"), 1);
        List<RunRow> p2 = RunFiles.read(dir.resolve("phase2.csv"), 2);

        assertEquals(2 + 4 + 2, p1.size(), "2 warm-ups, 4 measured, 2 re-queued");
        RunRow discarded = p1.get(2);
        assertEquals(RunStatus.DISCARDED, discarded.status());
        assertEquals("0x4", discarded.throttled(), "bits 0-3 only: the sticky 0x50000 is not kept");
        assertTrue(discarded.note().contains("throttling"), discarded.note());
        RunRow failed = p1.get(4);
        assertEquals(RunStatus.FAILED, failed.status());
        // the reason first; this test runs on a real machine, whose hypervisor may add its CPU-steal flag after it
        assertTrue(failed.note().matches("server exited during the load(; CPU steal .*)?"), failed.note());
        assertEquals("0x0", p1.get(3).throttled());
        for (String e : List.of("get_item", "post_item")) {
            long ok = p1.stream().filter(r -> r.endpoint().equals(e) && !r.warmup() && r.ok()).count();
            assertEquals(2, ok, e + " reaches its measured runs");
        }
        // the retry of a run gets the next free number in its group: no key twice
        Set<RunKey> keys = new HashSet<>();
        p1.forEach(r -> assertTrue(keys.add(r.key())));
        RunRow retryOfDiscarded = p1.stream().filter(r -> r.endpoint().equals(discarded.endpoint()) && r.run() == 3)
                .findFirst().orElseThrow();
        assertEquals(RunStatus.OK, retryOfDiscarded.status());

        // seq 1..n over phase 1 and on into phase 2, and a loadgen file for each
        List<Long> seqs = new java.util.ArrayList<>(p1.stream().map(RunRow::seq).toList());
        p2.forEach(r -> seqs.add(r.seq()));
        for (int i = 0; i < seqs.size(); i++) {
            assertEquals(i + 1, seqs.get(i));
            assertTrue(Files.exists(dir.resolve("loadgen/" + (i + 1) + ".txt")));
        }
        for (RunRow r : p1) {
            if (!r.ok()) continue;
            assertTrue(r.peakRssKib() > 0 && r.idleRssKib() > 0 && r.peakPssKib() > 0 && r.requests() > 0);
            assertTrue(r.rps() > 0 && r.latP99Ms() > 0 && r.startupMs() == 4.0 && r.threads() == 1);
            assertTrue(r.startedAt().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"), r.startedAt());
            assertTrue(Double.isNaN(r.energyJ()), "no power source");
            assertEquals(50L, r.seededRows(), "rows in the table when the load started");
            // at 100 ticks a second, a 1 s run against the slow fixture may use less than one tick
            assertTrue(r.loadgenCpuS() >= 0 && r.loadgenCpuS() < 5, "wrk's own CPU seconds: " + r.loadgenCpuS());
        }
        assertEquals(List.of(50, 50, 50, 50, 50, 50, 50, 50, 50, 50), side.seededRows);

        JsonNode series = new ObjectMapper().readTree(dir.resolve("phase3/aa-get_item-1.json").toFile());
        assertEquals("c1", series.get("campaign").asText());
        assertEquals(100, series.get("interval_ms").asInt());
        long prev = -1;
        assertTrue(series.get("samples").size() >= 5, series.toString());
        for (JsonNode x : series.get("samples")) {
            assertTrue(x.get("t_ms").asLong() > prev);
            prev = x.get("t_ms").asLong();
            assertTrue(x.get("rss_kib").asLong() > 0);
        }

        JsonNode c = new ObjectMapper().readTree(dir.resolve("campaign.json").toFile());
        assertEquals("dev-1", c.at("/device/id").asText());
        assertEquals("none", c.at("/device/power_source").asText());
        assertEquals("wrk", c.at("/load_generator/tool").asText());
        assertEquals("4.1.0", c.at("/load_generator/version").asText());
        assertEquals("same", c.at("/load_generator/host").asText());
        assertEquals("unit", c.at("/protocol/preset").asText());
        assertEquals(5, c.at("/protocol/rng_seed").asInt());
        assertEquals("Lang 1.2.3", c.at("/stacks/0/language").asText());
        assertEquals(12345, c.at("/stacks/0/artifact_bytes").asLong());
        assertEquals(3.0, c.at("/load_generator/timeout_s").asDouble(), "the preset's wrk --timeout");
        assertEquals(0.01, c.at("/protocol/max_error_rate").asDouble());
        assertEquals("<port>", c.at("/stacks/0/env/PORT").asText(), "the server's whole environment, recorded");
        assertEquals("127.0.0.1", c.at("/stacks/0/env/BIND").asText());
        assertEquals("{\"runtime\":\"fake 1.2.3\",\"framework\":\"fake-framework 0.1.0\",\"sqlite\":\"3.46.0\"}",
                c.at("/stacks/0/versions").toString());

        Set<String> listed = Files.readAllLines(tmp.resolve("data/SHA256SUMS")).stream().map(l -> l.substring(66))
                .collect(Collectors.toSet());
        try (var files = Files.walk(dir)) {
            Set<String> present = files.filter(Files::isRegularFile).map(f -> tmp.resolve("data").relativize(f).toString())
                    .collect(Collectors.toSet());
            assertEquals(present, listed);
        }
        assertEquals(10, s.runsExecuted(), "8 planned, 2 re-queued");
        assertTrue(new String(log.toByteArray(), StandardCharsets.UTF_8).contains("collect: run 1 of 8:"));

        // nothing left to do: a second run changes nothing
        String before = Files.readString(dir.resolve("phase1.csv"));
        CampaignSummary again = runner(p, new FakeServerSide(Set.of(), Set.of()), new ByteArrayOutputStream()).run();
        assertEquals(0, again.runsExecuted());
        assertEquals(before, Files.readString(dir.resolve("phase1.csv")));
        assertEquals(List.of(), again.manifestLines());
    }

    @Test
    void resumeRedoesOnlyWhatIsMissingAndCutsATornLine() throws Exception {
        Preset p = preset(PRESET);
        runner(p, new FakeServerSide(Set.of(), Set.of()), new ByteArrayOutputStream()).run();
        Path dir = tmp.resolve("data/raw/c1");
        Path csv = dir.resolve("phase1.csv");
        List<String> lines = Files.readAllLines(csv);
        assertEquals(7, lines.size());
        // as if interrupted while writing row 6, whose note is a quoted field with a comma and quotes: rows
        // 1-5 kept, row 6 cut inside its quoted note, phase 2 and 3 never run
        String quoted = lines.get(6).substring(0, lines.get(6).lastIndexOf(',') + 1) + "\"log says \"\"bind: address in use, retry\"\"\"";
        Files.writeString(csv, String.join("\n", lines.subList(0, 6)) + "\n" + quoted.substring(0, quoted.indexOf("address")));
        Files.delete(dir.resolve("phase2.csv"));
        Files.delete(dir.resolve("phase3/aa-get_item-1.json"));
        Files.delete(tmp.resolve("data/SHA256SUMS"));
        Files.writeString(dir.resolve("loadgen/7.txt"), "orphan of an interrupted run", StandardOpenOption.CREATE);
        RunRow lost = RunFiles.read(csvCopy(lines, 7), 1).get(5);

        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CampaignSummary s = runner(p, new FakeServerSide(Set.of(), Set.of()), log).run();
        assertEquals(3, s.runsExecuted(), "row 6, the sweep run and the memory series");
        List<RunRow> after = RunFiles.read(csv, 1);
        assertEquals(6, after.size());
        List<String> now = Files.readAllLines(csv);
        assertEquals(lines.subList(0, 6), now.subList(0, 6), "earlier rows byte for byte");
        assertEquals(lost.key(), after.get(5).key(), "the lost key is measured again");
        assertEquals(6, after.get(5).seq());
        assertEquals(7, RunFiles.read(dir.resolve("phase2.csv"), 2).get(0).seq());
        assertTrue(Files.readString(dir.resolve("loadgen/7.txt")).contains("TPM-WRK-RESULT"), "the orphan was replaced");
        assertTrue(new String(log.toByteArray(), StandardCharsets.UTF_8).contains("cut a torn last line"));
    }

    private Path csvCopy(List<String> lines, int n) throws IOException {
        Path f = tmp.resolve("copy.csv");
        Files.writeString(f, String.join("\n", lines.subList(0, n)) + "\n");
        return f;
    }

    @Test
    void retriesAreBoundedAndAnotherProtocolIsRefused() throws Exception {
        Preset p = preset("""
                {"preset": "unit", "runs": 1, "warmups": 0, "duration_s": 1, "concurrency": 1, "threads": 1,
                 "cooldown_s": 0, "settle_s": 0, "seed_rows": 5, "seed_rows_delete": 5, "sample_interval_ms": 100,
                 "endpoints": ["get_item"], "rng_seed": 5, "order": "randomized", "max_steal_share": null, "max_retries": 2, "startup_timeout_s": 5, "stop_grace_s": 5}
                """);
        FakeServerSide side = new FakeServerSide(Set.of(1, 2, 3, 4), Set.of());
        CampaignSummary s = runner(p, side, new ByteArrayOutputStream()).run();
        List<RunRow> rows = RunFiles.read(tmp.resolve("data/raw/c1/phase1.csv"), 1);
        assertEquals(List.of(1, 2, 3), rows.stream().map(RunRow::run).toList(), "run 1 and two retries");
        assertTrue(rows.stream().allMatch(r -> r.status().equals(RunStatus.FAILED)));
        assertEquals(1, s.gaveUp().size());
        assertEquals(3, side.starts);

        Preset other = preset(PRESET);
        IOException e = assertThrows(IOException.class,
                () -> runner(other, new FakeServerSide(Set.of(), Set.of()), new ByteArrayOutputStream()).run());
        assertTrue(e.getMessage().contains("campaign.json: $.protocol: this campaign was started with"), e.getMessage());
    }

    @Test
    void theModelIdIsRecordedAndTheCampaignResumesUnderEqualRecords() throws Exception {
        Preset p = preset("""
                {"preset": "unit", "runs": 1, "warmups": 0, "duration_s": 1, "concurrency": 1, "threads": 1,
                 "cooldown_s": 0, "settle_s": 0, "seed_rows": 5, "seed_rows_delete": 5, "sample_interval_ms": 100,
                 "endpoints": ["get_item"], "rng_seed": 5, "order": "randomized", "max_steal_share": null, "max_retries": 0, "startup_timeout_s": 5, "stop_grace_s": 5}
                """);
        CampaignOptions o = TestCampaigns.options(tmp, "c1", p, List.of(stack("aa"))).modelId("x86-vm-2c").build();
        Sensors sensors = new Sensors(PowerSource.NO_POWER, null);
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertEquals(1, new CampaignRunner(o, new FakeServerSide(Set.of(), Set.of()), sensors, DeviceFacts.system(), quiet)
                .run().runsExecuted());
        Problems problems = new Problems();
        Campaign c = CampaignJson.read(tmp.resolve("data"), "c1", problems).campaign();
        assertEquals(List.of(), problems.all());
        assertEquals("x86-vm-2c", c.device().modelId());
        assertEquals(p.protocol().toBuilder().cgroup(c.protocol().cgroup()).maxErrorRate(o.maxErrorRate()).build(), c.protocol());
        // the same protocol, stacks and machine: resumed, nothing left to run
        assertEquals(0, new CampaignRunner(o, new FakeServerSide(Set.of(), Set.of()), sensors, DeviceFacts.system(), quiet)
                .run().runsExecuted());
    }

    @Test
    void aSamplerFailureFailsThatRunAndTheCampaignGoesOn() throws Exception {
        Preset p = preset(PRESET.replace("\"runs\": 2, \"warmups\": 1", "\"runs\": 1, \"warmups\": 0")
                .replace("\"max_retries\": 2", "\"max_retries\": 1"));
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        PowerSource flaky = new PowerSource() {
            @Override
            public String id() {
                return NONE;
            }

            @Override
            public PowerReading read() {
                // the first run's power readings fail: a broken sensor, not a broken campaign
                if (reads.incrementAndGet() <= 3) throw new IllegalStateException("PMIC read failed:\nI2C timeout");
                return PowerReading.missing(System.nanoTime());
            }

            @Override
            public Energy energy(List<PowerReading> readings) {
                return Energy.NONE;
            }
        };
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CampaignSummary s = runner(p, new FakeServerSide(Set.of(), Set.of()), log, new Sensors(flaky, null)).run();
        List<RunRow> p1 = RunFiles.read(tmp.resolve("data/raw/c1/phase1.csv"), 1);
        RunRow first = p1.get(0);
        assertEquals(RunStatus.FAILED, first.status());
        assertTrue(first.note().startsWith("sampler failed: ") && first.note().contains("PMIC read failed:\\nI2C timeout"),
                "reason in the note, on one line: " + first.note());
        assertTrue(p1.stream().skip(1).allMatch(RunRow::ok), "the campaign went on, the failed run was re-queued");
        assertEquals(3, p1.size(), "2 planned + 1 re-queued");
        assertEquals(1, s.failed());
        for (String line : Files.readAllLines(tmp.resolve("data/raw/c1/phase1.csv"))) {
            assertTrue(line.split(",", -1).length >= RunRow.header().size(), "one physical line per row: " + line);
        }
    }

    @Test
    void errorRateAboveTheLimitIsDiscardedAndAGroupThatCannotReachItsRunsIsNamed() throws Exception {
        Preset p = preset("""
                {"preset": "unit", "runs": 1, "warmups": 0, "duration_s": 1, "concurrency": 2, "threads": 1,
                 "cooldown_s": 0, "settle_s": 0, "seed_rows": 50, "seed_rows_delete": 50, "sample_interval_ms": 100,
                 "endpoints": ["get_item"], "rng_seed": 5, "order": "randomized", "max_steal_share": null, "max_retries": 1, "startup_timeout_s": 5, "stop_grace_s": 5}
                """);
        FakeServerSide side = new FakeServerSide(Set.of(), Set.of());
        side.rowsServed = 25; // half the ids the script asks for answer 404
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CampaignSummary s = runner(p, side, log).run();
        List<RunRow> p1 = RunFiles.read(tmp.resolve("data/raw/c1/phase1.csv"), 1);
        assertEquals(2, p1.size(), "the run and its one retry");
        for (RunRow r : p1) {
            assertEquals(RunStatus.DISCARDED, r.status());
            assertTrue(r.note().startsWith("error rate 0.") && r.note().contains("above max_error_rate 0.01"), r.note());
            assertTrue(r.non2xx() > 0);
        }
        assertEquals(List.of("phase 1 aa get_item c=2"), s.gaveUp());
        assertTrue(new String(log.toByteArray(), StandardCharsets.UTF_8).contains("phase 1 aa get_item c=2: did not reach its measured runs"));
    }

    /** A DELETE's service time in the fixture server of the auto-sizing test. */
    private static final long DELETE_SERVICE_NANOS = 2_000_000;

    @Test
    void deleteRunsThatRunOutOfRowsAreDiscardedAndAutoSeedsFromTheRateSeen() throws Exception {
        String base = """
                {"preset": "unit", "runs": 2, "warmups": 1, "duration_s": 1, "concurrency": 2, "threads": 1,
                 "cooldown_s": 0, "settle_s": 0, "seed_rows": 50, "seed_rows_delete": SEED, "sample_interval_ms": 100,
                 "endpoints": ["delete_item"], "rng_seed": 5, "order": "randomized", "max_steal_share": null, "max_retries": 1, "startup_timeout_s": 5, "stop_grace_s": 5}
                """;
        CampaignSummary few = runner(preset(base.replace("SEED", "20")), new FakeServerSide(Set.of(), Set.of()),
                new ByteArrayOutputStream()).run();
        List<RunRow> p1 = RunFiles.read(tmp.resolve("data/raw/c1/phase1.csv"), 1);
        assertTrue(p1.stream().allMatch(r -> r.status().equals(RunStatus.DISCARDED)
                && r.note().startsWith("ran out of rows: ") && r.seededRows() == 20), "never kept as ok");
        assertEquals(1, few.gaveUp().size());

        // auto: one calibration load per stack before the first run, one size for every stack, recorded.
        // The fixture's DELETEs take 2 ms each: a rate bound by the machine's CPU alone moved by more
        // than the calibration's margin of 2 between the calibration and the runs when the machine
        // was busy, and every retry of a run then ran out of rows.
        String autoPreset = base.replace("SEED", "\"auto\"").replace("\"max_retries\": 1", "\"max_retries\": 4");
        FakeServerSide side = new FakeServerSide(Set.of(), Set.of());
        side.deleteServiceNanos = DELETE_SERVICE_NANOS;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CampaignSummary s = twoStacks(preset(autoPreset), side, log).run();
        String text = log.toString(StandardCharsets.UTF_8);
        List<RunRow> a = RunFiles.read(tmp.resolve("data/raw/c2/phase1.csv"), 1);
        JsonNode c = new ObjectMapper().readTree(tmp.resolve("data/raw/c2/campaign.json").toFile());
        JsonNode size = c.at("/protocol/seed_rows_delete");
        assertTrue(size.isIntegralNumber(), "the number used, not 'auto': " + size);
        JsonNode rates = c.at("/protocol/" + DeleteCalibration.PROTOCOL_KEY + "/rates");
        assertEquals(List.of("aa", "bb"), java.util.stream.StreamSupport.stream(rates.spliterator(), false)
                .map(r -> r.get("stack").asText()).toList(), "one calibration load per stack");
        double most = 0;
        for (JsonNode r : rates) {
            assertEquals(DeleteCalibration.FIRST_TABLE_ROWS, r.get("seeded_rows").asInt());
            assertTrue(r.get("requests").asLong() > 0 && r.get("duration_s").asDouble() > 0, r.toString());
            most = Math.max(most, r.get("requests").asLong() / r.get("duration_s").asDouble());
        }
        long expected = (long) Math.ceil(most * 1 * DeleteCalibration.MARGIN / DeleteCalibration.ROUND_TO) * DeleteCalibration.ROUND_TO;
        assertTrue(size.asLong() >= Math.max(DeleteCalibration.ROUND_TO, expected), "the largest rate x duration x margin, rounded"
                + " up, or the table it grew to when a run ran out of rows (DeleteTableGrowthTest)");
        assertEquals(List.of(DeleteCalibration.FIRST_TABLE_ROWS, DeleteCalibration.FIRST_TABLE_ROWS),
                side.seededRows.subList(0, 2), "the calibration loads' tables, before any run");
        assertTrue(side.starts >= 2 + 6, "two calibration loads, 2 x (1 warm-up + 2 runs), and any retry");
        for (RunRow r : a) {
            // version 5: a run that ran out of rows grows the one table; the runs kept on the smaller one are superseded
            if (r.ok()) assertEquals(size.asLong(), r.seededRows(), "every stack's ok delete runs start from the same table: " + r);
            else assertTrue(r.note().startsWith("ran out of rows") || DeleteTableGrowth.superseded(r), r.toString());
        }
        long calibrated = (long) Math.max(DeleteCalibration.ROUND_TO, expected);
        assertTrue(text.contains("collect: seed_rows_delete auto: " + calibrated + " rows for every stack"), text);
        assertEquals(0, s.gaveUp().size(), text);

        // resumed: the recorded size, no calibration again
        List<String> lines = Files.readAllLines(tmp.resolve("data/raw/c2/phase1.csv"));
        Files.writeString(tmp.resolve("data/raw/c2/phase1.csv"), String.join("\n", lines.subList(0, lines.size() - 1)) + "\n");
        Files.delete(tmp.resolve("data/SHA256SUMS")); // as if interrupted before the manifest was written
        FakeServerSide again = new FakeServerSide(Set.of(), Set.of());
        again.deleteServiceNanos = DELETE_SERVICE_NANOS;
        ByteArrayOutputStream log2 = new ByteArrayOutputStream();
        twoStacks(preset(autoPreset), again, log2).run();
        assertFalse(log2.toString(StandardCharsets.UTF_8).contains("calibrating"), log2.toString(StandardCharsets.UTF_8));
        // the lost run, and its retries if it ran out of rows again (a rate is not the same twice)
        int appended = Files.readAllLines(tmp.resolve("data/raw/c2/phase1.csv")).size() - (lines.size() - 1);
        assertTrue(again.starts >= 1, "the lost run is measured again");
        assertEquals(appended, again.starts, "one start per row the resume appended: no calibration load");
        assertEquals(java.util.Collections.nCopies(again.starts, (int) size.asLong()), again.seededRows);
        JsonNode after = new ObjectMapper().readTree(tmp.resolve("data/raw/c2/campaign.json").toFile());
        assertEquals(c, after, "campaign.json unchanged");
    }

    private CampaignRunner twoStacks(Preset p, FakeServerSide side, ByteArrayOutputStream log) {
        return TestCampaigns.runner(TestCampaigns.options(tmp, "c2", p, List.of(stack("aa"), stack("bb")), tmp.resolve("work2"))
                .build(), side, new Sensors(PowerSource.NO_POWER, null), DeviceFacts.system(), log);
    }

    @Test
    void aCampaignStartedUnderTheOldAutoResumesUnderIt() throws Exception {
        // a campaign.json of version 2 records "auto": its delete runs were sized per stack (DeleteRows)
        String json = PRESET.replace("\"seed_rows_delete\": 500", "\"seed_rows_delete\": \"auto\"")
                .replace("[\"get_item\", \"post_item\"]", "[\"delete_item\"]");
        Preset p = preset(json);
        FakeServerSide first = new FakeServerSide(Set.of(), Set.of());
        runner(p, first, new ByteArrayOutputStream()).run();
        Path cj = tmp.resolve("data/raw/c1/campaign.json");
        com.fasterxml.jackson.databind.node.ObjectNode tree = (com.fasterxml.jackson.databind.node.ObjectNode) new ObjectMapper().readTree(cj.toFile());
        com.fasterxml.jackson.databind.node.ObjectNode protocol = (com.fasterxml.jackson.databind.node.ObjectNode) tree.get("protocol");
        protocol.put("seed_rows_delete", "auto");
        protocol.remove(DeleteCalibration.PROTOCOL_KEY);
        Files.writeString(cj, new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(tree));
        Path csv = tmp.resolve("data/raw/c1/phase1.csv");
        List<String> lines = Files.readAllLines(csv);
        Files.writeString(csv, String.join("\n", lines.subList(0, lines.size() - 1)) + "\n");
        Files.delete(tmp.resolve("data/SHA256SUMS")); // as if interrupted before the manifest was written
        FakeServerSide again = new FakeServerSide(Set.of(), Set.of());
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        runner(p, again, log).run();
        assertFalse(log.toString(StandardCharsets.UTF_8).contains("calibrating"));
        RunRow warm = RunFiles.read(csv, 1).get(0);
        long perStack = (long) Math.ceil(warm.requests() / warm.durationS() * 1 * DeleteRows.MARGIN);
        assertTrue(again.seededRows.get(0) >= perStack, "the old rule: the stack's own rate x duration x margin: " + again.seededRows);
    }

    @Test
    void theHarnessOverheadLeavesOutTheProtocolsWaits() throws Exception {
        Preset p = preset("""
                {"preset": "unit", "runs": 2, "warmups": 0, "duration_s": 1, "concurrency": 2, "threads": 1,
                 "cooldown_s": 1, "settle_s": 1, "seed_rows": 50, "seed_rows_delete": 50, "sample_interval_ms": 100,
                 "endpoints": ["get_item"], "rng_seed": 5, "order": "randomized", "max_steal_share": null, "max_retries": 0, "startup_timeout_s": 5, "stop_grace_s": 5}
                """);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        long t0 = System.nanoTime();
        CampaignSummary s = runner(p, new FakeServerSide(Set.of(), Set.of()), log).run();
        double perRunS = (System.nanoTime() - t0) / 1e9 / 2;
        assertTrue(s.overheadMedianS() > 0 && s.overheadMaxS() >= s.overheadMedianS(), s.toString());
        // each run waits 1 s settle + 1 s load + 1 s cool-down (+ the fake's 4 ms start-up): none of it counts
        assertTrue(s.overheadMaxS() <= perRunS - 3, "overhead " + s.overheadMaxS() + " s of " + perRunS + " s per run");
        String text = log.toString(StandardCharsets.UTF_8);
        assertTrue(text.matches("(?s).*collect: harness overhead per run \\(outside spawn to health, settle, load and cool-down\\):"
                + " median \\d+\\.\\d{3} s, largest \\d+\\.\\d{3} s \\(phase 1 aa get_item c=2 run \\d\\) over 2 runs.*"), text);
    }

    @Test
    void primeSecondsLoadTheServerBeforeTheMeasuredWindowWithoutCountingIt() throws Exception {
        Preset p = preset("""
                {"preset": "unit", "runs": 1, "warmups": 0, "duration_s": 1, "concurrency": 2, "threads": 1,
                 "cooldown_s": 0, "settle_s": 0, "seed_rows": 50, "seed_rows_delete": 50, "sample_interval_ms": 100,
                 "endpoints": ["get_item"], "rng_seed": 5, "order": "randomized", "max_steal_share": null, "max_retries": 0, "startup_timeout_s": 5, "stop_grace_s": 5,
                 "prime_s": 1}
                """);
        long t0 = System.nanoTime();
        runner(p, new FakeServerSide(Set.of(), Set.of()), new ByteArrayOutputStream()).run();
        double wallS = (System.nanoTime() - t0) / 1e9;
        RunRow r = RunFiles.read(tmp.resolve("data/raw/c1/phase1.csv"), 1).get(0);
        assertTrue(r.ok(), r.toString());
        String primed = Files.readString(tmp.resolve("work/wrk-prime.txt"));
        assertTrue(primed.contains("TPM-WRK-RESULT"), "a second wrk ran before the measured one: " + primed);
        assertTrue(r.durationS() < 1.5, "the row counts only the measured window: " + r.durationS());
        assertTrue(wallS >= 2, "prime and measured load both ran: " + wallS + " s");
        JsonNode c = new ObjectMapper().readTree(tmp.resolve("data/raw/c1/campaign.json").toFile());
        assertEquals(1.0, c.at("/protocol/prime_s").asDouble());
    }
}
