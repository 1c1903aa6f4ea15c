package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.Presets;
import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Preset;
import dev.tpm.model.RunKey;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import dev.tpm.testing.ExternalTool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Version 5's collection with a test server side (real wrk, real sampler, in-process HTTP) and a
 * /proc/stat this test writes: phases 1, 2 and 5 in shared rounds with their seqs interleaved
 * across the files, the steal rule discarding a run that the test's "hypervisor" stole from and
 * its retry at the end of its round, the quiet gate reading its window before each run (its waits
 * are QuietGateTest's), machine.cpu_id in campaign.json, and a campaign killed mid-round that
 * resumes in that round and runs nothing twice.
 */
class V5CampaignTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void wrk() {
        ExternalTool.require("wrk");
    }

    /** No order: rounds; no max_steal_share: 0.05; a short quiet window for the test. */
    static final String PRESET = """
            {"preset": "v5", "runs": 2, "warmups": 1, "duration_s": 1, "concurrency": 2, "threads": 1,
             "cooldown_s": 0, "settle_s": 0, "seed_rows": 50, "seed_rows_delete": 500, "sample_interval_ms": 100,
             "endpoints": ["get_item", "post_item"],
             "sweep": {"endpoint": "get_item", "concurrency": [4], "runs": 1, "warmups": 0},
             "phase5": {"endpoints": ["get_item"], "prior_load_s": 1, "runs": 2, "warmups": 0, "duration_s": 1, "concurrency": 2},
             "rng_seed": 5, "max_retries": 2, "startup_timeout_s": 5, "stop_grace_s": 5, "timeout_s": 3,
             "quiet": {"window_s": 0.25, "max_wait_s": 1}}
            """;

    private Preset preset() throws IOException {
        return TestCampaigns.preset(tmp, "v5", PRESET);
    }

    private StackSpec stack(String id) {
        return TestCampaigns.stack(tmp, id);
    }

    private CampaignRunner runner(Preset p, FakeServerSide side, Path stat, ByteArrayOutputStream log) {
        return TestCampaigns.runner(TestCampaigns.options(tmp, "c5", p, List.of(stack("aa"), stack("bb"))).procStat(stat).build(),
                side, new Sensors(PowerSource.NO_POWER, null), DeviceFacts.system(), log);
    }

    private static void writeStat(Path f, long steal) throws IOException {
        Files.writeString(f, "cpu  4705 356 584 3699 23 23 0 " + steal + " 0 0\nintr 1\n");
    }

    /** Every row of the campaign's run files, by seq. */
    private static List<RunRow> rows(Path dir, Map<RunRow, Integer> phaseOf) throws IOException {
        List<RunRow> all = new ArrayList<>();
        for (int phase : new int[] {1, 2, 5}) {
            Path f = dir.resolve(CampaignFolder.csvName(phase));
            if (!Files.exists(f)) continue;
            for (RunRow r : RunFiles.read(f, phase)) {
                all.add(r);
                phaseOf.put(r, phase);
            }
        }
        all.sort(Comparator.comparingLong(RunRow::seq));
        return all;
    }

    private static String group(RunRow r, Map<RunRow, Integer> phaseOf) {
        return phaseOf.get(r) + " " + r.stack() + " " + r.endpoint() + " c=" + r.concurrency();
    }

    /** data.md version 5: each measured group has exactly one ok run in each of its rounds; keys unique. */
    private static void oneOkRunPerGroupAndRound(List<RunRow> rows, Map<RunRow, Integer> phaseOf) {
        Map<String, List<Integer>> okRounds = new HashMap<>();
        Set<String> keys = new HashSet<>();
        for (RunRow r : rows) {
            assertTrue(r.round() != null && r.round() >= 1, "every row has its round: " + r);
            assertTrue(keys.add(phaseOf.get(r) + " " + r.key()), "a key twice: " + r.key());
            if (!r.warmup() && r.ok()) okRounds.computeIfAbsent(group(r, phaseOf), k -> new ArrayList<>()).add(r.round());
        }
        assertEquals(8, okRounds.size(), "4 groups of phase 1, 2 of phase 2, 2 of phase 5: " + okRounds.keySet());
        okRounds.forEach((g, rounds) -> {
            List<Integer> sorted = new ArrayList<>(rounds);
            sorted.sort(null);
            assertEquals(g.startsWith("2 ") ? List.of(1) : List.of(1, 2), sorted, g);
        });
    }

    @Test
    void roundsInterleaveThePhasesTheStealRuleDiscardsAndTheGateWaits() throws Exception {
        Preset p = preset();
        Path stat = tmp.resolve("stat");
        writeStat(stat, 1000);
        FakeServerSide side = new FakeServerSide(Set.of(), Set.of());
        // the "hypervisor" takes 4 s of CPU time each time run 6's tree is read: before its window (not
        // counted), in it (the sampler reads it at least once for the memory an ok run needs) and after
        long[] steal = {1000};
        side.onTreePids = n -> {
            if (n != 6) return;
            try {
                writeStat(stat, steal[0] += 400);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CampaignSummary s = runner(p, side, stat, log).run();
        String out = log.toString(StandardCharsets.UTF_8);
        Path dir = tmp.resolve("data/raw/c5");
        Map<RunRow, Integer> phaseOf = new HashMap<>();
        List<RunRow> rows = rows(dir, phaseOf);

        // 4 warm-ups, 8 runs in round 1 (phase 1 x 4, phase 2 x 2, phase 5 x 2), 6 in round 2, 1 retry
        StringBuilder shown = new StringBuilder(out);
        for (RunRow r : rows) {
            shown.append('\n').append(r.seq()).append(' ').append(group(r, phaseOf)).append(" run ").append(r.run())
                    .append(" round ").append(r.round()).append(' ').append(r.status()).append(" steal_s ").append(r.stealS())
                    .append(" quiet_wait_s ").append(r.quietWaitS()).append(' ').append(r.note());
        }
        assertEquals(19, rows.size(), shown.toString());
        for (int i = 0; i < rows.size(); i++) assertEquals(i + 1, rows.get(i).seq(), "seq is the execution order over every file");
        assertTrue(rows.subList(0, 4).stream().allMatch(r -> r.warmup() && r.round() == 1), "the warm-up round first");
        List<Integer> phasesOfRound1 = rows.subList(4, 13).stream().map(phaseOf::get).distinct().sorted().toList();
        assertEquals(List.of(1, 2, 5), phasesOfRound1, "phases 1, 2 and 5 share round 1");
        long firstPhase5 = rows.stream().filter(r -> phaseOf.get(r) == 5).mapToLong(RunRow::seq).min().orElseThrow();
        long lastPhase1 = rows.stream().filter(r -> phaseOf.get(r) == 1).mapToLong(RunRow::seq).max().orElseThrow();
        assertTrue(firstPhase5 < lastPhase1, "phase 5's seqs interleave with phase 1's");
        oneOkRunPerGroupAndRound(rows, phaseOf);

        // the steal rule: run 6 (round 1) discarded with its share, retried at the end of round 1
        RunRow stolen = rows.get(5);
        assertEquals(RunStatus.DISCARDED, stolen.status(), out);
        assertTrue(stolen.note().startsWith("steal ") && stolen.note().contains("above max_steal_share 0.05"), stolen.note());
        assertTrue(stolen.stealS() > 0.05 * stolen.durationS(), "steal_s recorded: " + stolen.stealS());
        RunRow retry = rows.get(12);
        assertEquals(group(stolen, phaseOf), group(retry, phaseOf), "the retry closes round 1");
        assertEquals(1, retry.round());
        assertEquals(stolen.warmup(), retry.warmup());
        assertEquals(phaseOf.get(stolen) == 2 ? 2 : 3, retry.run(), "the group's next free run number");
        assertEquals(RunStatus.OK, retry.status());
        assertTrue(rows.subList(13, 19).stream().allMatch(r -> r.round() == 2), "then round 2");
        assertEquals(1, s.stealDiscarded());
        assertTrue(out.contains("runs discarded for steal per stack: " + stolen.stack() + " 1 of"), out);

        // the gate read its window before every run (this file's steal did not move in any) and never waited
        // (QuietGateTest drives its waits)
        for (RunRow r : rows) assertEquals(0.0, r.quietWaitS(), "quiet before run " + r.seq());
        assertEquals(0.0, s.quietWaitS());
        assertTrue(out.contains("collect: quiet gate: waited 0.0 s in all before 0 of 19 runs"), out);
        assertTrue(!out.contains("waiting for quiet CPUs"), out);

        JsonNode c = new ObjectMapper().readTree(dir.resolve("campaign.json").toFile());
        assertEquals("rounds", c.at("/protocol/order").asText());
        assertEquals(0.05, c.at("/protocol/max_steal_share").asDouble());
        assertEquals(0.25, c.at("/protocol/quiet/window_s").asDouble());
        assertEquals(1.0, c.at("/protocol/quiet/max_wait_s").asDouble());
        String cpuId = c.at("/machine/cpu_id").asText(null);
        String expected = DeviceFacts.system().machine().cpuId();
        assertEquals(expected, cpuId, "machine.cpu_id as /proc/cpuinfo gives it, written by the runner");
        if (Files.isReadable(Path.of("/proc/cpuinfo")) && Files.readString(Path.of("/proc/cpuinfo")).contains("vendor_id")) {
            assertTrue(cpuId != null && cpuId.matches("x86:[^:]+:\\d+:\\d+:\\d+"), "x86 form on this machine: " + cpuId);
        }
    }

    @Test
    void aCampaignKilledMidRoundResumesInThatRoundAndRunsNothingTwice() throws Exception {
        Preset p = preset();
        Path stat = tmp.resolve("stat");
        writeStat(stat, 0);
        FakeServerSide first = new FakeServerSide(Set.of(), Set.of());
        first.crashAt = 10;
        IOException killed = assertThrows(IOException.class, () -> runner(p, first, stat, new ByteArrayOutputStream()).run());
        assertTrue(killed.getMessage().contains("simulated kill at start 10"), killed.getMessage());
        Path dir = tmp.resolve("data/raw/c5");
        Map<RunRow, Integer> phaseOf = new HashMap<>();
        assertEquals(9, rows(dir, phaseOf).size(), "nine runs written before the kill");

        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CampaignSummary s = runner(p, new FakeServerSide(Set.of(), Set.of()), stat, log).run();
        assertEquals(9, s.runsExecuted(), "only the missing runs: " + log.toString(StandardCharsets.UTF_8));
        phaseOf.clear();
        List<RunRow> rows = rows(dir, phaseOf);
        assertEquals(18, rows.size());
        oneOkRunPerGroupAndRound(rows, phaseOf);
        // the plan's tenth run (round 1) is the first one the resume made
        PlannedRun tenth = Plan.of(p, List.of("aa", "bb")).get(9);
        RunRow resumed = rows.get(9);
        assertEquals(10, resumed.seq());
        assertEquals(new RunKey(tenth.stack(), tenth.endpoint(), tenth.concurrency(), tenth.run(), tenth.warmup()), resumed.key());
        assertEquals(tenth.round(), resumed.round());
        assertEquals(1, resumed.round(), "it stopped in round 1 and went on in round 1");
        for (int i = 0; i < rows.size(); i++) assertEquals(i + 1, rows.get(i).seq());
    }

    @Test
    void aRealServerInRoundsBehindTheGateOnThisMachinesProcStat() throws Exception {
        ExternalTool.require("wrk");
        dev.tpm.collect.stack.StackRegistry registry = dev.tpm.collect.stack.StackRegistry.load(Path.of("servers"));
        StackSpec go = registry.get("go");
        ExternalTool.requireThat(registry.available(go) && dev.tpm.collect.stack.StackBuilder.isBuilt(go),
                "stack go is not built: run `make servers`");
        Path f = tmp.resolve("real-v5.json");
        // the gate on /proc/stat with a short window; a machine with steal may wait up to 3 s before a run
        Files.writeString(f, """
                {"preset": "real-v5", "runs": 2, "warmups": 1, "duration_s": 1, "concurrency": 4, "threads": 2,
                 "cooldown_s": 0, "settle_s": 0.2, "seed_rows": 100, "seed_rows_delete": "auto", "sample_interval_ms": 130,
                 "endpoints": ["get_item", "delete_item"], "rng_seed": 21, "max_retries": 3, "startup_timeout_s": 120,
                 "stop_grace_s": 10, "timeout_s": 5, "quiet": {"window_s": 0.5, "max_wait_s": 3},
                 "phase5": {"endpoints": ["get_item"], "prior_load_s": 1, "runs": 2, "warmups": 0, "duration_s": 1, "concurrency": 4}}
                """);
        Preset p = Presets.load(f);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CampaignSummary s = new CampaignRunner(CampaignOptions.builder(tmp.resolve("data"), "real5", p, List.of(go),
                "dev-1", LoadGenSetup.local(Path.of("harness", "wrk")), tmp.resolve("work")).build(), new StackServerSide(),
                new Sensors(PowerSource.NO_POWER, null), DeviceFacts.system(), new PrintStream(log, true, StandardCharsets.UTF_8)).run();
        String out = log.toString(StandardCharsets.UTF_8);
        assertEquals(List.of(), s.gaveUp(), out);
        Path dir = tmp.resolve("data/raw/real5");
        Map<RunRow, Integer> phaseOf = new HashMap<>();
        List<RunRow> rows = rows(dir, phaseOf);
        Map<String, List<Integer>> okRounds = new HashMap<>();
        for (RunRow r : rows) {
            assertTrue(r.round() != null && r.round() >= 1, r.toString());
            assertTrue(r.quietWaitS() >= 0 && r.quietWaitS() <= 3, "the gate waited at most max_wait_s: " + r);
            assertTrue(r.stealS() >= 0, "steal_s from this machine's /proc/stat: " + r);
            if (r.status() == RunStatus.DISCARDED && r.note().startsWith("steal ")) {
                assertTrue(r.stealS() > 0.05 * r.durationS() * Runtime.getRuntime().availableProcessors() - 1e-9, r.toString());
            }
            if (r.ok() && !r.warmup()) okRounds.computeIfAbsent(group(r, phaseOf), k -> new ArrayList<>()).add(r.round());
        }
        assertEquals(3, okRounds.size(), "go's get_item and delete_item in phase 1, get_item in phase 5: " + okRounds);
        okRounds.values().forEach(k -> assertEquals(List.of(1, 2), k.stream().sorted().toList()));
        assertTrue(rows.stream().anyMatch(r -> phaseOf.get(r) == 5 && r.round() == 1), "phase 5 shares round 1");
        assertTrue(out.contains("collect: quiet gate: waited "), out);
        JsonNode c = new ObjectMapper().readTree(dir.resolve("campaign.json").toFile());
        assertEquals(DeviceFacts.system().machine().cpuId(), c.at("/machine/cpu_id").asText(null));
        // what the gate and the rule did on this machine, for the record of the test run
        System.out.println("real-v5 on this machine: cpu_id " + c.at("/machine/cpu_id").asText(null) + ", quiet_wait_s "
                + rows.stream().mapToDouble(RunRow::quietWaitS).sum() + " s over " + rows.size() + " runs, "
                + s.stealDiscarded() + " discarded for steal");
    }
}
