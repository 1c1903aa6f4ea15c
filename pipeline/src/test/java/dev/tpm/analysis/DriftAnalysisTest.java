package dev.tpm.analysis;

import static dev.tpm.analysis.SyntheticDataset.stack;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.RunColumns;
import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Drift;
import dev.tpm.results.DriftRuns;
import dev.tpm.results.DriftTest;
import dev.tpm.stats.Holm;
import dev.tpm.stats.Spearman;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Stability diagnostics (analysis.md 9) on a SYNTHETIC device (min_n = 5), laid out so that every
 * position can be worked out by hand:
 *
 * <ul>
 *   <li>campaign c0 (added last, so its seq numbers are the larger, but its id sorts first): two
 *       runs of a on get_item, rps 900 and 905: positions 1 and 2.</li>
 *   <li>campaign c1, twenty rounds k = 0..19 of a then b on get_item: a's rps 1000 + 10 k (a
 *       planted upward trend), b's 2000 + 10 perm[k] (a fixed shuffle); a warm-up of a in round 5
 *       and a run of b with too many errors in round 7 take no position. a's run of round k is at
 *       3 + 2k, b's at 4 + 2k.</li>
 *   <li>then five runs of b on post_item at rps 500 (constant: rho undefined) at 43-47, and three of
 *       a on mixed (below min_n: drawn, not tested) at 48-50.</li>
 * </ul>
 */
class DriftAnalysisTest {
    private static final int[] PERM = {11, 3, 17, 0, 8, 14, 5, 19, 1, 12, 7, 16, 2, 10, 18, 6, 13, 4, 15, 9};
    private static final double ALPHA = 0.05;
    private static Drift drift;
    private static Outputs out;

    @BeforeAll
    static void analyse() {
        AnalysisConfig cfg = AnalysisConfig.defaults().with(b -> b.bootstrapResamples(200).rngSeed(7L).alpha(ALPHA)
                .memoryCheckpointsS(List.of(60.0)));
        SyntheticDataset data = new SyntheticDataset().config(cfg)
                .campaign("c1", "dev", stack("a", null), stack("b", null))
                .campaign("c0", "dev", stack("a", null))
                .mix("m", 0.2, 0.2, 0.2, 0.2, 0.2);
        for (int k = 0; k < 20; k++) {
            if (k == 5) data.run1("c1", "a", "get_item", 0, RunColumns.RPS, 5000.0, RunColumns.WARMUP, 1);
            data.run1("c1", "a", "get_item", k + 1, ok(1000 + 10 * k));
            if (k == 7) data.run1("c1", "b", "get_item", 99, RunColumns.RPS, 1.0, RunColumns.NON_2XX, 5000L, RunColumns.PEAK_RSS_KIB, 1024L);
            data.run1("c1", "b", "get_item", k + 1, ok(2000 + 10 * PERM[k]));
        }
        for (int k = 0; k < 5; k++) data.run1("c1", "b", "post_item", k + 1, ok(500));
        for (int k = 0; k < 3; k++) data.run1("c1", "a", "mixed", k + 1, ok(700 + k));
        data.run1("c0", "a", "get_item", 1, ok(900));
        data.run1("c0", "a", "get_item", 2, ok(905));
        PipelineContext ctx = new PipelineContext(data.build(new java.util.Random(3)), AnalysisTest.VERIFIED, 1);
        out = new Outputs();
        new StatsStage(dev.tpm.paper.PaperCatalog.CATALOG.tidyCsvs()).run(ctx, out);
        DeviceResults d = ctx.results().devices().get(0);
        drift = d.drift();
    }

    private static Object[] ok(double rps) {
        return new Object[] {RunColumns.RPS, rps, RunColumns.PEAK_RSS_KIB, 1024L, RunColumns.IDLE_RSS_KIB, 512L,
            RunColumns.STARTUP_MS, 5.0, RunColumns.LAT_P50_MS, 1.0, RunColumns.LAT_P99_MS, 4.0};
    }

