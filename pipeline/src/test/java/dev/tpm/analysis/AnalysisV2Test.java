package dev.tpm.analysis;

import static dev.tpm.analysis.SyntheticDataset.stack;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Metrics;
import dev.tpm.model.RunColumns;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.GroupStat;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.MemoryCheckpoint;
import dev.tpm.results.MemorySummary;
import dev.tpm.results.ReplicationTau;
import dev.tpm.results.Results;
import dev.tpm.results.TestLeftOut;
import dev.tpm.results.Weighted;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rules version 2 of analysis.md adds, on a small synthetic study whose results are worked
 * out by hand (min_n = 3):
 *
 * <ul>
 *   <li>paper campaign p1 lists a, b, c. a: three runs on every CRUD endpoint, rps 100, 110, 120,
 *       peak 1 MiB, on get_item cpu_s 5 over 10 s and lat_p90 7, 8, 9 ms. b: the same on every
 *       endpoint but delete_item, where two runs count and one has too many errors. c: no runs.</li>
 *   <li>hello-blog campaign h1 on the same device: x (rps 100, 200, 300 and a failed run; cpu_s 2,
 *       4, 6 over 10 s) and y (rps 50, 60; peak 2 and 3 MiB) on hello at 10 connections.</li>
 *   <li>mixes: m (every endpoint weighted, delete_item 0.2) and no_delete (delete_item weight 0).</li>
 *   <li>memory: two series of a in p1 (1, 2, 3, 4 MiB at 0, 4, 6, 61 s; 2, 2 MiB at 0, 30 s),
 *       one of x in h1 (0.5, 1 MiB at 0, 1 s); memory_warm_s 5, checkpoints 60 s.</li>
 * </ul>
 */
class AnalysisV2Test {
    private static final double EPS = 1e-12;
    private static final List<String> CRUD = SmallStudy.CRUD;
    private static Results results;
    private static DeviceResults d;

    @BeforeAll
    static void analyse() {
        AnalysisConfig cfg = AnalysisConfig.defaults().with(b -> b.bootstrapResamples(200).rngSeed(7L).minN(3)
                .memoryCheckpointsS(List.of(60.0)));
        SyntheticDataset data = new SyntheticDataset().config(cfg)
                .campaign("h1", "dev", "hello-blog", stack("x", null), stack("y", null))
                .campaign("p1", "dev", stack("a", 1024L), stack("b", 2048L), stack("c", 4096L))
                .mix("m", 0.2, 0.2, 0.2, 0.2, 0.2)
                .mix("no_delete", 0.25, 0.25, 0.25, 0.25, 0)
                .published("T", "a", "idle_rss_mib", 1)
                .published("T", "b", "idle_rss_mib", 2);
        for (String ep : CRUD) {
            for (int k = 1; k <= 3; k++) {
                boolean cpu = ep.equals("get_item");
                data.run1("p1", "a", ep, k, ok(90 + 10 * k, 1024, cpu ? new Object[] {RunColumns.CPU_S, 5.0, RunColumns.LAT_P90_MS, 6.0 + k}
                        : new Object[0]));
                if (ep.equals("delete_item") && k == 3) {
                    data.run1("p1", "b", ep, k, ok(90 + 10 * k, 2048, new Object[] {RunColumns.NON_2XX, 5000L}));
                } else {
                    data.run1("p1", "b", ep, k, ok(90 + 10 * k, 2048, new Object[0]));
                }
            }
        }
        data.run1("p1", "a", "get_item", 9, RunColumns.WARMUP, 1, RunColumns.STATUS, "ok", RunColumns.RPS, 1.0);
        for (int k = 1; k <= 3; k++) {
            data.run("h1", "x", "hello", 10, k, RunColumns.RPS, 100.0 * k, RunColumns.CPU_S, 2.0 * k, RunColumns.LAT_P50_MS, 1.0,
                    RunColumns.LAT_P99_MS, 3.0 * k);
        }
        data.run("h1", "x", "hello", 10, 4, RunColumns.STATUS, "failed");
        data.run("h1", "y", "hello", 10, 1, RunColumns.RPS, 50.0, RunColumns.PEAK_RSS_KIB, 2048L, RunColumns.LAT_P50_MS, 2.0,
                RunColumns.LAT_P99_MS, 9.0);
        data.run("h1", "y", "hello", 10, 2, RunColumns.RPS, 60.0, RunColumns.PEAK_RSS_KIB, 3072L, RunColumns.LAT_P50_MS, 4.0,
                RunColumns.LAT_P99_MS, 9.0);
        data.series("p1", "a", "get_item", 1, new long[] {0, 4000, 6000, 61000}, new long[] {1024, 2048, 3072, 4096});
        data.series("p1", "a", "get_item", 2, new long[] {0, 30000}, new long[] {2048, 2048});
        data.series("h1", "x", "hello", 1, new long[] {0, 1000}, new long[] {512, 1024});
        results = new Analysis(1).analyze(data.build(), AnalysisTest.VERIFIED);
        d = results.devices().get(0);
    }

