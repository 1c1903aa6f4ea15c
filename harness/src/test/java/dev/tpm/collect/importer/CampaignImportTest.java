package dev.tpm.collect.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.Problems;
import dev.tpm.codec.Sha256;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tpm import on the real wrk and autocannon outputs of collect/import/ (README.md there). */
class CampaignImportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DEVICE = "{\"id\": \"fixture-vm\", \"model\": \"x86-64 VM, 2 vCPU\"}";

    @TempDir
    Path tmp;

    private static Path fixtures() throws URISyntaxException {
        return Path.of(CampaignImportTest.class.getResource("/collect/import/README.md").toURI()).getParent();
    }

    private CampaignImport.Outcome importRuns(Path data, String campaign, Path runsCsv) throws IOException {
        return CampaignImport.run(new CampaignImport.Request(data, campaign, "hello-blog",
                CampaignJson.parseDevice(DEVICE, "device.json", new Problems()), null, runsCsv, null, "same"));
    }

    /** A runs.csv in a temp folder naming copies of fixture files, one row per file. */
    private Path runs(String... files) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("saved"));
        StringBuilder csv = new StringBuilder("file,stack,endpoint,concurrency,threads,run,warmup\n");
        int run = 1;
        for (String f : files) {
            Path target = dir.resolve(Path.of(f).getFileName().toString());
            if (!Files.exists(target)) Files.copy(fixtures().resolve(f), target);
            csv.append(target.getFileName()).append(",s,hello,4,1,").append(run++).append(",0\n");
        }
        return Files.writeString(dir.resolve("runs.csv"), csv);
    }

    @Test
    void wrkOutputsGiveTheRowsWrkPrinted() throws Exception {
        Path data = tmp.resolve("data");
        CampaignImport.Outcome o = importRuns(data, "imp-wrk", fixtures().resolve("runs-wrk.csv"));
        assertEquals("wrk", o.tool());
        assertEquals(1, o.failed());
        assertEquals(Files.readString(fixtures().resolve("expected-phase1-wrk.csv")),
                Files.readString(data.resolve("raw/imp-wrk/phase1.csv")));
    }

    @Test
    void autocannonOutputsGiveTheRowsAutocannonPrinted() throws Exception {
        Path data = tmp.resolve("data");
        CampaignImport.Outcome o = importRuns(data, "imp-ac", fixtures().resolve("runs-autocannon.csv"));
        assertEquals("autocannon", o.tool());
        assertEquals(3, o.failed());
        assertEquals(Files.readString(fixtures().resolve("expected-phase1-autocannon.csv")),
                Files.readString(data.resolve("raw/imp-ac/phase1.csv")));
    }

    /** Independent of the golden file: each wrk text report's printed Requests/sec and totals line, cell for cell. */
    @Test
    void wrkTextValuesAreThePrintedDigits() throws Exception {
        Path data = tmp.resolve("data");
        importRuns(data, "imp", fixtures().resolve("runs-wrk.csv"));
        List<String> rows = Files.readAllLines(data.resolve("raw/imp/phase1.csv"));
        List<String> header = List.of(rows.get(0).split(","));
        Pattern rps = Pattern.compile("Requests/sec:\\s+(\\S+)");
        Pattern totals = Pattern.compile("\\s(\\d+) requests in");
        for (int seq : new int[] {1, 3, 4, 5}) {
            String text = Files.readString(data.resolve("raw/imp/loadgen/" + seq + ".txt"));
            String[] cells = rows.get(seq).split(",", -1);
            Matcher m = rps.matcher(text);
            assertTrue(m.find());
            assertEquals(Double.parseDouble(m.group(1)), Double.parseDouble(cells[header.indexOf("rps")]), 0, "seq " + seq);
            m = totals.matcher(text);
            assertTrue(m.find());
            assertEquals(m.group(1), cells[header.indexOf("requests")], "seq " + seq);
        }
    }

    @Test
    void campaignFolderEvidenceAndManifest() throws Exception {
        Path data = tmp.resolve("data");
        importRuns(data, "imp", fixtures().resolve("runs-autocannon.csv"));
        Path folder = data.resolve("raw/imp");
        JsonNode c = JSON.readTree(folder.resolve("campaign.json").toFile());
        assertEquals("imp", c.get("campaign").asText());
        assertEquals("hello-blog", c.get("study").asText());
        assertTrue(c.get("load_generator").get("imported").asBoolean());
        assertEquals("autocannon", c.get("load_generator").get("tool").asText());
        assertEquals("fixture-vm", c.get("device").get("id").asText());
        assertEquals(List.of("py-fixture", "py-fixture-status", "py-fixture-late", "py-fixture-close", "nothing-listening"),
                JSON.convertValue(c.get("stacks").findValuesAsText("id"), List.class));
        // each output kept byte for byte, .json or .txt as its format
        assertEquals(-1, Files.mismatch(fixtures().resolve("real-autocannon.json"), folder.resolve("loadgen/1.json")));
        assertEquals(-1, Files.mismatch(fixtures().resolve("real-autocannon-table.txt"), folder.resolve("loadgen/2.txt")));
        List<String> manifest = Files.readAllLines(data.resolve("SHA256SUMS"));
        assertEquals(2 + 8, manifest.size());
        assertTrue(manifest.contains(Sha256.of(folder.resolve("loadgen/8.txt")) + "  raw/imp/loadgen/8.txt"));
        assertTrue(manifest.contains(Sha256.of(folder.resolve("phase1.csv")) + "  raw/imp/phase1.csv"));
    }

    /**
     * campaign.json is the text the importer wrote when it built the file as JSON nodes, byte for
     * byte: the same keys in the same order, now a Campaign written by the contract's CampaignJson;
     * a key of the device the contract does not know is kept.
     */
    @Test
    void campaignJsonIsTheTextTheImporterWroteBefore() throws Exception {
        Path data = tmp.resolve("data");
        CampaignImport.run(new CampaignImport.Request(data, "imp", "hello-blog",
                CampaignJson.parseDevice(DEVICE, "device.json", new Problems()), null,
                fixtures().resolve("runs-autocannon.csv"), "4.1.0", "same"));
        String expected = "{\n"
            + "  \"campaign\" : \"imp\",\n"
            + "  \"study\" : \"hello-blog\",\n"
            + "  \"device\" : {\n"
            + "    \"id\" : \"fixture-vm\",\n"
            + "    \"model\" : \"x86-64 VM, 2 vCPU\"\n"
            + "  },\n"
            + "  \"load_generator\" : {\n"
            + "    \"tool\" : \"autocannon\",\n"
            + "    \"version\" : \"4.1.0\",\n"
            + "    \"host\" : \"same\",\n"
            + "    \"imported\" : true\n"
            + "  },\n"
            + "  \"protocol\" : {\n"
            + "    \"preset\" : \"imported\",\n"
            + "    \"runs\" : 2,\n"
            + "    \"warmups\" : 0\n"
            + "  },\n"
            + "  \"stacks\" : [ {\n"
            + "    \"id\" : \"py-fixture\"\n"
            + "  }, {\n"
            + "    \"id\" : \"py-fixture-status\"\n"
            + "  }, {\n"
            + "    \"id\" : \"py-fixture-late\"\n"
            + "  }, {\n"
            + "    \"id\" : \"py-fixture-close\"\n"
            + "  }, {\n"
            + "    \"id\" : \"nothing-listening\"\n"
            + "  } ]\n"
            + "}\n";
        assertEquals(expected, Files.readString(data.resolve("raw/imp/campaign.json")));

        Problems problems = new Problems();
        dev.tpm.model.Device rack = CampaignJson.parseDevice("{\"id\": \"d\", \"rack\": \"b2\"}", "device.json", problems);
        assertEquals(List.of(), problems.all());
        assertEquals(java.util.Map.of("rack", "b2"), rack.extra());
        assertEquals(null, CampaignJson.parseDevice("{\"id\": \"d\", \"cores\": \"two\"}", "device.json", problems));
        assertEquals("device.json $.cores: expected an integer >= 1, found 'two'", problems.all().get(0).toString());
    }

    @Test
    void optionalColumnsOfRunsCsvArePassedThrough() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("saved"));
        Files.copy(fixtures().resolve("real-wrk-latency.txt"), dir.resolve("a.txt"));
        Path runs = Files.writeString(dir.resolve("runs.csv"),
                "file,stack,endpoint,concurrency,threads,run,warmup,peak_rss_kib,cpu_s,loadgen_cpu_s\n"
                        + "a.txt,go-http,hello,10,2,1,0,10240,2.5,1.25\n");
        Path data = tmp.resolve("data");
        importRuns(data, "imp", runs);
        List<String> rows = Files.readAllLines(data.resolve("raw/imp/phase1.csv"));
        List<String> header = List.of(rows.get(0).split(","));
        String[] cells = rows.get(1).split(",", -1);
        assertEquals("10240", cells[header.indexOf("peak_rss_kib")]);
        assertEquals("2.5", cells[header.indexOf("cpu_s")]);
        assertEquals("1.25", cells[header.indexOf("loadgen_cpu_s")]);
        assertEquals("ok", cells[header.indexOf("status")]);
    }

    /** Each incomplete report: an error naming the file, and the data folder exactly as before. */
    @Test
    void anIncompleteReportWritesNothing() throws Exception {
        for (String bad : List.of("real-wrk-refused.txt", "real-wrk-no-latency.txt", "handmade-truncated-wrk.txt",
                "handmade-truncated-autocannon.json")) {
            Path data = Files.createDirectories(tmp.resolve("data-" + bad));
            Files.createDirectories(data.resolve("raw"));
            Files.writeString(data.resolve("SHA256SUMS"), "");
            String good = bad.endsWith(".json") ? "real-autocannon.json" : "real-wrk-latency.txt";
            Path runs = runs(good, bad);
            IOException e = assertThrows(IOException.class, () -> importRuns(data, "imp", runs), bad);
            assertTrue(e.getMessage().startsWith(runs.getParent().resolve(bad).toString() + ": line "), e.getMessage());
            assertEquals("", Files.readString(data.resolve("SHA256SUMS")), bad);
            try (var s = Files.list(data.resolve("raw"))) {
                assertEquals(List.of(), s.toList(), bad);
            }
        }
    }

    @Test
    void aManifestThatCannotBeUpdatedTakesTheCampaignBack() throws Exception {
        Path data = Files.createDirectories(tmp.resolve("data"));
        Files.writeString(data.resolve("SHA256SUMS"), "not a manifest line\n");
        Path runs = runs("real-wrk-latency.txt");
        IOException e = assertThrows(IOException.class, () -> importRuns(data, "imp", runs));
        assertTrue(e.getMessage().contains("SHA256SUMS") && e.getMessage().contains("line 1"), e.getMessage());
        try (var s = Files.list(data.resolve("raw"))) {
            assertEquals(List.of(), s.toList());
        }
        assertEquals("not a manifest line\n", Files.readString(data.resolve("SHA256SUMS")));
    }

    @Test
    void wrkRefusedSaysNothingWasMeasured() throws Exception {
        Path runs = runs("real-wrk-refused.txt");
        IOException e = assertThrows(IOException.class, () -> importRuns(tmp.resolve("d"), "imp", runs));
        assertTrue(e.getMessage().contains("line 1, column 1") && e.getMessage().contains("unable to connect"), e.getMessage());
    }

    @Test
    void oneLoadGeneratorPerCampaign() throws Exception {
        Path runs = runs("real-wrk-latency.txt", "real-autocannon.json");
        IOException e = assertThrows(IOException.class, () -> importRuns(tmp.resolve("d"), "imp", runs));
        assertTrue(e.getMessage().contains("one load generator"), e.getMessage());
        assertFalse(Files.exists(tmp.resolve("d/raw/imp")));
    }

    @Test
    void anExistingCampaignIsNeverOverwritten() throws Exception {
        Path data = tmp.resolve("data");
        Path runs = runs("real-wrk-latency.txt");
        importRuns(data, "imp", runs);
        String before = Files.readString(data.resolve("SHA256SUMS"));
        IOException e = assertThrows(IOException.class, () -> importRuns(data, "imp", runs));
        assertTrue(e.getMessage().contains("existing folder"), e.getMessage());
        assertEquals(before, Files.readString(data.resolve("SHA256SUMS")));
    }

    @Test
    void runsCsvErrorsNameLineAndColumn() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("saved"));
        Files.copy(fixtures().resolve("real-wrk-latency.txt"), dir.resolve("a.txt"));
        Path runs = Files.writeString(dir.resolve("runs.csv"),
                "file,stack,endpoint,concurrency,threads,run,warmup\na.txt,go-http,nope,10,2,1,0\n");
        IOException e = assertThrows(IOException.class, () -> importRuns(tmp.resolve("d"), "imp", runs));
        assertTrue(e.getMessage().contains("runs.csv: line 2, column 3 (endpoint)"), e.getMessage());
        Files.writeString(runs, "file,stack,endpoint,concurrency,threads,run,warmup\n../a.txt,go-http,hello,10,2,1,0\n");
        e = assertThrows(IOException.class, () -> importRuns(tmp.resolve("d"), "imp", runs));
        assertTrue(e.getMessage().contains("line 2, column 1 (file)"), e.getMessage());
        Files.writeString(runs, "file,stack,endpoint,concurrency,threads,run,warmup,rps\na.txt,go-http,hello,10,2,1,0,5\n");
        e = assertThrows(IOException.class, () -> importRuns(tmp.resolve("d"), "imp", runs));
        assertTrue(e.getMessage().contains("line 1, column 8") && e.getMessage().contains("'rps'"), e.getMessage());
    }

    /**
     * A real oha output (collect/oha, oha 1.16.0 against the go server at 200 req/s) imported with
     * its offered rate: a phase-4 row in phase4.csv with every percentile oha printed, p99.9 included,
     * and no phase1.csv; a wrk output of the same runs.csv marked phase 5 goes to phase5.csv.
     */
    @Test
    void ohaRowsKeepTheirP999AndGoToTheirPhasesFile() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("saved-oha"));
        Path oha = Path.of(CampaignImportTest.class.getResource("/collect/oha/real-go-get-item-200rps.json").toURI());
        Files.copy(oha, dir.resolve("oha.json"));
        Path runs = Files.writeString(dir.resolve("runs.csv"), "file,stack,endpoint,concurrency,threads,run,warmup,offered_rps,latency_corrected\n"
                + "oha.json,go,get_item,30,1,1,0,200,1\n");
        Path data = tmp.resolve("data");
        CampaignImport.Outcome o = importRuns(data, "imp-oha", runs);
        assertEquals("oha", o.tool());
        Path folder = data.resolve("raw/imp-oha");
        assertFalse(Files.exists(folder.resolve("phase1.csv")), "no phase-1 row, so no phase1.csv");
        List<dev.tpm.model.RunRow> rows = dev.tpm.codec.RunCsv.read(folder.resolve("phase4.csv"), "phase4.csv", 4, null,
                new java.util.HashMap<>(), new dev.tpm.codec.Problems(), w -> {}).stream().map(l -> l.row()).toList();
        assertEquals(1, rows.size());
        dev.tpm.model.RunRow r = rows.get(0);
        dev.tpm.collect.loadgen.LoadResult printed = dev.tpm.collect.loadgen.OhaJson.parse(Files.readString(oha), "oha.json");
        assertEquals(printed.latP999Ms(), r.latP999Ms(), "oha's p99.9 kept");
        assertTrue(r.latP999Ms() >= r.latP99Ms() && r.latP999Ms() > 0, r.toString());
        assertEquals(200.0, r.offeredRps());
        assertEquals(Boolean.TRUE, r.latencyCorrected());

        // a row that names phase 4 without its rate is refused, naming the line and column
        Files.writeString(runs, "file,stack,endpoint,concurrency,threads,run,warmup,phase\noha.json,go,get_item,30,1,1,0,4\n");
        IOException e = assertThrows(IOException.class, () -> importRuns(data, "imp-oha-2", runs));
        assertTrue(e.getMessage().contains("line 2, column 8 (phase): expected a phase-4 run's offered_rps"), e.getMessage());
        Files.writeString(runs, "file,stack,endpoint,concurrency,threads,run,warmup,phase\noha.json,go,get_item,30,1,1,0,3\n");
        e = assertThrows(IOException.class, () -> importRuns(data, "imp-oha-3", runs));
        assertTrue(e.getMessage().contains("expected a phase with a run file of data.md: 1, 2, 4 or 5"), e.getMessage());
    }
}
