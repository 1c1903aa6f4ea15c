package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.collect.Presets;
import dev.tpm.collect.cgroup.Cgroups;
import dev.tpm.collect.cgroup.RunCgroup;
import dev.tpm.collect.loadgen.LoadGenHost;
import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.stack.Fixtures;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Preset;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import dev.tpm.testing.ExternalTool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real campaign (the fixture server, a tree of three processes, under wrk) in this host's
 * cgroups: every run's peak_cgroup_kib, protocol.cgroup, a stale cgroup of a killed harness
 * removed on resume, and no cgroup left, failed runs included. Fails under CI (root, wrk,
 * python3), skips elsewhere.
 */
class CgroupCampaignTest {
    static final String PRESET = """
            {"preset": "unit", "runs": 1, "warmups": 0, "duration_s": 1, "concurrency": 2, "threads": 1,
             "cooldown_s": 0, "settle_s": 0.2, "seed_rows": 50, "seed_rows_delete": 500, "sample_interval_ms": 100,
             "endpoints": ["get_item", "post_item"], "rng_seed": 5, "order": "randomized", "max_steal_share": null, "max_retries": 1, "startup_timeout_s": 10,
             "stop_grace_s": 5, "timeout_s": 3}
            """;

    @TempDir
    Path tmp;
    private Cgroups host;

    @BeforeEach
    void tools() {
        ExternalTool.require("wrk");
        ExternalTool.require("python3");
        host = Cgroups.detect(tmp.resolve("probe"));
        ExternalTool.requireThat(!host.mode().equals(Cgroups.NONE),
                "no cgroup hierarchy with the memory controller the harness may create a cgroup in (run as root)");
    }

    private CampaignRunner runner(String campaign, StackSpec stack, ByteArrayOutputStream log) throws IOException {
        Preset p = Presets.load(Files.writeString(tmp.resolve("unit.json"), PRESET));
        return new CampaignRunner(CampaignOptions.builder(tmp.resolve("data"), campaign, p, List.of(stack), "dev-1", LoadGenSetup.local(Path.of("harness", "wrk")), tmp.resolve("work")).maxErrorRate(0.01).build(), new StackServerSide(), new Sensors(PowerSource.NO_POWER, null), DeviceFacts.system(),
                new PrintStream(log, true, StandardCharsets.UTF_8));
    }

    private List<Path> leftovers(String campaign) throws IOException {
        try (var s = Files.list(host.parent())) {
            return s.filter(p -> p.getFileName().toString().startsWith(Cgroups.name(campaign, ""))).toList();
        }
    }

    @Test
    void everyRunHasItsCgroupPeakAndNoCgroupIsLeft() throws Exception {
        String campaign = "cgtest-" + ProcessHandle.current().pid();
        // what a harness killed during run 9 left: its cgroup, the server still in it
        Cgroups killed = Cgroups.detect(tmp.resolve("work"));
        RunCgroup stale = killed.create(Cgroups.name(campaign, "9"));
        Process orphan = new ProcessBuilder(java.util.stream.Stream.concat(stale.wrapper().stream(),
                java.util.stream.Stream.of("sleep", "600")).toList()).start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (stale.pids().isEmpty() && System.nanoTime() < until) Thread.sleep(5);

        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CampaignSummary s = runner(campaign, Fixtures.stack("fixture-good"), log).run();
        String text = log.toString(StandardCharsets.UTF_8);
        assertEquals(0, s.failed() + s.discarded(), text);
        assertTrue(text.contains("removing cgroup " + stale.dir() + " left by an interrupted campaign"), text);
        assertTrue(orphan.waitFor(5, TimeUnit.SECONDS), "the interrupted run's server was killed with its cgroup");

        Path dir = tmp.resolve("data/raw/" + campaign);
        List<RunRow> rows = RunFiles.read(dir.resolve("phase1.csv"), 1);
        assertEquals(2, rows.size());
        for (RunRow r : rows) {
            assertTrue(r.peakCgroupKib() != null && r.peakCgroupKib() > 1024,
                    "a python server and its two children are charged more than 1 MiB: " + r);
        }
        JsonNode c = new ObjectMapper().readTree(dir.resolve("campaign.json").toFile());
        assertEquals(host.mode(), c.at("/protocol/cgroup").asText());
        assertEquals(List.of(), leftovers(campaign));
        assertFalse(Files.exists(tmp.resolve("work/cgroups")));
    }

    @Test
    void aFailedRunLeavesNoCgroupEither() throws Exception {
        String campaign = "cgfail-" + ProcessHandle.current().pid();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CampaignSummary s = runner(campaign, Fixtures.stack("exits-early"), log).run();
        assertEquals(s.runsExecuted(), s.failed(), log.toString(StandardCharsets.UTF_8));
        List<RunRow> rows = RunFiles.read(tmp.resolve("data/raw/" + campaign + "/phase1.csv"), 1);
        assertTrue(rows.stream().allMatch(r -> r.status().equals(RunStatus.FAILED) && r.peakCgroupKib() == null));
        assertEquals(List.of(), leftovers(campaign));
    }
}
