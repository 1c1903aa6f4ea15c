package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class SensitivityTableTest {
    @Test
    void everyMixInMixesOrderWithRankAndTauOnItsFirstRow() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new SensitivityTable().build(r, r.devices().get(0)));
        assertEquals(List.of("mix", "stack", "w_rps_per_mib (req/s/MiB) [95% CI]", "rank", "Kendall tau-b vs declared",
                "p", "no value because"), md.header());
        assertEquals(List.of(
                        List.of("illustrative (declared)", "go", "111.13 [108.00, 114.00]", "2", "1.000", "not tested", ""),
                        List.of("illustrative (declared)", "rust", "310.25 [300.00, 321.00]", "1", "", "", ""),
                        List.of("illustrative (declared)", "python", "4.10 [3.90, 4.30]", "3", "", "", ""),
                        List.of("write_heavy", "go", "75.00 [70.00, 80.00]", "2", "0.333", "0.602", ""),
                        List.of("write_heavy", "rust", "187.50 [180.00, 195.00]", "1", "", "", ""),
                        List.of("write_heavy", "python", "2.50 [2.40, 2.60]", "3", "", "", "")),
                md.rows());
    }
}