    private static Object[] ok(double rps, long peakKib, Object[] extra) {
        Object[] base = {RunColumns.RPS, rps, RunColumns.PEAK_RSS_KIB, peakKib, RunColumns.IDLE_RSS_KIB, peakKib / 2,
            RunColumns.STARTUP_MS, 5.0, RunColumns.LAT_P50_MS, 1.0, RunColumns.LAT_P99_MS, 4.0};
        Object[] out = java.util.Arrays.copyOf(base, base.length + extra.length);
        System.arraycopy(extra, 0, out, base.length, extra.length);
        return out;
    }

    private static GroupStat group(String stack, String endpoint, String metric) {
        return d.groupStats().stream().filter(g -> g.stack().equals(stack) && g.endpoint().equals(endpoint) && g.metric().equals(metric))
                .findFirst().orElseThrow();
    }

    private static Weighted weighted(String mix, String stack) {
        return d.weighted().stream().filter(w -> w.mix().equals(mix) && w.stack().equals(stack)).findFirst().orElseThrow();
    }

    @Test
    void onlyThePaperStudyEntersSectionsOneToSeven() {
        assertEquals(List.of("a", "b", "c"), results.stackOrder());
        assertEquals(List.of("a", "b", "c"), d.listedStacks());
        assertTrue(d.groupStats().stream().noneMatch(g -> g.stack().equals("x") || g.stack().equals("y")));
        assertTrue(d.exclusions().stream().allMatch(x -> x.campaign().equals("p1")), d.exclusions().toString());
        assertEquals(1, d.exclusions().size()); // b's delete_item run with 5000 non-2xx of 10000 requests
        assertTrue(d.memory().stream().allMatch(m -> m.stack().equals("a")));
    }

    @Test
    void smallGroupsKeepTheirDescriptiveStatisticsWithoutCi() {
        GroupStat small = group("b", "delete_item", Metrics.RPS);
        assertEquals(2, small.n());
        assertEquals(105, small.median(), EPS);
        assertTrue(small.smallN());
        assertTrue(Double.isNaN(small.ciLow()) && Double.isNaN(small.ciHigh()));
        GroupStat large = group("b", "get_item", Metrics.RPS);
        assertFalse(large.smallN());
        assertTrue(large.ciLow() >= 100 && large.ciHigh() <= 120);
    }

    @Test
    void descriptiveMetricsWhereTheColumnsArePresent() {
        assertEquals(0.5, group("a", "get_item", Metrics.CPU_CORES).median(), EPS); // 5 s of CPU over 10 s
        assertEquals(2000, group("a", "get_item", Metrics.RPS_PER_CPU_S).median(), EPS); // 10000 requests / 5 s
        assertEquals(8, group("a", "get_item", Metrics.LAT_P90_MS).median(), EPS);
        // post_item has no cpu_s and no lat_p90: no row for those metrics
        assertTrue(d.groupStats().stream().noneMatch(g -> g.endpoint().equals("post_item") && g.metric().equals(Metrics.CPU_CORES)));
        // descriptive metrics never enter the tests
        assertTrue(d.omnibus().stream().noneMatch(o -> Metrics.DESCRIPTIVE.contains(o.metric())));
    }

    @Test
    void stacksBelowMinNLeaveTheTestAndAreNamed() {
        // delete_item: only a has three runs, so there is no test; b and c are named with their reason
        assertTrue(d.omnibus().stream().noneMatch(o -> o.endpoint().equals("delete_item")));
        assertTrue(d.omnibus().stream().anyMatch(o -> o.endpoint().equals("get_item")));
        assertTrue(d.testsLeftOut().contains(new TestLeftOut("dev", "delete_item", "b", 2, "delete_item: 2 measured of 3 (1 error_rate)")));
        assertTrue(d.testsLeftOut().contains(new TestLeftOut("dev", "get_item", "c", 0, "get_item: 0 measured of 0")));
    }

