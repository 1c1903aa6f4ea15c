package dev.tpm.analysis;

import dev.tpm.results.Metric;
import static dev.tpm.analysis.SyntheticDataset.stack;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.RunColumns;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.GroupStat;
import dev.tpm.results.Ratio;
import dev.tpm.results.Results;
import dev.tpm.results.Unit;
import dev.tpm.results.WarmCold;
import dev.tpm.results.Weighted;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Sections 11 and 12 of analysis.md v4 through the whole analysis, on synthetic runs. */
class AnalysisV4Test {
    private static final int MIN_N = 5;
    private static Results results;

    /** Three devices: u1 and u2 units of model m (u2 runs at 0.5 x u1 on every stack), solo a model of its own. */
    static SyntheticDataset data() {
        AnalysisConfig cfg = AnalysisConfig.defaults().with(b -> b.bootstrapResamples(300).rngSeed(7L).minN(MIN_N)
                .memoryCheckpointsS(List.of(60.0)).minUnits(2).deviceModels(Map.of("u1", "m", "u2", "m")));
        SyntheticDataset data = new SyntheticDataset().config(cfg)
                .campaign("c-u1", "u1", stack("go", 1024L), stack("java", 2048L))
                .campaign("c-u2", "u2", stack("go", 1024L), stack("java", 2048L))
                .campaign("c-solo", "solo", stack("go", 1024L), stack("java", 2048L))
                .mix("reads", 0, 1, 0, 0, 0);
        Map<String, Double> effect = Map.of("c-u1", 1.0, "c-u2", 0.5, "c-solo", 2.0);
        for (String c : List.of("c-u1", "c-u2", "c-solo")) {
            for (int k = 1; k <= 6; k++) {
                double e = effect.get(c);
                data.run1(c, "go", "get_item", k, ok(e * (1000 + 10 * k), 20480, 5.0 + 0.1 * k));
                data.run1(c, "java", "get_item", k, ok(e * (600 + 10 * k), 81920, 9.0 + 0.1 * k));
            }
        }
        // phase 5 on u1: java (a JIT) gains by serving, go does not; java on post_item has 3 runs only
        for (int k = 1; k <= 6; k++) {
            data.run5("c-u1", "go", "get_item", k, ok(1000 + 10 * k, 20480, 5.0 + 0.1 * k));
            data.run5("c-u1", "java", "get_item", k, ok(1500 + 10 * k, 90000, 4.0 + 0.1 * k));
        }
        data.run5("c-u1", "java", "get_item", 7, RunColumns.STATUS, "failed");
        for (int k = 1; k <= 3; k++) data.run5("c-u1", "java", "post_item", k, ok(800, 90000, 6.0));
        return data;
    }

    private static Object[] ok(double rps, long peakKib, double p99) {
        return new Object[] {RunColumns.RPS, rps, RunColumns.PEAK_RSS_KIB, peakKib, RunColumns.IDLE_RSS_KIB, peakKib / 2,
            RunColumns.STARTUP_MS, 5.0, RunColumns.LAT_P50_MS, 1.0, RunColumns.LAT_P99_MS, p99};
    }

    @BeforeAll
    static void analyse() {
        results = new Analysis(2).analyze(data().build(), AnalysisTest.VERIFIED);
    }

    private static DeviceResults device(String id) {
        return results.devices().stream().filter(d -> d.id().equals(id)).findFirst().orElseThrow();
    }

    private static Unit unit(String metric, String stack) {
        return results.units().stream().filter(u -> u.metric().equals(metric) && u.stack().equals(stack)).findFirst().orElseThrow();
    }

    @Test
    void onlyAModelWithTwoUnitsHasRowsAndItsGmeanIsTheUnitsGeometricMean() {
        assertEquals(List.of("m"), results.units().stream().map(Unit::model).distinct().toList(), "solo is a model of one unit");
        Unit go = unit(Metric.W_RPS.id(), "go");
        assertEquals("reads", go.mix());
        Weighted u1 = device("u1").weighted().stream().filter(w -> w.stack().equals("go")).findFirst().orElseThrow();
        Weighted u2 = device("u2").weighted().stream().filter(w -> w.stack().equals("go")).findFirst().orElseThrow();
        assertEquals(Math.sqrt(u1.wRps().value() * u2.wRps().value()), go.gmean(), 1e-9);
        assertEquals(2, go.spread(), 1e-9, "u2 runs at half u1's rate");
        assertEquals(List.of("u1", "u2"), go.devices());
        assertEquals(u1.wRps(), go.of().get(0).estimate(), "each unit's value with weighted.csv's CI");
        // two units, no machine.cpu_id recorded: no interval (analysis.md 11, version 5)
        assertEquals("", go.hardware());
        assertTrue(Double.isNaN(go.lo()) && Double.isNaN(go.hi()), go.toString());
        assertEquals(java.util.Set.of(Unit.IntervalGap.HARDWARE_NOT_RECORDED, Unit.IntervalGap.TOO_FEW_UNITS,
                Unit.IntervalGap.PROBE_MISSING), go.gaps()); // and no probe (version 6)
        // the unit effect is shared: the model's ratio is each unit's ratio
        double ratio1 = device("u1").ratios("reads", Metric.W_RPS.id()).stream().filter(r -> r.stack().equals("java")).findFirst()
                .orElseThrow().ratio();
        assertEquals(ratio1, unit(Metric.W_RPS.id(), "java").ratio(), 1e-9);
        assertEquals("go", unit(Metric.W_RPS.id(), "java").best());
        // the pooled metrics have an empty mix and come first (ratios.csv's order)
        assertEquals("", results.units().get(0).mix());
        assertEquals(Metric.POOLED_IDLE_RSS_MIB.id(), results.units().get(0).metric());
    }

