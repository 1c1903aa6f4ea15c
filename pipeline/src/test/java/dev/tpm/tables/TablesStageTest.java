package dev.tpm.tables;

import dev.tpm.paper.PaperCatalog;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.results.Results;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class TablesStageTest {
    static final List<String> ALL_NAMES = List.of("mixes", "replication", "ram", "endpoints", "latency", "tests", "ratio", "ratios",
            "startup", "energy", "sweep", "memory", "implications", "sensitivity", "exclusions", "drift");

    /** The fixture has no PSS or CPU values, so no efficiency table. */
    static final String NO_PROBE = "no probe.csv in the device's campaigns (no probe of the machine)";
    static final String NO_STEAL = "no phase-1 run excluded for CPU steal";
    static final String NO_EFFICIENCY = "no group statistics of peak_pss_mib, cpu_cores, rps_per_cpu_s";

    @Test
    void oneDeviceWritesEveryTableInBothFormatsAtTheTopOfTables() throws Exception {
        Results r = ResultsFixture.full();
        PipelineContext context = new PipelineContext(dev.tpm.testing.TestFacts.dataset(r.facts()), r.verification(), 1);
        context.setResults(r);
        Outputs out = new Outputs();
        new TablesStage(PaperCatalog.CATALOG.deviceTables(), PaperCatalog.CATALOG.tablesAcrossDevices()).run(context, out);
        Set<String> expected = new TreeSet<>();
        for (String n : ALL_NAMES) {
            expected.add("tables/" + n + ".md");
            expected.add("tables/" + n + ".tex");
        }
        assertEquals(expected, out.files().keySet());
        assertEquals(List.of("tables/devices: one device: no devices to compare",
                "tables/sessions: no campaign", // the fixture's Results have no sessions
                "tables/units: no model has 2 or more units with paper campaigns that count (units.csv has no rows)",
                "tables/efficiency: device pi5-a: " + NO_EFFICIENCY,
                "tables/steal_sensitivity: device pi5-a: " + NO_STEAL,
                "tables/probe: device pi5-a: " + NO_PROBE), out.skipped());
        String ratio = new String(out.get("tables/ratio.md"), StandardCharsets.UTF_8);
        assertEquals(MarkdownFormatter.INSTANCE.format(new RatioTable().build(r, r.devices().get(0))), ratio);
    }

    @Test
    void severalDevicesGetAFolderEachAndMissingDataIsSkippedWithOneLinePerTable() {
        Outputs out = new Outputs();
        TablesStage.write(PaperCatalog.CATALOG.deviceTables(), PaperCatalog.CATALOG.tablesAcrossDevices(), ResultsFixture.twoDevices(false), out);
        List<String> expected = new ArrayList<>(List.of("tables/mixes.md", "tables/mixes.tex", "tables/devices.md",
                "tables/devices.tex"));
        for (String n : ALL_NAMES.subList(2, ALL_NAMES.size())) {
            expected.add("tables/pi5-a/" + n + ".md");
            expected.add("tables/pi5-a/" + n + ".tex");
            if (!Set.of("energy", "sweep", "memory", "drift").contains(n)) {
                expected.add("tables/x86-b/" + n + ".md");
                expected.add("tables/x86-b/" + n + ".tex");
            }
        }
        assertEquals(new TreeSet<>(expected), out.files().keySet());
        assertEquals(List.of(
                        "tables/replication: reference/published.csv has no rows",
                        "tables/sessions: no campaign",
                        "tables/units: no model has 2 or more units with paper campaigns that count (units.csv has no rows)",
                        "tables/pi5-a/efficiency: device pi5-a: " + NO_EFFICIENCY,
                        "tables/pi5-a/steal_sensitivity: device pi5-a: " + NO_STEAL,
                        "tables/pi5-a/probe: device pi5-a: " + NO_PROBE,
                        "tables/x86-b/energy: device x86-b: no energy values (no power source recorded)",
                        "tables/x86-b/sweep: device x86-b: no measured phase-2 (concurrency sweep) runs",
                        "tables/x86-b/memory: device x86-b: no phase-3 memory time series",
                        "tables/x86-b/efficiency: device x86-b: " + NO_EFFICIENCY,
                        "tables/x86-b/steal_sensitivity: device x86-b: " + NO_STEAL,
                        "tables/x86-b/drift: device x86-b: no group has min_n = 5 measured phase-1 runs",
                        "tables/x86-b/probe: device x86-b: " + NO_PROBE),
                out.skipped());
        String ram = new String(out.get("tables/x86-b/ram.md"), StandardCharsets.UTF_8);
        assertTrue(ram.startsWith("Table 9 (regenerated): RAM footprint"));
        assertTrue(ram.contains(". x86-b (campaign c1)."), ram);
    }

    @Test
    void theReplicationTableStaysAtTheTopWithSeveralDevices() {
        Outputs out = new Outputs();
        TablesStage.write(PaperCatalog.CATALOG.deviceTables(), PaperCatalog.CATALOG.tablesAcrossDevices(), ResultsFixture.twoDevices(true), out);
        assertTrue(out.contains("tables/replication.md"));
        assertTrue(out.contains("tables/replication.tex"));
        assertTrue(out.files().keySet().stream().noneMatch(p -> p.matches("tables/.+/replication\\..*")));
    }

    @Test
    void twoRunsGiveIdenticalBytes() {
        Outputs a = new Outputs();
        Outputs b = new Outputs();
        TablesStage.write(PaperCatalog.CATALOG.deviceTables(), PaperCatalog.CATALOG.tablesAcrossDevices(), ResultsFixture.twoDevices(true), a);
        TablesStage.write(PaperCatalog.CATALOG.deviceTables(), PaperCatalog.CATALOG.tablesAcrossDevices(), ResultsFixture.twoDevices(true), b);
        assertEquals(a.files().keySet(), b.files().keySet());
        a.files().forEach((path, bytes) -> assertArrayEquals(bytes, b.files().get(path), path));
    }

    @Test
    void everyFileIsAsciiSoPdflatexNeedsNoFontPackage() {
        Outputs out = new Outputs();
        TablesStage.write(PaperCatalog.CATALOG.deviceTables(), PaperCatalog.CATALOG.tablesAcrossDevices(), ResultsFixture.twoDevices(true), out);
        out.files().forEach((path, bytes) -> {
            for (byte x : bytes) assertTrue(x >= 0, path + " has a non-ASCII byte");
        });
    }
}
