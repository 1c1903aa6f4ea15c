package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.ProbeCsv;
import dev.tpm.codec.Problems;
import dev.tpm.collect.sample.Commands;
import dev.tpm.collect.sample.Sysbench;
import dev.tpm.model.Preset;
import dev.tpm.model.ProbeRow;
import dev.tpm.model.RunRow;
import dev.tpm.testing.ExternalTool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe of version 6 with the real sysbench (Debian's package; CI installs it) in a small
 * campaign in rounds (real wrk, an in-process test server): a probe before the first run and after
 * each round, the last round's being the closing one, each test a row of probe.csv; and a campaign
 * stopped between a probe's two tests, resumed.
 */
class ProbeCampaignTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void tools() {
        ExternalTool.require("wrk");
        ExternalTool.require("sysbench");
    }

    static final String PRESET = """
            {"preset": "probe-smoke", "runs": 2, "warmups": 0, "duration_s": 1, "concurrency": 2, "threads": 1,
             "cooldown_s": 0, "settle_s": 0, "seed_rows": 50, "seed_rows_delete": 500, "sample_interval_ms": 100,
             "endpoints": ["get_item", "post_item"], "rng_seed": 5, "order": "rounds", "max_steal_share": null,
             "probe": {"duration_s": 1}, "tests": false,
             "max_retries": 2, "startup_timeout_s": 5, "stop_grace_s": 5, "timeout_s": 3}
            """;

    private CampaignRunner runner(ByteArrayOutputStream log) throws IOException {
        Preset p = TestCampaigns.preset(tmp, "probe-smoke", PRESET);
        return TestCampaigns.runner(TestCampaigns.options(tmp, "c1", p, List.of(TestCampaigns.stack(tmp, "aa"))).build(),
                new FakeServerSide(Set.of(), Set.of()), TestCampaigns.quietSensors(), DeviceFacts.system(), log);
    }

    private List<ProbeRow> probes(long maxSeq) {
        Problems problems = new Problems();
        List<ProbeCsv.Line> lines = ProbeCsv.read(tmp.resolve("data/raw/c1/probe.csv"), "raw/c1/probe.csv", "c1", maxSeq, true, problems);
        assertEquals(List.of(), problems.all());
        return lines.stream().map(ProbeCsv.Line::row).toList();
    }

    @Test
    void aCampaignInRoundsProbesBeforeAfterEachRoundAndRecordsTheVersion() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        runner(log).run();
        List<RunRow> p1 = RunFiles.read(tmp.resolve("data/raw/c1/phase1.csv"), 1);
        assertEquals(4, p1.size(), "2 endpoints x 2 rounds");
        List<ProbeRow> probes = probes(4);
        // before the first run, after round 1 (2 runs), after round 2 (the last: the closing probe, not a second)
        assertEquals(List.of(0L, 0L, 2L, 2L, 4L, 4L), probes.stream().map(ProbeRow::afterSeq).toList());
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), probes.stream().map(ProbeRow::probeSeq).toList());
        assertEquals(List.of("cpu", "memory", "cpu", "memory", "cpu", "memory"), probes.stream().map(ProbeRow::test).toList());
        for (ProbeRow r : probes) {
            assertTrue(r.value() > 0 && r.durationS() > 0, r.toString());
            assertNull(r.cpu(), "the server is not pinned: nor is the probe");
        }
        String version = Sysbench.version(Commands.system(10_000));
        Problems problems = new Problems();
        assertEquals(version, CampaignJson.read(tmp.resolve("data"), "c1", problems).campaign().protocol().probe().version());
        String out = log.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("collect: probe: sysbench cpu ") && out.contains("over 3 cpu probes"), out);
        assertTrue(Files.readString(tmp.resolve("data/SHA256SUMS")).contains("raw/c1/probe.csv"));
    }

    @Test
    void aCampaignStoppedBetweenAProbesTwoTestsProbesAgainWhenItResumes() throws Exception {
        runner(new ByteArrayOutputStream()).run();
        Path dir = tmp.resolve("data/raw/c1");
        // the state of a campaign stopped after round 1 and the cpu test of its probe: round 2's rows, the
        // probe's memory test and the closing probe never written
        List<String> p1 = Files.readAllLines(dir.resolve("phase1.csv"));
        Files.writeString(dir.resolve("phase1.csv"), String.join("\n", p1.subList(0, 3)) + "\n");
        List<String> pr = Files.readAllLines(dir.resolve("probe.csv"));
        Files.writeString(dir.resolve("probe.csv"), String.join("\n", pr.subList(0, 4)) + "\n");
        for (String f : List.of("3", "4")) Files.deleteIfExists(dir.resolve("loadgen").resolve(f + ".txt"));
        Files.deleteIfExists(tmp.resolve("data/SHA256SUMS"));

        ByteArrayOutputStream log = new ByteArrayOutputStream();
        runner(log).run();
        assertEquals(4, RunFiles.read(dir.resolve("phase1.csv"), 1).size(), "round 2 measured on resume");
        List<ProbeRow> probes = probes(4);
        // the cpu test after run 2, then the resume's own probe at the same after_seq, then the closing one
        assertEquals(List.of(0L, 0L, 2L, 2L, 2L, 4L, 4L), probes.stream().map(ProbeRow::afterSeq).toList());
        assertEquals(List.of("cpu", "memory", "cpu", "cpu", "memory", "cpu", "memory"), probes.stream().map(ProbeRow::test).toList());
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L), probes.stream().map(ProbeRow::probeSeq).toList());
        String out = log.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("collect: resuming "), out);
        assertTrue(out.indexOf("collect: probe 4 after run 2") < out.indexOf("round 2"), out);
    }
}
