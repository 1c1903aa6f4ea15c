package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.results.PosthocSummary;
import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestsTableTest {
    @Test
    void omnibusRowsWithHolmCountsAndTheSummarySentence() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new TestsTable().build(r, r.devices().get(0)));
        assertEquals(List.of("endpoint", "metric", "k (stacks)", "n (runs)", "H", "df", "p", "epsilon-squared",
                "pairs significant (Holm)"), md.header());
        assertEquals(List.of("get_item", "rps", "3", "150", "120.46", "2", "1.2e-26", "0.811", "3 of 3"),
                md.row("get_item", "rps"));
        assertEquals(List.of("get_item", "lat_p99_ms", "3", "150", "3.10", "2", "0.212", "0.021", "1 of 3"),
                md.row("get_item", "lat_p99_ms"));
        assertEquals("2 of 3", md.cell(md.row("get_list", "rps"), "pairs"));
        assertEquals("Of 400 post-hoc comparisons, 253 remain significant under Holm-Bonferroni correction"
                + " (family-wise alpha = 0.05); 180 have |d| > 0.8, of which 175 are significant.", md.notes().get(0));
    }

    @Test
    void theSentenceTakesAlphaAndTheEffectThresholdFromTheConfig() {
        AnalysisConfig c = new AnalysisConfig(100, 0.95, 1L, 0.01, AnalysisConfig.WELCH, 0.5, 0.01, 0.1, 0.5,
                List.of());
        assertEquals("Of 10 post-hoc comparisons, 4 remain significant under Holm-Bonferroni correction"
                        + " (family-wise alpha = 0.01); 3 have |d| > 0.5, of which 2 are significant.",
                TestsTable.holmSentence(new PosthocSummary("d", 10, 4, 3, 2), c));
    }
}
