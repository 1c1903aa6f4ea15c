package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Campaign;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import dev.tpm.model.RunRow;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What data.md version 6 adds to campaign.json, presets and the run tables (probe.csv: ProbeCsvTest). */
class Version6KeysTest {
    private static final String PRESET = """
            {"preset": "t", "runs": 5, "warmups": 0, "duration_s": 5, "concurrency": 4, "threads": 2,
             "cooldown_s": 1, "settle_s": 1, "seed_rows": 100, "seed_rows_delete": 100, "sample_interval_ms": 100,
             "endpoints": ["get_item"], "rng_seed": 1, "max_retries": 1, "startup_timeout_s": 5, "stop_grace_s": 5%s}""";

    private static Preset preset(String more) throws IOException {
        return PresetJson.parse(PRESET.formatted(more), "t.json", PresetJsonTest.TOOLS);
    }

    private static Campaign campaign(String protocol, Problems problems) {
        return CampaignJson.parse("{\"campaign\": \"c\", \"device\": {\"id\": \"vm\"}, \"protocol\": " + protocol
                + ", \"stacks\": [{\"id\": \"go\"}]}", "c", "raw/c/campaign.json", problems).campaign();
    }

    @Test
    void theProbeTakesItsSchemaDefaultsAndTheTestsFlagIsCarried() throws IOException {
        Protocol q = preset(", \"probe\": {}, \"tests\": false").protocol();
        assertEquals(new Protocol.Probe("sysbench", null, 5.0, 25), q.probe());
        assertEquals(Boolean.FALSE, q.tests());
        assertNull(preset("").protocol().probe(), "absent: no probe");
        assertNull(preset(", \"probe\": null").protocol().probe(), "null: no probe");
        assertEquals(new Protocol.Probe("sysbench", null, 2.0, 10),
                preset(", \"probe\": {\"duration_s\": 2, \"every_runs\": 10}").protocol().probe());
    }

    @Test
    void badProbeValuesNameTheirJsonPath() {
        IOException d = assertThrows(IOException.class, () -> preset(", \"probe\": {\"duration_s\": 0}"));
        assertEquals("t.json: $.probe.duration_s: expected a number > 0 and <= 3600, found 0", d.getMessage());
        IOException e = assertThrows(IOException.class, () -> preset(", \"probe\": {\"every_runs\": 0}"));
        assertEquals("t.json: $.probe.every_runs: expected an integer in [1, 1000000], found 0", e.getMessage());
        Problems problems = new Problems();
        assertNull(campaign("{\"probe\": {\"tool\": \"sysbench\", \"version\": \"1.0.20\", \"duration_s\": 5, \"every_runs\": 0},"
                + " \"phase4\": {\"prior_load_s\": -1}}", problems));
        String all = problems.all().toString();
        assertTrue(all.contains("$.protocol.probe.every_runs: expected an integer in [1, 1000000], found 0"), all);
        assertTrue(all.contains("$.protocol.phase4.prior_load_s: expected a number from 0 to 86400, found -1"), all);
    }

    @Test
    void aCampaignRecordsItsProbeAndAWarmPhase4AndReadsThemBack() {
        Problems problems = new Problems();
        Campaign c = campaign("{\"order\": \"rounds\", \"probe\": {\"tool\": \"sysbench\", \"version\": \"1.0.20\", \"duration_s\": 5,"
                + " \"every_runs\": 25}, \"tests\": false, \"phase4\": {\"endpoints\": [\"get_item\"], \"prior_load_s\": 20}}", problems);
        assertEquals(List.of(), problems.all());
        assertEquals(new Protocol.Probe("sysbench", "1.0.20", 5.0, 25), c.protocol().probe());
        assertEquals(20.0, c.protocol().phase4().priorLoadS());
        String text = CampaignJson.text(c);
        assertTrue(text.contains("\"probe\" : {\n      \"tool\" : \"sysbench\",\n      \"version\" : \"1.0.20\",\n      \"duration_s\" : 5,"),
                text);
        assertEquals(c, CampaignJson.parse(text, "c", "raw/c/campaign.json", new Problems()).campaign());
    }

    @Test
    void perCpuStealIsCarriedAndNeverNegativeAndAWarmPhase4MayBeCold() {
        String header = "seq,stack,endpoint,concurrency,run,warmup,status,duration_s,requests,rps,"
                + "lat_p50_ms,lat_p99_ms,peak_rss_kib,startup_ms,idle_rss_kib,steal_s,server_steal_s,loadgen_steal_s\n";
        Problems problems = new Problems();
        List<RunCsv.Line> rows = RunCsv.parse(header
                + "1,go,get_item,30,1,0,ok,10,50000,5000,0.4,1.2,9000,12.5,7000,0.25,0.2,0.05\n"
                + "2,go,get_item,30,2,0,ok,10,50000,5000,0.4,1.2,9000,12.5,7000,0.25,-0.2,-1\n",
                "raw/c1/phase1.csv", 1, Set.of("go"), new HashMap<>(), problems, w -> {});
        RunRow row = rows.get(0).row();
        assertEquals(0.2, row.serverStealS());
        assertEquals(0.05, row.loadgenStealS());
        assertEquals(row, RunRow.of(row.values()));
        assertEquals(List.of(
                "raw/c1/phase1.csv line 3, column server_steal_s: expected a non-negative number, found '-0.2'",
                "raw/c1/phase1.csv line 3, column loadgen_steal_s: expected a non-negative number, found '-1'"),
                problems.all().stream().map(Problem::toString).toList());

        String p4 = "seq,stack,endpoint,concurrency,run,warmup,status,offered_rps,prior_load_s\n";
        Problems p4problems = new Problems();
        List<RunCsv.Line> p4rows = RunCsv.parse(p4 + "3,go,get_item,30,1,0,failed,1000,0\n4,go,get_item,30,2,0,failed,1000,20\n"
                + "5,go,get_item,30,3,0,failed,1000,-1\n", "raw/c1/phase4.csv", 4, Set.of("go"), new HashMap<>(), p4problems, w -> {});
        assertEquals(List.of(0.0, 20.0), p4rows.stream().limit(2).map(l -> l.row().priorLoadS()).toList());
        assertEquals(List.of("raw/c1/phase4.csv line 4, column prior_load_s: expected a non-negative number, found '-1'"),
                p4problems.all().stream().map(Problem::toString).toList());
    }
}
