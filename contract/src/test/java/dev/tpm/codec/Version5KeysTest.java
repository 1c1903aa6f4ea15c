package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.model.Protocol;
import dev.tpm.model.RunRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What data.md and analysis.md version 5 add to campaign.json, the run tables and analysis.json. */
class Version5KeysTest {
    private static Campaign parse(String text, Problems problems) {
        return CampaignJson.parse(text, "c", "raw/c/campaign.json", problems).campaign();
    }

    @Test
    void theCpuIdTheStealShareAndTheQuietGateAreCarried() {
        String text = """
                {"campaign": "c", "device": {"id": "vm-f", "model_id": "x86-vm-2c"},
                 "machine": {"machine_id": "m", "cpu_id": "x86:AuthenticAMD:25:17:1"},
                 "protocol": {"order": "rounds", "max_steal_share": 0.05, "quiet": {"window_s": 2, "max_wait_s": 300}},
                 "stacks": [{"id": "go"}]}
                """;
        Problems problems = new Problems();
        Campaign c = parse(text, problems);
        assertEquals(List.of(), problems.all());
        assertEquals("x86:AuthenticAMD:25:17:1", c.machine().cpuId());
        assertEquals(0.05, c.protocol().maxStealShare());
        assertEquals(new Protocol.Quiet(2.0, 300.0), c.protocol().quiet());
        assertEquals(c, parse(CampaignJson.text(c), new Problems()));
        assertTrue(CampaignJson.text(c).contains("\"cpu_id\" : \"x86:AuthenticAMD:25:17:1\""), CampaignJson.text(c));
    }

    @Test
    void badVersionFiveValuesAreReportedAtTheirJsonPath() {
        String text = """
                {"campaign": "c", "device": {"id": "vm-f"},
                 "machine": {"cpu_id": "AMD EPYC"},
                 "protocol": {"max_steal_share": 1.5, "quiet": {"window_s": 0, "max_wait_s": -3}},
                 "stacks": [{"id": "go"}]}
                """;
        Problems problems = new Problems();
        assertNull(parse(text, problems));
        String all = problems.all().toString();
        for (String path : List.of("$.machine.cpu_id", "$.protocol.max_steal_share", "$.protocol.quiet.window_s",
                "$.protocol.quiet.max_wait_s")) {
            assertTrue(all.contains(path), path + " in " + all);
        }
    }

    @Test
    void aRoundStartsAtOneAndAWaitIsNeverNegative() {
        String header = "seq,stack,endpoint,concurrency,run,warmup,status,duration_s,requests,rps,"
                + "lat_p50_ms,lat_p99_ms,peak_rss_kib,startup_ms,idle_rss_kib,steal_s,round,quiet_wait_s\n";
        Problems problems = new Problems();
        List<RunCsv.Line> rows = RunCsv.parse(header
                + "1,go,get_item,30,1,0,ok,10,50000,5000,0.4,1.2,9000,12.5,7000,0.25,3,4.5\n"
                + "2,go,get_item,30,2,0,ok,10,50000,5000,0.4,1.2,9000,12.5,7000,0.25,0,-1\n",
                "raw/c1/phase1.csv", 1, Set.of("go"), new HashMap<>(), problems, w -> {});
        RunRow row = rows.get(0).row();
        assertEquals(3, row.round());
        assertEquals(4.5, row.quietWaitS());
        assertEquals(List.of(row), List.of(RunRow.of(row.values())), "the values round-trip");
        assertEquals(List.of(
                "raw/c1/phase1.csv line 3, column round: expected an integer >= 1, found '0'",
                "raw/c1/phase1.csv line 3, column quiet_wait_s: expected a non-negative number, found '-1'"),
                problems.all().stream().map(Problem::toString).toList());
    }

    @Test
    void analysisJsonTakesTheDefaultsWhenAbsentAndNullTurnsTheStealRuleOff(@TempDir Path dir) throws IOException {
        assertEquals(3, AnalysisConfig.defaults().minUnitsCi());
        assertEquals(0.02, AnalysisConfig.defaults().maxStealShare(), "analysis.md version 6 (0.05 in version 5)");
        assertEquals(0.10, AnalysisConfig.defaults().probeTolerance());
        Path a = dir.resolve("a");
        Files.createDirectories(a.resolve("config"));
        Files.writeString(a.resolve(AnalysisJson.FILE), "{\"max_steal_share\": null, \"min_units_ci\": 4}");
        AnalysisConfig off = AnalysisJson.read(a, new Problems());
        assertNull(off.maxStealShare());
        assertEquals(4, off.minUnitsCi());
        Path b = dir.resolve("b");
        Files.createDirectories(b.resolve("config"));
        Files.writeString(b.resolve(AnalysisJson.FILE), "{\"max_steal_share\": 2, \"min_units_ci\": 1}");
        Problems problems = new Problems();
        AnalysisJson.read(b, problems);
        String all = problems.all().toString();
        assertTrue(all.contains("$.max_steal_share") && all.contains("$.min_units_ci"), all);
    }
}
