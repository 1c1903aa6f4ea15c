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
        AnalysisConfig c = AnalysisConfig.defaults().with(b -> b.bootstrapResamples(100).rngSeed(1L).alpha(0.01)
                .posthocTest(AnalysisConfig.WELCH).largeEffect(0.5));
        assertEquals("Of 10 post-hoc comparisons, 4 remain significant under Holm-Bonferroni correction"
                        + " (family-wise alpha = 0.01); 3 have |d| > 0.5, of which 2 are significant.",
                TestsTable.holmSentence(new PosthocSummary("d", 10, 4, 3, 2, 0.001, 2 / 126.0, 5, 4), c));
    }

    @Test
    void theResolutionSaysWhenTheFewestRunPairCannotPass() {
        // 735 pairs at alpha 0.05: 6.8e-5; 10 runs a side: 2 / C(20, 10) = 1.1e-5, so it can pass
        PosthocSummary can = new PosthocSummary("d", 735, 0, 0, 0, 0.05 / 735, 2 / 184756.0, 10, 10);
        assertEquals("Holm's first threshold is alpha / 735 = 6.8e-5; the pair with the fewest runs (10 and 10) can reach"
                + " at best p = 1.1e-5 (2 / C(n_a + n_b, n_a): an exact rank test, the two samples apart), so it can pass"
                + " when its two samples do not overlap.", TestsTable.resolutionSentence(can).orElseThrow());
        // 5 runs a side: 2 / C(10, 5) = 7.9e-3 > 6.8e-5
        PosthocSummary cannot = new PosthocSummary("d", 735, 0, 0, 0, 0.05 / 735, 2 / 252.0, 5, 5);
        assertEquals("Holm's first threshold is alpha / 735 = 6.8e-5; the pair with the fewest runs (5 and 5) can reach"
                + " at best p = 0.008 (2 / C(n_a + n_b, n_a): an exact rank test, the two samples apart), so no pair of"
                + " that size can be significant, whatever the data.", TestsTable.resolutionSentence(cannot).orElseThrow());
        assertEquals(java.util.Optional.empty(), TestsTable.resolutionSentence(PosthocSummary.empty("d")));
    }

    @Test
    void theTableCarriesTheResolutionAndTheMethodCount() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new TestsTable().build(r, r.devices().get(0)));
        assertEquals(TestsTable.resolutionSentence(r.devices().get(0).posthocSummary()).orElseThrow(), md.notes().get(1));
        int pairs = r.devices().get(0).posthoc().size();
        assertEquals("Mann-Whitney p: exact for " + pairs + " of " + pairs + " pairs (no tied value, at most 50 runs a side),"
                + " otherwise the normal approximation with tie and continuity correction (p_method in posthoc.csv).",
                md.notes().get(2));
    }
}
