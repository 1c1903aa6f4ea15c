package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class RamTableTest {
    @Test
    void idlePeakPerEndpointAndWeightedPeakPerStackInStackOrder() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new RamTable().build(r, r.devices().get(0)));
        assertTrue(md.caption().startsWith("Table 9 (regenerated)"));
        assertTrue(md.caption().contains("pi5-a"));
        assertEquals(List.of("stack", "n", "idle RSS (MiB), median [95% CI]", "peak RSS get_item (MiB)",
                "peak RSS get_list (MiB)", "peak RSS mixed (MiB)", "w_peak_mib (MiB) [95% CI]", "no w_peak_mib because"), md.header());
        assertEquals(List.of("go", "rust", "python"), md.column(0));
        // rust: idle 4.97 [4.9, 5.04]; peak get_item 7.3601 + 1; get_list 7.3601 + 0.1; no mixed; weighted 7.3601
        assertEquals(List.of("rust", "250", "4.97 [4.90, 5.04]", "8.36", "7.46", "n/a", "7.36 [7.20, 7.50]", ""),
                md.row("rust"));
        assertEquals("12.35 [12.10, 12.60]", md.cell(md.row("go"), "idle RSS"));
        assertEquals("18.00", md.cell(md.row("go"), "mixed"));
        assertEquals("236.71 [230.00, 240.00]", md.cell(md.row("python"), "w_peak_mib"));
        assertTrue(md.notes().contains(TableText.MIB_NOTE));
        assertTrue(md.notes().stream().anyMatch(n -> n.startsWith("Brackets: 95% CI")));
    }

    @Test
    void theCiLevelComesFromTheConfiguration() {
        AnalysisConfig ninety = AnalysisConfig.defaults().with(b -> b.bootstrapResamples(2000).confidence(0.9).rngSeed(1L));
        Results r = ResultsFixture.full(ninety);
        ParsedMarkdown md = ParsedMarkdown.of(new RamTable().build(r, r.devices().get(0)));
        assertEquals("idle RSS (MiB), median [90% CI]", md.header().get(2));
        assertTrue(md.notes().contains(
                "Brackets: 90% CI, percentile bootstrap with B = 2000 resamples (seeded from rng_seed 1 and the group key)."));
    }
}