    @Test
    void everyListedStackHasItsWeightedRowAndMissingSaysWhy() {
        assertEquals(6, d.weighted().size()); // 2 mixes x 3 stacks
        Weighted a = weighted("m", "a");
        assertEquals(110, a.wRps().value(), 1e-9);
        assertEquals(1, a.rank());
        assertEquals("", a.missing());
        Weighted b = weighted("m", "b");
        assertEquals("delete_item: 2 measured of 3 (1 error_rate)", b.missing());
        assertTrue(b.wRps().isMissing() && b.wPeakMib().isMissing() && b.wRpsPerMib().isMissing());
        assertEquals(0, b.rank());
        assertTrue(Double.isNaN(b.ratioToBest()));
        assertEquals("post_item: 0 measured of 0; get_item: 0 measured of 0; get_list: 0 measured of 0; put_item: 0 measured of 0;"
                + " delete_item: 0 measured of 0", weighted("m", "c").missing());
        // a stack without a value is never on the frontier
        assertEquals(List.of("a"), d.paretoFrontier());
    }

    @Test
    void anEndpointOfWeightZeroIsNotNeeded() {
        Weighted b = weighted("no_delete", "b");
        assertEquals("", b.missing());
        assertEquals(110, b.wRps().value(), 1e-9);
        assertEquals(2, b.wPeakMib().value(), 1e-9);
        assertEquals(55, b.wRpsPerMib().value(), 1e-9);
        assertEquals(1, weighted("no_delete", "a").rank());
        assertEquals(2, b.rank());
        assertEquals(2, b.ratioToBest(), 1e-12); // 110 / 55
        assertEquals("post_item: 0 measured of 0; get_item: 0 measured of 0; get_list: 0 measured of 0; put_item: 0 measured of 0",
                weighted("no_delete", "c").missing());
    }

    @Test
    void implicationsNameNoBestFromAStacksAbsence() {
        var w = d.implications().stream().filter(i -> i.criterion().equals(Implications.W_RPS)).findFirst().orElseThrow();
        assertFalse(w.hasBest());
        assertEquals(List.of("b", "c"), w.leftOut().stream().map(l -> l.stack()).toList());
        assertEquals("delete_item: 2 measured of 3 (1 error_rate)", w.leftOut().get(0).reason());
    }

    @Test
    void steadyGrowthAndCheckpoints() {
        MemorySummary a = d.memory().get(0);
        // series 1: 4 MiB - 3 MiB (the first sample at or after 5 s); series 2: 2 - 2; median 0.5
        assertEquals(0.5, a.steadyGrowthMib(), EPS);
        // every study; stacks in the order of every study's campaigns (h1 sorts before p1)
        assertEquals(List.of(new MemoryCheckpoint("dev", "x", 0, 1, 0.5), new MemoryCheckpoint("dev", "a", 0, 2, 1.5),
                new MemoryCheckpoint("dev", "a", 60, 1, 3)), results.memoryCheckpoints());
    }

    @Test
    void loadgenSummaryCoversEveryStudy() {
        List<LoadgenSummary> hello = results.loadgenSummary().stream().filter(l -> l.study().equals("hello-blog")).toList();
        assertEquals(2, hello.size());
        LoadgenSummary x = hello.get(0);
        assertEquals("x", x.stack());
        assertEquals(3, x.n()); // the failed run does not count
        assertEquals(200, x.rpsMedian(), EPS);
        assertEquals(300, x.rpsBest(), EPS);
        assertEquals(6, x.latP99Ms(), EPS);
        assertTrue(Double.isNaN(x.latP90Ms()));
        assertTrue(Double.isNaN(x.peakRssMib()));
        assertEquals(60, x.cpuPct(), 1e-9); // 6 s of CPU over 10 s
        assertEquals(200 / 55.0, x.ratioToSlowest(), EPS);
        LoadgenSummary y = hello.get(1);
        assertEquals(3, y.peakRssMib(), EPS);
        assertEquals(3, y.latP50Ms(), EPS);
        assertEquals(1, y.ratioToSlowest(), EPS);
        assertTrue(Double.isNaN(y.cpuPct()));
        // paper rows: one per (stack, endpoint) with measured runs; b's delete_item counts its two
        LoadgenSummary bDelete = results.loadgenSummary().stream()
                .filter(l -> l.study().equals("paper") && l.stack().equals("b") && l.endpoint().equals("delete_item")).findFirst().orElseThrow();
        assertEquals(2, bDelete.n());
        // sorted: device, study by code point (hello-blog before paper)
        assertEquals("hello-blog", results.loadgenSummary().get(0).study());
    }

    @Test
    void kendallTauOnlyFromFiveStacks() {
        ReplicationTau t = results.replicationTau().stream().filter(r -> r.metric().equals("idle_rss_mib")).findFirst().orElseThrow();
        assertEquals(2, t.stacks());
        assertFalse(t.hasTau());
        assertTrue(Double.isNaN(t.kendallTau()));
        assertEquals(List.of("a", "b"), t.publishedOrder());
        assertEquals(List.of("a", "b"), t.measuredOrder());
    }
}
