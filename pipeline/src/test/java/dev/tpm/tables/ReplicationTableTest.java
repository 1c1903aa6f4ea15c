package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicationTableTest {
    @Test
    void publishedValuesBesideEachDevicesMeasurementGroupedByMetricInStackOrder() {
        Results r = ResultsFixture.twoDevices(true);
        ParsedMarkdown md = ParsedMarkdown.of(new ReplicationTable().build(r));
        assertEquals(List.of("paper table", "metric", "stack", "published", "unit (paper)", "pi5-a measured",
                "pi5-a measured / published", "pi5-a not comparable: differs in", "x86-b measured", "x86-b measured / published",
                "x86-b not comparable: differs in"), md.header());
        assertEquals(List.of(
                        List.of("Table 14", "w_rps_per_mib", "go", "111.13", "req/s/MB", "111.13", "1.00", "", "111.13", "1.00", ""),
                        List.of("Table 14", "w_rps_per_mib", "rust", "310.25", "req/s/MB", "310.25", "1.00", "", "310.25",
                                "1.00", ""),
                        List.of("Table 16", "startup_ms", "python", "~472 [469, 475]", "ms *", "480.0", "1.02", "", "480.0", "1.02", ""),
                        List.of("Table 19", "rps_c240", "go", "14230", "req/s", "n/a", "n/a", "", "n/a", "n/a", "")),
                md.rows());
        assertTrue(md.notes().contains(
                "* Table 16, python, startup_ms: derived from a ratio in the text (44.1 ms x 10.7)"));
    }

    /** Memory counts over windows of different length are not compared; their rates are, and both windows are printed. */
    @Test
    void memoryCountsAreComparedAsRatesWithBothWindows() {
        String src = "arXiv:2609.11932";
        List<dev.tpm.model.PublishedValue> published = List.of(
                new dev.tpm.model.PublishedValue(src, "Table 20", "go", "drops", 36, "", ""),
                new dev.tpm.model.PublishedValue(src, "Table 20", "go", "drops_per_min", 25.1, "/min", "a rate, derived here"));
        Results base = ResultsFixture.full(dev.tpm.model.AnalysisConfig.defaults(), published);
        dev.tpm.results.DeviceResults d = base.devices().get(0).toBuilder()
                .memory(List.of(new dev.tpm.results.MemorySummary(base.devices().get(0).id(), "go", 2, 155, 20.1, 10, 10, 16,
                        16, 6, 3, 0.01)))
                .build();
        Results r = new Results(base.facts(), base.verification(), base.stackOrder(), List.of(d),
                List.of(new dev.tpm.results.Replication(d.id(), "Table 20", "go", "drops", 36, 3, 3 / 36.0),
                        new dev.tpm.results.Replication(d.id(), "Table 20", "go", "drops_per_min", 25.1, 3 / (2 * 20.1) * 60,
                                3 / (2 * 20.1) * 60 / 25.1)), List.of());
        ParsedMarkdown md = ParsedMarkdown.of(new ReplicationTable().build(r));
        assertEquals(List.of(List.of("Table 20", "drops", "go", "36", "", "3", "windows differ", ""),
                List.of("Table 20", "drops_per_min", "go", "25.1", "/min *", "4.5", "0.18", "")), md.rows());
        String note = md.notes().stream().filter(n -> n.startsWith("Memory series (phase 3) windows")).findFirst().orElseThrow();
        assertTrue(note.contains("the paper's about 86.2 s per stack") && note.contains(d.id() + ": 2 series per stack of 20.1 s each"),
                note);
    }

    @Test
    void theCaptionSetsEachDevicesTopologyBesideThePapers() {
        Results base = ResultsFixture.full();
        dev.tpm.results.DeviceResults d = base.devices().get(0);
        dev.tpm.results.Topology t = new dev.tpm.results.Topology(d.id(), 2, List.of(new dev.tpm.results.Topology.Setup(
                List.of("c1"), "1", new dev.tpm.results.LoadGenerator("wrk", "4.1.0", "same", "0", false), "0", 10, 1, 5.0, 30)),
                40, 3, 0.97);
        Results r = new Results(base.facts(), base.verification(), base.stackOrder(), List.of(d.withTopology(t)),
                base.replication(), base.replicationTau());
        String caption = ParsedMarkdown.of(new ReplicationTable().build(r)).caption();
        assertTrue(caption.contains("Setups: the paper's Raspberry Pi 5: server on all four cores, wrk on a separate machine"),
                caption);
        assertTrue(caption.contains(d.id() + ": server pinned to CPU 1 (one core of two), wrk 4.1.0 on the same machine, pinned"
                + " to CPU 0, 5 s load window, 10 runs per group after 1 warm-up, 30 connections; host saturated: 3 of 40"), caption);
    }

    @Test
    void tauLinesFollowTheRows() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new ReplicationTable().build(r));
        // two stacks: the order, not tau (analysis.md 7)
        assertTrue(md.notes().contains("Stack order by w_rps_per_mib (2 stacks, too few for Kendall's tau: analysis.md 7 asks for 5), ascending:"
                + " published go < rust; pi5-a go < rust."), md.notes().toString());
        assertTrue(md.notes().stream().noneMatch(n -> n.startsWith("Kendall")));
    }
}
