package dev.tpm.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.codec.BadInputException;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.RunRecord;
import dev.tpm.testing.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** phase5.csv, campaigns without phase1.csv, device.model_id and analysis.json's min_units and device_models (data.md v4). */
class IngestV4Test {
    @TempDir
    Path tmp;

    private static final String HEADER = "seq,stack,endpoint,concurrency,run,warmup,status,duration_s,requests,rps,"
            + "lat_p50_ms,lat_p99_ms,peak_rss_kib,startup_ms,idle_rss_kib,prior_load_s\n";

    private Path data() {
        return Fixtures.copy("minimal", tmp.resolve("data"));
    }

    private static String campaign(String folder, String device, String modelId) {
        return "{\"campaign\": \"" + folder + "\", \"device\": {\"id\": \"" + device + "\""
                + (modelId == null ? "" : ", \"model_id\": \"" + modelId + "\"") + "},"
                + " \"protocol\": {\"runs\": 2}, \"stacks\": [{\"id\": \"go\"}, {\"id\": \"rust\"}]}";
    }

    private static List<String> where(BadInputException e) {
        return e.problems().stream().map(p -> p.file() + " " + p.where()).toList();
    }

    @Test
    void phase5RowsContinueTheSeqNumberingOfThePhasesBeforeThem() throws Exception {
        Path data = data();
        Fixtures.write(data, "raw/c1/phase5.csv", HEADER + "20,go,get_item,30,1,0,ok,10,50000,5000,0.4,1.2,9000,12.5,7000,30\n");
        Dataset d = Ingest.read(data, w -> { });
        assertEquals(1, d.phase5().size());
        RunRecord r = d.phase5().get(0);
        assertEquals(5, r.phase());
        assertEquals(30.0, r.row().priorLoadS());
        Fixtures.write(data, "raw/c1/phase5.csv", HEADER + "3,go,get_item,30,1,0,ok,10,50000,5000,0.4,1.2,9000,12.5,7000,30\n");
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        assertEquals(List.of("raw/c1/phase5.csv line 2"), where(e), "seq 3 is phase 1's");
    }

    @Test
    void aCampaignWithoutPhase1IsValidWhenItHasOtherRowsOrASeries() throws Exception {
        Path data = data();
        Fixtures.delete(data, "raw/c1/phase1.csv");
        // the fixture keeps its phase-3 series: valid
        assertEquals(List.of(), Ingest.read(data, w -> { }).phase1());
        Fixtures.write(data, "raw/c2/campaign.json", campaign("c2", "other", null));
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        assertEquals(List.of("raw/c2/phase1.csv file"), e.problems().stream().map(p -> p.file() + " " + p.where()).toList()
                .stream().map(s -> s.startsWith("raw/c2/phase1.csv") ? "raw/c2/phase1.csv file" : s).toList());
        Fixtures.write(data, "raw/c2/phase5.csv", HEADER + "1,go,get_item,30,1,0,ok,10,50000,5000,0.4,1.2,9000,12.5,7000,30\n");
        assertEquals(1, Ingest.read(data, w -> { }).phase5().size());
    }

    @Test
    void minUnitsAndDeviceModelsHaveDefaultsAndARecordedModelWins() throws Exception {
        Path data = data();
        AnalysisConfig def = Ingest.read(data, w -> { }).config();
        assertEquals(2, def.minUnits());
        assertEquals(Map.of(), def.deviceModels());
        assertEquals("fixture-device", Ingest.read(data, w -> { }).modelOf("fixture-device"), "a model of its own");
        Fixtures.write(data, "config/analysis.json", "{\"min_units\": 3, \"device_models\": {\"fixture-device\": \"m1\"}}");
        Dataset d = Ingest.read(data, w -> { });
        assertEquals(3, d.config().minUnits());
        assertEquals("m1", d.modelOf("fixture-device"));
        String c1 = Files.readString(data.resolve("raw/c1/campaign.json"));
        Fixtures.write(data, "raw/c1/campaign.json", c1.replace("\"id\": \"fixture-device\",",
                "\"id\": \"fixture-device\", \"model_id\": \"m2\","));
        assertEquals("m2", Ingest.read(data, w -> { }).modelOf("fixture-device"));
    }

    @Test
    void aDeviceModelForAnUnknownDeviceAndTwoModelsOfOneDeviceAreBadInput() {
        Path data = data();
        Fixtures.write(data, "config/analysis.json", "{\"device_models\": {\"no-such-device\": \"m1\"}}");
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        assertEquals(List.of("config/analysis.json $.device_models.no-such-device"), where(e));
        Fixtures.write(data, "config/analysis.json", "{}");
        Fixtures.write(data, "raw/c2/campaign.json", campaign("c2", "d2", "m1"));
        Fixtures.write(data, "raw/c3/campaign.json", campaign("c3", "d2", "m2"));
        Fixtures.write(data, "raw/c2/phase5.csv", HEADER + "1,go,get_item,30,1,0,ok,10,50000,5000,0.4,1.2,9000,12.5,7000,30\n");
        Fixtures.write(data, "raw/c3/phase5.csv", HEADER + "1,go,get_item,30,1,0,ok,10,50000,5000,0.4,1.2,9000,12.5,7000,30\n");
        e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        assertEquals(List.of("raw/c3/campaign.json $.device.model_id"), where(e));
        assertTrue(e.getMessage().contains("m1"), e.getMessage());
    }
}
