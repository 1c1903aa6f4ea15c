package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class RatioTableTest {
    @Test
    void declaredMixOnlyStacksInStackOrderWithRankAndDistanceToBest() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new RatioTable().build(r, r.devices().get(0)));
        assertTrue(md.caption().startsWith("Table 14 (regenerated)"));
        assertEquals(List.of("stack", "w_rps (req/s) [95% CI]", "w_peak_mib (MiB) [95% CI]",
                "w_rps_per_mib (req/s/MiB) [95% CI]", "rank", "x best", "no value because"), md.header());
        assertEquals(List.of("go", "rust", "python"), md.column(0));
        assertEquals(List.of("rust", "2126 [2080, 2170]", "7.36 [7.20, 7.50]", "310.25 [300.00, 321.00]", "1", "1.00", ""),
                md.row("rust"));
        assertEquals(List.of("go", "2200 [2150, 2251]", "19.72 [19.50, 19.90]", "111.13 [108.00, 114.00]", "2", "2.79", ""),
                md.row("go"));
        assertEquals("75.76", md.cell(md.row("python"), "x best"));
        assertTrue(md.notes().contains("Pareto frontier (lower w_peak_mib, higher w_rps): go, rust."));
    }
}