    @Test
    void unitsDoNotDependOnThreadsOrTheOrderOfTheRows() {
        Results again = new Analysis(1, new Random(3)).analyze(data().build(new Random(5)), AnalysisTest.VERIFIED);
        assertEquals(results.units(), again.units());
        assertEquals(device("u1").warmCold(), again.devices().get(1).warmCold());
        assertEquals(device("u1").steadyStats(), again.devices().get(1).steadyStats());
    }

    @Test
    void steadyStatsCoverPhase5GroupsWithCisFromMinNOn() {
        List<GroupStat> s = device("u1").steadyStats();
        assertEquals(List.of("go/get_item", "java/post_item", "java/get_item"), // endpoint order: post_item first
                s.stream().map(g -> g.stack() + "/" + g.endpoint()).distinct().toList());
        assertEquals(List.of("rps", "lat_p50_ms", "lat_p99_ms", "peak_rss_mib"),
                s.stream().filter(g -> g.stack().equals("go")).map(GroupStat::metric).toList());
        GroupStat javaRps = s.stream().filter(g -> g.stack().equals("java") && g.endpoint().equals("get_item")
                && g.metric().equals("rps")).findFirst().orElseThrow();
        assertEquals(6, javaRps.n(), "the failed run is excluded");
        assertEquals(1535, javaRps.median(), 1e-9);
        assertTrue(javaRps.ciLow() <= javaRps.median() && javaRps.median() <= javaRps.ciHigh());
        GroupStat post = s.stream().filter(g -> g.endpoint().equals("post_item")).findFirst().orElseThrow();
        assertTrue(post.smallN() && Double.isNaN(post.ciLow()));
        assertTrue(device("u2").steadyStats().isEmpty());
        assertTrue(device("u1").exclusions().stream().anyMatch(x -> x.phase() == 5 && x.reason().equals("failed")),
                "phase 5's excluded runs are listed");
    }

    @Test
    void theStatsStageWritesThePhase5FilesWithOutputsMdHeaders() {
        dev.tpm.pipeline.PipelineContext ctx = new dev.tpm.pipeline.PipelineContext(data().build(), AnalysisTest.VERIFIED, 1);
        dev.tpm.output.Outputs out = new dev.tpm.output.Outputs();
        new StatsStage(dev.tpm.paper.PaperCatalog.CATALOG.tidyCsvs()).run(ctx, out);
        Map<String, String> headers = Map.of(
                "tables/steady_stats.csv", "device,stack,endpoint,metric,n,median,mean,sd,q1,q3,min,max,ci_low,ci_high,small_n,ci_coverage",
                "tables/warm_cold.csv", "device,stack,endpoint,cold_rps,warm_rps,warm_over_cold,warm_over_cold_lo,warm_over_cold_hi,"
                        + "cold_p99_ms,warm_p99_ms,p99_warm_over_cold,p99_warm_over_cold_lo,p99_warm_over_cold_hi");
        headers.forEach((file, header) -> assertEquals(header, text(out, file).lines().findFirst().orElseThrow(), file));
        assertEquals(1 + 2, text(out, "tables/warm_cold.csv").lines().count());
        assertTrue(text(out, "tables/units.csv").lines().count() > 1);
    }

    private static String text(dev.tpm.output.Outputs out, String file) {
        return new String(out.files().get(file), java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void warmOverColdDividesTheMediansAndTheirReplicates() {
        List<WarmCold> wc = device("u1").warmCold();
        assertEquals(List.of("go", "java"), wc.stream().map(WarmCold::stack).toList(), "post_item has no phase-1 runs");
        WarmCold java = wc.get(1);
        assertEquals(635, java.coldRps(), 1e-9);
        assertEquals(1535, java.warmRps(), 1e-9);
        assertEquals(1535.0 / 635, java.warmOverCold(), 1e-12);
        assertTrue(java.warmOverColdLo() > 1, "a JIT's gain is outside the interval's reach of 1: " + java);
        assertTrue(java.warmOverColdLo() <= java.warmOverCold() && java.warmOverCold() <= java.warmOverColdHi());
        assertEquals(4.35 / 9.35, java.p99WarmOverCold(), 1e-9);
        assertTrue(java.p99WarmOverColdHi() < 1, java.toString());
        WarmCold go = wc.get(0);
        assertTrue(go.warmOverColdLo() <= 1 && 1 <= go.warmOverColdHi(), "go: the same runs warm and cold: " + go);
    }
}
