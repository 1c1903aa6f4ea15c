package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImplicationsTableTest {
    @Test
    void criterionBestStackValueRoundedByItsUnitAndTiedStacks() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new ImplicationsTable().build(r, r.devices().get(0)));
        assertEquals(List.of("criterion", "best stack", "value [95% CI]", "unit", "tied stacks (CI overlaps)"),
                md.header());
        assertEquals(List.of(
                        List.of("lowest idle RSS", "rust", "4.97 [4.90, 5.04]", "MiB", "none"),
                        List.of("highest w_rps", "go", "2200 [2150, 2251]", "req/s", "rust"),
                        List.of("fastest startup", "rust", "11.0 [11.0, 11.1]", "ms", "go"),
                        List.of("smallest artifact", "rust", "3.27", "MiB", "none")),
                md.rows());
    }
}
