package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.Presets;
import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Preset;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import dev.tpm.testing.ExternalTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Running out of rows made recoverable with one table for every stack: the pure decisions, and a
 * campaign whose calibration meets a busy moment (a CPU hog beside it, and the fixture's DELETEs
 * slowed while it runs, so that the calibrated rate is low on any machine) and whose runs meet a
 * quiet one: the campaign finishes, every ok delete run starts from the campaign's one final
 * table, and the runs kept on the smaller one are set aside and measured again.
 */
class DeleteTableGrowthTest {
    @TempDir
    Path tmp;

    private static RunRow row(long seq, String stack, int run, boolean ok, long seeded) {
        RunRow.Builder b = new RunRow.Builder(seq, stack, "delete_item", 2, 1, run, false);
        b.status = ok ? RunStatus.OK : RunStatus.DISCARDED;
        b.note = ok ? null : "ran out of rows: 12 DELETEs of ids that had no row (seed more rows)";
        b.seededRows = seeded;
        b.requests = 3000L;
        b.durationS = 3;
        b.round = run;
        return b.build();
    }

    @Test
    void theTableAtLeastDoublesAndCoversTheFastestRateSeen() {
        assertEquals(2000, DeleteTableGrowth.grown(1000, 900, 3, 3), "twice the table when the rate x run x margin is less");
        assertEquals(18_000, DeleteTableGrowth.grown(1000, 9000, 3, 3), "3000 req/s x 3 s x 2");
        assertEquals(DeleteCalibration.MAX_ROWS, DeleteTableGrowth.grown(DeleteCalibration.MAX_ROWS, 9000, 3, 3), "at its largest");
        List<RunRow> rows = List.of(row(1, "aa", 1, true, 1000), row(2, "bb", 1, false, 1000), row(3, "aa", 2, true, 2000));
        assertEquals(List.of(rows.get(0)), DeleteTableGrowth.stale(rows, 2000), "only ok measured runs on another table");
        RunRow s = DeleteTableGrowth.supersede(rows.get(0), 2000);
        assertEquals(RunStatus.DISCARDED, s.status());
        assertTrue(s.note().startsWith("superseded: the campaign's DELETE table grew from 1000 to 2000 rows"), s.note());
        assertTrue(DeleteTableGrowth.superseded(s));
        assertFalse(DeleteTableGrowth.superseded(rows.get(1)), "a run that ran out of rows is a plain discard");
        assertEquals(rows.get(0).rps(), s.rps(), "its measurements kept as measured");
        assertEquals(rows.get(0).seededRows(), s.seededRows());
    }

    @Test
    void aCalibrationBesideACpuHogThenQuietRunsEndWithOneTableForEveryStack() throws Exception {
        ExternalTool.require("wrk");
        Path f = tmp.resolve("grow.json");
        Files.writeString(f, """
                {"preset": "grow", "runs": 2, "warmups": 1, "duration_s": 3, "concurrency": 2, "threads": 1,
                 "cooldown_s": 0, "settle_s": 0, "seed_rows": 50, "seed_rows_delete": "auto", "sample_interval_ms": 100,
                 "endpoints": ["delete_item", "get_item"], "rng_seed": 9, "max_steal_share": null, "max_retries": 2,
                 "startup_timeout_s": 5, "stop_grace_s": 5, "timeout_s": 3}
                """);
        Preset p = Presets.load(f);
        FakeServerSide side = new FakeServerSide(Set.of(), Set.of());
        // the busy moment: busy threads on every core and 20 ms a DELETE while the two calibration
        // loads (starts 1 and 2) run; from the first run on, neither
        AtomicBoolean busy = new AtomicBoolean(true);
        List<Thread> hog = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            Thread h = new Thread(() -> {
                long x = 0;
                while (busy.get()) x += System.nanoTime() % 7;
                if (x == 42) System.out.print("");
            }, "test-cpu-hog-" + i);
            h.setDaemon(true);
            h.start();
            hog.add(h);
        }
        side.onStart = n -> {
            side.deleteServiceNanos = n <= 2 ? 20_000_000L : 0;
            if (n > 2) busy.set(false);
        };
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        StackSpec aa = spec("aa");
        StackSpec bb = spec("bb");
        CampaignSummary s;
        try {
            s = new CampaignRunner(CampaignOptions.builder(tmp.resolve("data"), "cg", p, List.of(aa, bb), "dev-1",
                    LoadGenSetup.local(Path.of("harness", "wrk")), tmp.resolve("work")).build(), side,
                    new Sensors(PowerSource.NO_POWER, null), DeviceFacts.system(),
                    new PrintStream(log, true, StandardCharsets.UTF_8)).run();
        } finally {
            busy.set(false);
        }
        String out = log.toString(StandardCharsets.UTF_8);
        assertEquals(List.of(), s.gaveUp(), out);
        Path dir = tmp.resolve("data/raw/cg");
        JsonNode c = new ObjectMapper().readTree(dir.resolve("campaign.json").toFile());
        long table = c.at("/protocol/seed_rows_delete").asLong();
        long calibrated = c.at("/protocol/" + DeleteCalibration.PROTOCOL_KEY + "/rates/0/seeded_rows").asLong();
        assertTrue(out.contains("the table grows to"), "a run ran out of the calibrated table and it grew: " + out);
        assertTrue(out.contains("collect: seed_rows_delete auto: 1000 rows for every stack"), "the busy calibration's size: " + out);
        assertTrue(table > 1000, "campaign.json records the grown table: " + table + " (calibration loads on " + calibrated + ")");
        List<RunRow> rows = RunFiles.read(dir.resolve("phase1.csv"), 1);
        Map<String, List<Integer>> okRounds = new HashMap<>();
        int superseded = 0;
        for (RunRow r : rows) {
            if (!r.endpoint().equals("delete_item") || r.warmup()) continue;
            if (r.ok()) {
                assertEquals(table, r.seededRows(), "every ok delete run starts from the one table: " + r);
                okRounds.computeIfAbsent(r.stack(), k -> new ArrayList<>()).add(r.round());
            } else if (DeleteTableGrowth.superseded(r)) {
                superseded++;
                assertTrue(r.seededRows() < table);
            } else {
                assertTrue(r.note().startsWith("ran out of rows"), r.toString());
            }
        }
        for (String stack : List.of("aa", "bb")) {
            List<Integer> k = new ArrayList<>(okRounds.get(stack));
            k.sort(null);
            assertEquals(List.of(1, 2), k, stack + ": one ok delete run in each round");
        }
        assertTrue(superseded + rows.stream().filter(r -> !r.ok() && !DeleteTableGrowth.superseded(r)).count() >= 1, out);
        // finished: a second collect makes no run and changes nothing
        String before = Files.readString(dir.resolve("phase1.csv"));
        Files.delete(tmp.resolve("data/SHA256SUMS"));
        CampaignSummary again = new CampaignRunner(CampaignOptions.builder(tmp.resolve("data"), "cg", p,
                List.of(aa, bb), "dev-1", LoadGenSetup.local(Path.of("harness", "wrk")), tmp.resolve("work")).build(),
                new FakeServerSide(Set.of(), Set.of()), new Sensors(PowerSource.NO_POWER, null), DeviceFacts.system(),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run();
        assertEquals(0, again.runsExecuted());
        assertEquals(before, Files.readString(dir.resolve("phase1.csv")));
    }

    private StackSpec spec(String id) {
        return TestCampaigns.stack(tmp, id);
    }
}
