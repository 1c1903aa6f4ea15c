package dev.tpm.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.codec.BadInputException;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.testing.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import dev.tpm.model.RunRecord;

/** What version 2 of data.md adds to ingest, on the minimal fixture (synthetic, not measured). */
class IngestV2Test {
    @TempDir
    Path tmp;

    private static final String HELLO_HEADER = "seq,stack,endpoint,concurrency,threads,run,warmup,duration_s,requests,rps,"
            + "lat_p50_ms,lat_p90_ms,lat_p99_ms,loadgen_cpu_s,seeded_rows,temp_max_c,freq_min_mhz,status\n";

    private Path withHelloCampaign(String study, String row) {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Fixtures.write(data, "raw/c2/campaign.json", "{\"campaign\": \"c2\", " + study
                + "\"device\": {\"id\": \"fixture-device\"},"
                + " \"load_generator\": {\"tool\": \"wrk\", \"version\": \"4.1.0\", \"host\": \"same\", \"cpus\": \"1\","
                + " \"timeout_s\": 2, \"imported\": true}, \"protocol\": {\"server_cpus\": \"0\"},"
                + " \"stacks\": [{\"id\": \"go-http\", \"versions\": {\"runtime\": \"go1.26.8\"}}]}");
        Fixtures.write(data, "raw/c2/phase1.csv", HELLO_HEADER + row);
        return data;
    }

    @Test
    void campaignsWithoutStudyArePaperAndOtherStudiesNeedOnlyTheLighterColumns() throws Exception {
        Path data = withHelloCampaign("\"study\": \"hello-blog\", ", "1,go-http,hello,10,2,1,0,15,30000,2000,0.5,0.9,2.5,3.1,0,61.5,1500,ok\n");
        Dataset d = Ingest.read(data, w -> { });
        assertEquals(List.of("paper", "hello-blog"), d.campaigns().stream().map(Campaign::studyId).toList());
        RunRecord last = d.phase1().get(d.phase1().size() - 1);
        assertEquals("c2", last.campaign());
        assertEquals(3.1, last.row().loadgenCpuS());
        assertEquals(0L, last.row().seededRows());
        assertEquals(61.5, last.row().tempMaxC());
        assertEquals(1500.0, last.row().freqMinMhz());
        assertEquals(null, last.row().peakRssKib(), "an imported result may have no memory");
    }

    @Test
    void aPaperCampaignStillNeedsMemoryAndStartup() {
        Path data = withHelloCampaign("", "1,go-http,hello,10,2,1,0,15,30000,2000,0.5,0.9,2.5,,,,,ok\n");
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        List<String> columns = e.problems().stream().map(p -> p.toString()).filter(s -> s.startsWith("raw/c2/phase1.csv")).toList();
        assertEquals(3, columns.size(), columns.toString()); // peak_rss_kib, startup_ms, idle_rss_kib absent from the header
        assertTrue(columns.get(0).contains("column peak_rss_kib"), columns.get(0));
    }

    @Test
    void aStandInIsReadWithTheSeedsServerAndWhyAndAMalformedOneIsAProblem() throws Exception {
        Path data = withHelloCampaign("\"study\": \"app-servers\", ", "1,go-http,hello,10,2,1,0,15,30000,2000,0.5,0.9,2.5,3.1,0,61.5,1500,ok\n");
        Fixtures.edit(data, "raw/c2/campaign.json", "\"versions\":",
                "\"stand_in\": {\"for\": \"httpbeast\", \"why\": \"in no registry here\"}, \"versions\":");
        Dataset d = Ingest.read(data, w -> { });
        Campaign c = d.campaigns().stream().filter(x -> x.id().equals("c2")).findFirst().orElseThrow();
        assertEquals(new dev.tpm.model.StackInfo.StandIn("httpbeast", "in no registry here"), c.stacks().get(0).standIn());
        assertEquals(null, d.campaigns().get(0).stacks().get(0).standIn(), "the paper's stacks stand in for nothing");

        Fixtures.edit(data, "raw/c2/campaign.json", "\"why\": \"in no registry here\"", "\"why\": 3");
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        List<String> where = e.problems().stream().filter(p -> p.file().equals("raw/c2/campaign.json")).map(p -> p.where()).toList();
        assertEquals(List.of("$.stacks[0].stand_in.why"), where);
    }

    @Test
    void newCampaignKeysAreChecked() {
        Path data = withHelloCampaign("\"study\": 3, ", "1,go-http,hello,10,2,1,0,15,30000,2000,0.5,0.9,2.5,,,,,ok\n");
        Fixtures.edit(data, "raw/c2/campaign.json", "\"imported\": true", "\"imported\": \"yes\"");
        Fixtures.edit(data, "raw/c2/campaign.json", "\"timeout_s\": 2", "\"timeout_s\": 0");
        Fixtures.edit(data, "raw/c2/campaign.json", "\"runtime\": \"go1.26.8\"", "\"runtime\": 1.26");
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        List<String> where = e.problems().stream().filter(p -> p.file().equals("raw/c2/campaign.json")).map(p -> p.where()).toList();
        assertEquals(List.of("$.study", "$.load_generator.timeout_s", "$.load_generator.imported", "$.stacks[0].versions.runtime"),
                where);
    }

    @Test
    void analysisJsonVersionTwoKeysAndTheirDefaults() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        AnalysisConfig def = Ingest.read(data, w -> { }).config();
        assertEquals(5, def.minN());
        assertEquals(5.0, def.memoryWarmS());
        assertEquals(List.of(60.0, 300.0), def.memoryCheckpointsS());
        Fixtures.write(data, "config/analysis.json", "{\"bootstrap_resamples\": 200, \"min_n\": 3, \"memory_warm_s\": 2.5,"
                + " \"memory_checkpoints_s\": [30, 90]}");
        AnalysisConfig c = Ingest.read(data, w -> { }).config();
        assertEquals(3, c.minN());
        assertEquals(2.5, c.memoryWarmS());
        assertEquals(List.of(30.0, 90.0), c.memoryCheckpointsS());
        Fixtures.write(data, "config/analysis.json", "{\"min_n\": 0, \"memory_checkpoints_s\": [60, -1]}");
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        assertEquals(List.of("$.min_n", "$.memory_checkpoints_s[1]"), e.problems().stream().map(p -> p.where()).toList());
    }
}
