package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.results.Estimate;
import dev.tpm.results.Implication;
import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImplicationsTableTest {
    @Test
    void criterionBestStackValueRoundedByItsUnitAndTiedStacksWithTheirRatioIntervals() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new ImplicationsTable().build(r, r.devices().get(0)));
        assertEquals(List.of("criterion", "best stack", "value [95% CI]", "unit", "tied stacks: x best [95% CI] reaching 1"),
                md.header());
        assertEquals(List.of(
                        List.of("lowest idle RSS", "rust", "4.97 [4.90, 5.04]", "MiB", "none"),
                        List.of("highest w_rps", "go", "2200 [2150, 2251]", "req/s", "rust 1.04 [0.99, 1.08]"),
                        List.of("fastest startup", "rust", "11.0 [11.0, 11.1]", "ms", "go 1.01 [1.00, 1.03]"),
                        List.of("smallest artifact", "rust", "3.27", "MiB", "no interval")),
                md.rows());
    }

    @Test
    void equalValuesWithoutIntervalAreTiesAndStacksWithoutIntervalAreNamed() {
        Implication artifact = new Implication("d", "smallest artifact", "go", new Estimate(3.0, Double.NaN, Double.NaN), "MiB",
                List.of(new Implication.Tie("rust", 1.0, Double.NaN, Double.NaN)), List.of(), false, List.of());
        assertEquals("no interval; equal: rust", ImplicationsTable.tiedCell(artifact));
        Implication idle = new Implication("d", "lowest idle RSS", "go", new Estimate(3.0, 2.9, 3.1), "MiB",
                List.of(new Implication.Tie("rust", 1.012, 0.996, 1.031)), List.of("node"), true, List.of());
        assertEquals("rust 1.01 [1.00, 1.03]; no interval: node", ImplicationsTable.tiedCell(idle));
    }
}
