package dev.tpm.paper;

import static dev.tpm.paper.PaperCatalog.CATALOG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.catalog.Artifact;
import dev.tpm.catalog.Catalog;
import dev.tpm.catalog.Inventory;
import dev.tpm.catalog.Kind;
import dev.tpm.catalog.Report;
import dev.tpm.catalog.Table;
import dev.tpm.catalog.TidyCsv;
import dev.tpm.output.Outputs;
import dev.tpm.pipeline.InventoryStage;
import dev.tpm.pipeline.Pipeline;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.tables.DriftTable;
import dev.tpm.tables.MixesTable;
import dev.tpm.tables.RamTable;
import dev.tpm.testing.SyntheticData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one catalog against what {@code make paper} really writes, on the SYNTHETIC example campaign. */
class PaperCatalogTest {
    @TempDir
    Path tmp;

    @Test
    void theRunWritesOnlyCatalogFilesAndSaysWhyOfEveryOtherCatalogFile() throws Exception {
        Path data = tmp.resolve("data");
        SyntheticData.writeAll(data, true); // with its synthetic phase 4: every paper artifact has its data
        Pipeline p = Stages.paper(data, 2, new PrintWriter(new StringWriter()));
        PipelineContext context = p.load();
        Outputs out = p.generate(context);
        Results results = context.results();
        SortedMap<String, Artifact> catalog = CATALOG.files(results);
        for (String path : out.files().keySet()) {
            assertTrue(catalog.containsKey(path), path + " is written but in no artifact of the catalog");
            assertEquals(Optional.of(catalog.get(path)), CATALOG.owner(path), path);
        }
        List<String> notWritten = new ArrayList<>();
        for (String path : catalog.keySet()) if (!out.contains(path)) notWritten.add(path);
        // a catalog file not written is left out with a line that names it (a table or figure whose absence
        // another stage reports in one line, reportsLacking() false, excepted: none is absent here)
        for (String path : notWritten) {
            String stem = path.substring(0, path.lastIndexOf('.'));
            assertTrue(out.skipped().stream().anyMatch(s -> s.startsWith(stem)), path + " left out without a line");
        }
        // the example campaign is of the study paper, on one device: what is left out is the seed studies' and the
        // table across devices
        Set<String> leftOut = new TreeSet<>();
        for (String path : notWritten) leftOut.add(catalog.get(path).study().isEmpty() ? catalog.get(path).name() : "a study's");
        // and phase 5's (the example has no steady-state runs), the units of a model (one device) and the steal
        // sensitivity table (no run records steal_s)
        // and the probe's table, figure and CSV (version 6: the example has no probe.csv)
        assertEquals(Set.of("a study's", "devices", "replication", "steady_stats", "warm_cold", "units", "steal_sensitivity",
                "probe"), leftOut,
                notWritten.toString());
        // the navigation names a table by the catalog's words: each written table's caption opens with them
        dev.tpm.tables.WrittenTables tables = context.handedOn(dev.tpm.tables.WrittenTables.class).orElseThrow();
        Set<String> checked = new TreeSet<>();
        for (var e : tables.byStem().entrySet()) {
            Table t = (Table) CATALOG.owner(e.getKey() + ".md").orElseThrow();
            assertTrue(e.getValue().caption().startsWith(t.regenerates() + ": "), t.name() + ": " + e.getValue().caption());
            checked.add(t.name());
        }
        Set<String> paperTables = new TreeSet<>();
        for (Table t : CATALOG.all(Table.class)) if (t.study().isEmpty()) paperTables.add(t.name());
        paperTables.removeAll(Set.of("devices", "replication", "units", "warm_cold", "steal_sensitivity", "probe"));
        assertEquals(paperTables, checked);
        // each tidy CSV of the catalog is its builder's method's text, byte for byte
        for (TidyCsv t : CATALOG.all(TidyCsv.class)) {
            if (notWritten.contains(t.path())) continue; // phase 5's, left out above with their line
            String written = new String(out.get(t.path()), StandardCharsets.UTF_8);
            assertEquals(written, t.build().apply(results).toString(), t.path());
        }
        assertEquals("tables/inventory.csv", CATALOG.all(Inventory.class).get(0).path());
        assertEquals(InventoryStage.FILE, CATALOG.all(Inventory.class).get(0).path());
        assertEquals("figures/index.html", CATALOG.report().path());
    }

    @Test
    void theOwnerOfAPathIsFoundFromItsName() {
        assertEquals(RamTable.class, CATALOG.owner("tables/ram.md").orElseThrow().builder());
        assertEquals(RamTable.class, CATALOG.owner("tables/pi5-a/ram.tex").orElseThrow().builder());
        assertEquals(DriftTable.class, CATALOG.owner("tables/pi5-a/drift.md").orElseThrow().builder());
        assertEquals(Kind.TIDY_CSV, CATALOG.owner("tables/drift.csv").orElseThrow().kind(), "drift.csv is the tidy CSV");
        assertEquals(MixesTable.class, CATALOG.owner("tables/mixes.md").orElseThrow().builder());
        assertEquals(Kind.REPORT, CATALOG.owner("figures/index.html").orElseThrow().kind());
        assertEquals(Kind.FIGURE, CATALOG.owner("figures/pi5-a/pareto.svg").orElseThrow().kind());
        assertEquals(Kind.INVENTORY, CATALOG.owner("tables/inventory.csv").orElseThrow().kind());
        for (String nobody : List.of("tables/pi5-a/mixes.md", "tables/a/b/ram.md", "figures/old.svg", "tables/ram.csv",
                "tables/ram", "README.md", "figures/pi5-a/index.html")) {
            assertEquals(Optional.empty(), CATALOG.owner(nobody), nobody);
        }
    }

    @Test
    void noTwoArtifactsWriteOneFile() {
        List<Artifact> twice = new ArrayList<>(CATALOG.artifacts());
        twice.add(Table.device(new RamTable(), "Table 9 (regenerated)", "stackPooled"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Catalog(twice));
        assertTrue(e.getMessage().contains("tables/ram.md"), e.getMessage());
        assertEquals(1, CATALOG.all(Report.class).size());
    }

    @Test
    void everyInputNamesAComponentOfTheResultsOrTheirFacts() {
        Set<String> components = new TreeSet<>();
        for (Class<?> c : List.of(Results.class, DeviceResults.class, dev.tpm.results.Facts.class)) {
            Stream.of(c.getRecordComponents()).map(RecordComponent::getName).forEach(components::add);
        }
        for (Artifact a : CATALOG.artifacts()) {
            assertTrue(!a.inputs().isEmpty(), a.name() + " reads nothing?");
            for (String input : a.inputs()) assertTrue(components.contains(input), a.name() + ": " + input + " in " + components);
        }
    }
}