    private static DriftTest test(String stack, String endpoint) {
        return drift.tests().stream().filter(t -> t.stack().equals(stack) && t.endpoint().equals(endpoint)).findFirst().orElseThrow();
    }

    private static DriftRuns runs(String stack, String endpoint) {
        return drift.runs().stream().filter(t -> t.stack().equals(stack) && t.endpoint().equals(endpoint)).findFirst().orElseThrow();
    }

    @Test
    void positionsNumberTheMeasuredRunsByCampaignIdThenSeq() {
        assertEquals(50, drift.measuredRuns());
        int[] a = IntStream.concat(IntStream.of(1, 2), IntStream.range(0, 20).map(k -> 3 + 2 * k)).toArray();
        assertArrayEquals(a, runs("a", "get_item").positions());
        assertArrayEquals(IntStream.range(0, 20).map(k -> 4 + 2 * k).toArray(), runs("b", "get_item").positions());
        assertArrayEquals(new int[] {43, 44, 45, 46, 47}, runs("b", "post_item").positions());
        assertArrayEquals(new int[] {48, 49, 50}, runs("a", "mixed").positions());
        assertEquals(701.0, runs("a", "mixed").median(), 0.0);
    }

    @Test
    void thePlantedTrendIsFlaggedAndTheShuffledGroupIsNot() {
        DriftTest a = test("a", "get_item");
        assertEquals(22, a.n());
        assertEquals(1.0, a.rho(), 1e-15); // a perfect rank correlation (numpy may round it one ulp below 1)
        assertTrue(a.p() < 1e-20, "p " + a.p());
        assertTrue(a.drifting());
        DriftTest b = test("b", "get_item");
        assertEquals(20, b.n());
        double[] x = IntStream.range(0, 20).mapToDouble(k -> 4 + 2 * k).toArray();
        double[] y = IntStream.range(0, 20).mapToDouble(k -> 2000 + 10 * PERM[k]).toArray();
        Spearman.Result expected = Spearman.test(x, y);
        assertEquals(expected.rho(), b.rho(), 0.0);
        assertEquals(expected.p(), b.p(), 0.0);
        assertTrue(Math.abs(b.rho()) < 0.3, "the shuffle is not a trend: rho " + b.rho());
        assertFalse(b.drifting());
    }

    @Test
    void holmRunsOverTheDevicesTestsWithAPValueAndAConstantGroupKeepsAnEmptyRow() {
        assertEquals(List.of("a/get_item", "b/post_item", "b/get_item"),
                drift.tests().stream().map(t -> t.stack() + "/" + t.endpoint()).toList());
        DriftTest constant = test("b", "post_item");
        assertEquals(5, constant.n());
        assertTrue(Double.isNaN(constant.rho()) && Double.isNaN(constant.p()) && Double.isNaN(constant.pHolm()));
        assertFalse(constant.drifting());
        double[] adj = Holm.adjust(new double[] {test("a", "get_item").p(), test("b", "get_item").p()});
        assertEquals(adj[0], test("a", "get_item").pHolm(), 0.0);
        assertEquals(adj[1], test("b", "get_item").pHolm(), 0.0);
        assertEquals(List.of(test("a", "get_item")), drift.drifting());
        // below min_n: drawn in the figure, not tested
        assertTrue(drift.tests().stream().noneMatch(t -> t.endpoint().equals("mixed")));
        assertEquals(4, drift.runs().size());
    }

    @Test
    void driftCsvHasOutputsMdColumnsAndOneRowPerTest() {
        List<String> lines = new String(out.get("tables/drift.csv"), StandardCharsets.UTF_8).lines().toList();
        assertEquals("device,stack,endpoint,n,rho,p,p_holm,drifting", lines.get(0));
        assertTrue(lines.get(1).startsWith("dev,a,get_item,22,") && lines.get(1).endsWith(",true"), lines.get(1));
        assertEquals("dev,b,post_item,5,,,,false", lines.get(2));
        assertTrue(lines.get(3).startsWith("dev,b,get_item,20,"), lines.get(3));
        assertTrue(lines.get(3).endsWith(",false"), lines.get(3));
        assertEquals(4, lines.size());
    }
}
