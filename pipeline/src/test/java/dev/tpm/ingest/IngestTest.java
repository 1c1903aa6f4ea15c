package dev.tpm.ingest;

import dev.tpm.codec.BadInputException;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.RunColumns;
import dev.tpm.model.RunRecord;
import dev.tpm.model.RunStatus;
import dev.tpm.model.InventoryEntry;
import dev.tpm.testing.Fixtures;
import dev.tpm.codec.Sha256;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IngestTest {
    @TempDir
    Path tmp;

    @Test
    void readsTheFixtureIntoTypedRecords() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        List<String> warnings = new ArrayList<>();
        Dataset d = Ingest.read(data, warnings::add);

        List<RunRecord> p1 = d.phase1();
        assertEquals(7, p1.size());
        // every data.md column, typed, whether or not the file had it, plus the four ingest adds
        Object[] values = p1.get(0).row().values();
        assertEquals(RunColumns.CSV.size(), values.length);
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L), p1.stream().map(r -> r.row().seq()).toList());
        assertEquals(List.of(2L, 3L, 4L, 5L, 6L, 7L, 8L), p1.stream().map(RunRecord::line).toList());
        assertEquals("c1", p1.get(0).campaign());
        assertEquals("fixture-device", p1.get(6).device());
        assertEquals(1, p1.get(0).phase());
        assertEquals(2100.0, p1.get(1).row().rps());
        assertEquals(1L, p1.get(2).row().errorsRead());
        assertEquals("server exited, code 137", p1.get(6).row().note());
        assertTrue(Double.isNaN(p1.get(6).row().rps()), "failed run has no rps");
        assertNull(p1.get(0).row().idlePssKib(), "absent column is all missing");
        assertTrue(Double.isNaN(p1.get(0).row().energyJ()));

        List<RunRecord> p2 = d.phase2();
        assertEquals(2, p2.size());
        assertEquals(2, p2.get(0).phase());
        assertTrue(Double.isNaN(p2.get(0).row().startupMs()));
        assertEquals(60, p2.get(1).row().concurrency());

        AnalysisConfig cfg = d.config();
        AnalysisConfig def = AnalysisConfig.defaults();
        assertEquals(200, cfg.bootstrapResamples());
        assertEquals(7L, cfg.rngSeed());
        assertEquals(def.confidence(), cfg.confidence());
        assertEquals(def.posthocTest(), cfg.posthocTest());
        assertEquals(List.of(), cfg.excludeCampaigns());

        assertEquals(1, d.mixes().size());
        assertEquals("illustrative", d.declaredMix().name());
        assertEquals(0.4, d.declaredMix().weight("get_item"));
        assertEquals(List.of("post_item", "get_item", "get_list", "put_item", "delete_item"),
                List.copyOf(d.declaredMix().weights().keySet()));

        Campaign c = d.campaigns().get(0);
        assertEquals("c1", c.id());
        assertEquals("fixture-device", c.device().id());
        assertEquals("none", c.device().powerSource());
        assertEquals(4096, c.device().pageSize());
        assertNull(c.device().memoryMib());
        assertEquals(List.of("go", "rust"), c.stacks().stream().map(s -> s.id()).toList());
        assertEquals(3_400_000L, c.stacks().get(1).artifactBytes());
        assertEquals(Map.of("kept", true), c.extra().get("extra_key"), "unknown keys are kept");
        assertEquals("smoke", c.protocol().preset());
        assertNull(c.loadGenerator());

        MemorySeries s = d.phase3().get(0);
        assertEquals("raw/c1/phase3/rust-get_item-1.json", s.file());
        assertEquals("fixture-device", s.device());
        assertArrayEquals(new long[] {0, 130, 261, 390, 521}, s.tMs());
        assertArrayEquals(new long[] {7000, Long.MIN_VALUE, 7010, 7012, 7011}, s.pssKib());

        assertEquals(1, d.published().size());
        assertEquals(310.25, d.published().get(0).value());
        assertEquals("", d.published().get(0).note());

        List<InventoryEntry> inv = d.inventory();
        assertEquals(7, inv.size());
        InventoryEntry phase1 = inv.stream().filter(e -> e.path().equals("raw/c1/phase1.csv")).findFirst().orElseThrow();
        assertEquals(7L, phase1.rows());
        assertEquals(Files.size(data.resolve("raw/c1/phase1.csv")), phase1.bytes());
        assertEquals(Sha256.of(data.resolve("raw/c1/phase1.csv")), phase1.sha256());
        assertNull(inv.get(0).rows(), "JSON has no row count");
        for (InventoryEntry e : inv) {
            if (!e.path().endsWith(".csv")) continue;
            // run files count the rows read, other CSVs are parsed for the count: both the file's data records
            long records = dev.tpm.codec.CsvFile.read(data.resolve(e.path()), e.path(), new dev.tpm.codec.Problems()).dataRecords();
            assertEquals(records, e.rows(), e.path());
        }
        assertEquals(List.of(), warnings);
    }

    @Test
    void acceptsByteOrderMarkCrLfAndQuotedFields() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        String text = Files.readString(data.resolve("raw/c1/phase1.csv"))
                .replace("\n", "\r\n")
                .replace(",2100.0,", ",\"2100.0\",")
                .replace(",ok,\r\n2,", ",ok,\"a note, with a comma and \"\"quotes\"\"\"\r\n2,");
        Fixtures.write(data, "raw/c1/phase1.csv", ("\uFEFF" + text).getBytes(StandardCharsets.UTF_8));
        Fixtures.write(data, "config/mixes.csv", "\uFEFF" + Files.readString(data.resolve("config/mixes.csv"))
                .replace("\n", "\r\n"));
        Dataset d = Ingest.read(data, w -> { });
        List<RunRecord> p1 = d.phase1();
        assertEquals(7, p1.size());
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L), p1.stream().map(r -> r.row().seq()).toList(), "BOM not in seq");
        assertEquals(2100.0, p1.get(1).row().rps());
        assertEquals("a note, with a comma and \"quotes\"", p1.get(0).row().note());
        assertEquals(RunStatus.OK, p1.get(0).row().status(), "no CR left in the last column");
        assertEquals(5, d.declaredMix().weights().size());
    }

    @Test
    void countsLinesOfQuotedFieldsThatSpanLines() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Fixtures.edit(data, "raw/c1/phase1.csv", ",0x0,ok,\n2,", ",0x0,ok,\"first line\nsecond line\"\n2,");
        Fixtures.edit(data, "raw/c1/phase1.csv", "4,rust,get_item,", "4,rust,get_itm,");
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        // seq 4 is on line 5 of the file before the edit; the note adds one line
        assertEquals("raw/c1/phase1.csv line 6, column endpoint: expected an endpoint of data.md (post_item, get_item,"
                + " get_list, put_item, delete_item, mixed, hello, hello_json, heavy, sleep), found 'get_itm'", e.problems().get(0).toString());
    }

    @Test
    void requiresPhase1OnlyAndNumbersTheRunFilesAsOneCampaign() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Files.delete(data.resolve("raw/c1/phase2.csv"));
        Dataset d = Ingest.read(data, w -> { });
        assertEquals(List.of(), d.phase2(), "phase 2 is optional");
        assertTrue(d.inventory().stream().noneMatch(e -> e.path().equals("raw/c1/phase2.csv")));

        Path again = Fixtures.copy("minimal", tmp.resolve("again"));
        Fixtures.edit(again, "raw/c1/phase2.csv", "\n8,go,get_item,60,", "\n3,go,get_item,60,");
        BadInputException reused = assertThrows(BadInputException.class, () -> Ingest.read(again, w -> { }));
        assertEquals("raw/c1/phase2.csv line 2", reused.problems().get(0).file() + " " + reused.problems().get(0).where());
        assertTrue(reused.problems().get(0).toString().contains("already used at raw/c1/phase1.csv line 4"),
                reused.problems().get(0).toString());

        Path none = Fixtures.copy("minimal", tmp.resolve("none"));
        Files.delete(none.resolve("raw/c1/phase1.csv"));
        // data.md v4: phase1.csv may be absent only beside rows of another phase or a phase-3 series
        Ingest.read(none, w -> { });
        Files.delete(none.resolve("raw/c1/phase2.csv"));
        Files.delete(none.resolve("raw/c1/phase3/rust-get_item-1.json"));
        BadInputException missing = assertThrows(BadInputException.class, () -> Ingest.read(none, w -> { }));
        assertTrue(missing.problems().stream().anyMatch(p -> p.toString().startsWith("raw/c1/phase1.csv")
                && p.toString().contains("no such file")), missing.problems().toString());
    }

    @Test
    void warnsOncePerFileAboutUnknownColumns() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Fixtures.edit(data, "raw/c1/phase2.csv", ",status\n", ",status,gpu_temp,fan\n");
        Fixtures.edit(data, "raw/c1/phase2.csv", ",7600,ok\n", ",7600,ok,51,on\n");
        Fixtures.edit(data, "raw/c1/phase2.csv", ",21000,ok\n", ",21000,ok,50,off\n");
        List<String> warnings = new ArrayList<>();
        Ingest.read(data, warnings::add);
        assertEquals(List.of("warning: raw/c1/phase2.csv: ignoring unknown columns gpu_temp, fan"), warnings);
    }

    @Test
    void collectsProblemsOfEveryFileInOnePass() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Fixtures.edit(data, "raw/c1/phase1.csv", ",20500,1,0,", ",20500,-1,0,");
        Fixtures.edit(data, "raw/c1/phase1.csv", "6,rust,get_item,", "6,rust,get_items,");
        Fixtures.edit(data, "config/mixes.csv", "put_item,0.10", "put_item,0.15");
        Fixtures.edit(data, "raw/c1/phase3/rust-get_item-1.json", "{\"t_ms\": 390,", "{\"t_ms\": 100,");
        Fixtures.edit(data, "raw/c1/campaign.json", "\"power_source\": \"none\"", "\"power_source\": \"mains\"");
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        List<String> where = e.problems().stream().map(p -> p.file() + " " + p.where()).toList();
        assertEquals(List.of(
                "config/mixes.csv line 2",
                "raw/c1/campaign.json $.device.power_source",
                "raw/c1/phase1.csv line 4",
                "raw/c1/phase1.csv line 7",
                "raw/c1/phase3/rust-get_item-1.json $.samples[3].t_ms"), where);
    }

    @Test
    void keepsStacksInCampaignOrderAndRowsInCampaignThenSeqOrder() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        // a second campaign whose folder sorts first, rows written out of seq order
        Fixtures.write(data, "raw/b0/campaign.json", "{\"campaign\": \"b0\", \"device\": {\"id\": \"dev-b\"},"
                + " \"stacks\": [{\"id\": \"rust\"}]}");
        Fixtures.write(data, "raw/b0/phase1.csv", "seq,stack,endpoint,concurrency,run,warmup,status\n"
                + "2,rust,get_item,30,2,0,failed\n1,rust,get_item,30,1,0,discarded\n");
        Dataset d = Ingest.read(data, w -> { });
        assertEquals(List.of("b0", "c1"), d.campaigns().stream().map(Campaign::id).toList());
        List<RunRecord> p1 = d.phase1();
        assertEquals(List.of("b0", "b0", "c1"), p1.stream().map(RunRecord::campaign).toList().subList(0, 3));
        assertEquals(List.of(1L, 2L, 1L), p1.stream().map(r -> r.row().seq()).toList().subList(0, 3));
        assertEquals(List.of(3L, 2L), p1.stream().map(RunRecord::line).toList().subList(0, 2));
        assertEquals(List.of("c1", "c1"), d.phase2().stream().map(RunRecord::campaign).toList(), "b0 has no phase 2");
    }
}
