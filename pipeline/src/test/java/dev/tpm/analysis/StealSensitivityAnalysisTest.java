package dev.tpm.analysis;

import dev.tpm.model.RunStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Mix;
import dev.tpm.model.RunColumns;
import dev.tpm.results.Estimate;
import dev.tpm.results.StealSensitivity;
import dev.tpm.results.Weighted;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Steal sensitivity (analysis.md 4, version 5) on SYNTHETIC runs of 10 s on a 2-core device whose
 * medians can be worked out by hand; peak RSS 10 MiB throughout, so w_rps_per_mib = w_rps / 10.
 */
class StealSensitivityAnalysisTest {
    private static final Mix MIX = new Mix("m", Map.of("get_item", 0.5, "list_items", 0.0, "post_item", 0.5,
            "put_item", 0.0, "delete_item", 0.0));
    private static final RunRules RULES = new RunRules(0.01, 0.05);
    private long seq;

    private RunRow run(String stack, String endpoint, double rps, double stealS) {
        return new RunRow("c1", "dev", 1, ++seq, stack, endpoint, 30, false, RunStatus.OK, "0x0", rps * 10, 0, rps, 1,
                2, 3, 4096, 10_240, Double.NaN, Double.NaN, "paper", 10, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, stealS, RunRow.stealShare(stealS, 10, 2));
    }

    private List<RunRow> rows() {
        List<RunRow> rows = new ArrayList<>();
        for (int i = 0; i < 5; i++) rows.add(run("a", "get_item", 1000 + i, 0.2)); // share 0.01
        rows.add(run("a", "get_item", 500, 4.0)); // share 0.2: excluded for steal
        rows.add(run("a", "get_item", 500, 4.0));
        for (int i = 0; i < 5; i++) rows.add(run("a", "post_item", 2000, Double.NaN)); // no steal_s: never excluded
        // b: three measured runs and two excluded for steal on get_item: its aggregates go missing because of steal
        for (int i = 0; i < 3; i++) rows.add(run("b", "get_item", 800, 0.0));
        for (int i = 0; i < 2; i++) rows.add(run("b", "get_item", 400, 2.0)); // share 0.1
        for (int i = 0; i < 5; i++) rows.add(run("b", "post_item", 1600, 0.0));
        // c: one run on get_item: missing either way
        rows.add(run("c", "get_item", 100, 0.0));
        for (int i = 0; i < 5; i++) rows.add(run("c", "post_item", 100, 0.0));
        return rows;
    }

    /** weighted.csv's point values for a stack, from the classification's measured runs. */
    private static Weighted weighted(RunClassification c, String stack) {
        String missing = WeightedAggregates.missing(MIX, stack, c, 5);
        double rps = StealSensitivityAnalysis.weightedMedian(c.measured1(), stack, MIX, "rps", 5);
        double perMib = StealSensitivityAnalysis.weightedMedian(c.measured1(), stack, MIX, "rps_per_mib", 5);
        Estimate e = new Estimate(rps, Double.NaN, Double.NaN);
        return new Weighted("dev", "m", stack, e, Estimate.MISSING, new Estimate(perMib, Double.NaN, Double.NaN),
                Estimate.MISSING, Estimate.MISSING, 0, Double.NaN, missing);
    }

    @Test
    void aGroupThatGoesMissingBecauseOfStealHasOnlyItsValueWithStealCounted() {
        RunClassification c = RunClassification.of("dev", rows(), RULES);
        assertEquals(4, c.stolen1().size());
        assertEquals("get_item: 3 measured of 5 (2 steal)", c.shortfall("b", "get_item"));
        List<Weighted> w = List.of(weighted(c, "a"), weighted(c, "b"), weighted(c, "c"));
        List<StealSensitivity> s = StealSensitivityAnalysis.of("dev", List.of(MIX), c.measured1(), c.stolen1(), w, 5);
        assertEquals(List.of("a", "b", "c"), s.stream().map(StealSensitivity::stack).toList());

        // a: get_item's median 1002 without, 1001 with the two 500s (7 runs); post_item 2000 either way
        StealSensitivity a = s.get(0);
        assertEquals(0.5 * 1002 + 0.5 * 2000, a.wRps(), 1e-9);
        assertEquals(0.5 * 1001 + 0.5 * 2000, a.wRpsAll(), 1e-9);
        assertEquals(150.1, a.wRpsPerMib(), 1e-9);
        assertEquals(150.05, a.wRpsPerMibAll(), 1e-9);
        assertEquals(150.1 / 150.05, a.change(), 1e-12);

        // b: 3 measured runs (< min_n 5) without; 5 with: 800, 800, 800, 400, 400 -> median 800
        StealSensitivity b = s.get(1);
        assertTrue(Double.isNaN(b.wRps()) && Double.isNaN(b.wRpsPerMib()) && Double.isNaN(b.change()));
        assertEquals(0.5 * 800 + 0.5 * 1600, b.wRpsAll(), 1e-9);
        assertEquals("get_item: 3 measured of 5 (2 steal)", b.missing());
        assertEquals("", b.missingAll());

        // c: one run either way
        StealSensitivity x = s.get(2);
        assertTrue(Double.isNaN(x.wRpsAll()) && Double.isNaN(x.change()));
        assertEquals("get_item: 1 run", x.missingAll());
    }

    @Test
    void aDeviceWithoutRunsExcludedForStealHasNoRows() {
        RunClassification c = RunClassification.of("dev", rows(), new RunRules(0.01, Double.NaN));
        assertTrue(c.stolen1().isEmpty());
        assertEquals(List.of(), StealSensitivityAnalysis.of("dev", List.of(MIX), c.measured1(), c.stolen1(),
                List.of(weighted(c, "a")), 5));
        // with the rule off, b's five get_item runs are all measured: no missing
        assertEquals("", WeightedAggregates.missing(MIX, "b", c, 5));
    }
}
