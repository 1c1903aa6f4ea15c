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
                "pi5-a measured / published", "x86-b measured", "x86-b measured / published"), md.header());
        assertEquals(List.of(
                        List.of("Table 14", "w_rps_per_mib", "go", "111.13", "req/s/MB", "111.13", "1.00", "111.13", "1.00"),
                        List.of("Table 14", "w_rps_per_mib", "rust", "310.25", "req/s/MB", "310.25", "1.00", "310.25",
                                "1.00"),
                        List.of("Table 16", "startup_ms", "python", "~472 [469, 475]", "ms *", "480.0", "1.02", "480.0", "1.02"),
                        List.of("Table 19", "rps_c240", "go", "14230", "req/s", "n/a", "n/a", "n/a", "n/a")),
                md.rows());
        assertTrue(md.notes().contains(
                "* Table 16, python, startup_ms: derived from a ratio in the text (44.1 ms x 10.7)"));
    }

    @Test
    void tauLinesFollowTheRows() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new ReplicationTable().build(r));
        // two stacks: the order, not tau (analysis.md 7)
        assertTrue(md.notes().contains("Stack order by w_rps_per_mib (2 stacks, too few for Kendall's tau), ascending:"
                + " published go < rust; pi5-a go < rust."), md.notes().toString());
        assertTrue(md.notes().stream().noneMatch(n -> n.startsWith("Kendall")));
    }
}
