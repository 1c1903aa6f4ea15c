package dev.tpm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Metrics;
import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Exclusion;
import dev.tpm.results.GroupSample;
import dev.tpm.results.GroupStat;
import dev.tpm.results.Implication;
import dev.tpm.results.MemorySummary;
import dev.tpm.results.Omnibus;
import dev.tpm.results.Posthoc;
import dev.tpm.results.Replication;
import dev.tpm.results.ReplicationTau;
import dev.tpm.results.Results;
import dev.tpm.results.Sensitivity;
import dev.tpm.results.StackPooled;
import dev.tpm.results.SweepSummary;
import dev.tpm.results.Verification;
import dev.tpm.results.Weighted;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The analysis of {@link SmallStudy}, checked against values worked out by hand. */
class AnalysisTest {
    private static final double EPS = 1e-12;
    static final Verification VERIFIED = new Verification(0, "0".repeat(64));
    private static Results results;
    private static DeviceResults d;

    @BeforeAll
    static void analyse() {
        SyntheticDataset data = SmallStudy.build(400)
                .published("Table 14", "rust", "w_rps_per_mib", 310.25)
                .published("Table 14", "go", "w_rps_per_mib", 110.0)
                .published("Table 14", "node", "w_rps_per_mib", 30.0)
                .published("Table 9", "rust", "idle_rss_mib", 4.2)
                .published("Table 19", "rust", "rps_c30", 2100)
                .published("Table 19", "go", "peak_rps", 26209)
                .published("Table 20", "rust", "max_mib", 7.8)
                .published("Table 9", "rust", "peak_rss_mib:get_item", 7.36)
                .published("Table 16", "node", "artifact_mib", 50)
                .published("Table 17", "node", "w_energy_mj", 1.0)
                .published("Table 14", "python", "w_rps", 969);
        results = new Analysis(2).analyze(data.build(), VERIFIED);
        d = results.devices().get(0);
    }

    /** Each device's topology comes from the campaigns pooled into it, the excluded one left out. */
    @Test
    void topologyIsOfTheDevicesOwnCampaigns() {
        assertEquals(d.id(), d.topology().device());
        assertEquals(d.campaigns(), d.topology().setups().stream().flatMap(s -> s.campaigns().stream()).sorted().toList());
        assertEquals(4, d.topology().cores());
    }

    @Test
    void excludedCampaignIsDroppedFirstAndStacksFollowCampaignJson() {
        assertEquals(1, results.devices().size());
        assertEquals(List.of("rust", "go", "node"), results.stackOrder()); // python only in c0-old
        assertEquals(List.of("c1", "c2"), d.campaigns());
        assertEquals(List.of("rust", "go", "node"), d.stacks());
        assertEquals("illustrative", d.declaredMix());
        // artifact sizes from the first appearance: go from c1 (6 MiB), not c2 (99 MiB)
        assertEquals(List.of(3.0, 6.0, 40.0), d.stackPooled().stream().map(StackPooled::artifactMib).toList());
    }

    @Test
    void exclusionsNameTheFirstReasonThatApplies() {
        List<String> got = d.exclusions().stream()
                .map(x -> x.campaign() + "/" + x.phase() + "/" + x.stack() + "/" + x.endpoint() + "=" + x.reason()).toList();
        assertEquals(List.of(
                "c1/1/go/post_item=failed",
                "c1/1/rust/put_item=error_rate",
                "c1/1/go/get_item=throttled",
                "c1/1/go/get_list=error_rate", // error rate and throttled: error_rate comes first
                "c1/1/rust/delete_item=failed", // failed with errors: failed comes first
                "c1/2/go/get_item=failed",
                "c2/1/node/get_list=discarded"), got);
        assertTrue(d.exclusions().stream().map(Exclusion::device).allMatch(SmallStudy.DEVICE::equals));
        // rows, warmup, measured, failed, discarded, error_rate, throttled
        Map<String, List<Integer>> counts = d.runCounts().stream().collect(Collectors.toMap(
                c -> c.stack() + "/" + c.phase(),
                c -> List.of(c.rows(), c.warmup(), c.measured(), c.failed(), c.discarded(), c.errorRate(), c.throttled())));
        assertEquals(List.of(24, 2, 20, 1, 0, 1, 0), counts.get("rust/1")); // warm-up + failed counts as warm-up
        assertEquals(List.of(18, 0, 15, 1, 0, 1, 1), counts.get("go/1"));
        assertEquals(List.of(16, 0, 15, 0, 1, 0, 0), counts.get("node/1"));
        assertEquals(List.of(12, 0, 12, 0, 0, 0, 0), counts.get("rust/2"));
        assertEquals(List.of(11, 1, 9, 1, 0, 0, 0), counts.get("go/2"));
        assertEquals(List.of("rust/1", "rust/2", "go/1", "go/2", "node/1"),
                d.runCounts().stream().map(c -> c.stack() + "/" + c.phase()).toList());
    }

    @Test
    void groupStatisticsCoverEveryMeasuredGroupInOutputOrder() {
        // rust: 5 CRUD x 8 metrics + mixed x 7 (no energy); go: 40; node: 4 x 8 + delete_item x 7
        assertEquals(47 + 40 + 39, d.groupStats().size());
        GroupStat g = find(d.groupStats(), "rust", "get_item", Metrics.RPS);
        assertEquals(3, g.n());
        assertEquals(2000, g.median());
        assertEquals(2000, g.mean(), EPS);
        assertEquals(10, g.sd(), EPS);
        assertEquals(1995, g.q1(), EPS); // type 7 on 1990, 2000, 2010
        assertEquals(2005, g.q3(), EPS);
        assertTrue(g.ciLow() >= 1990 && g.ciHigh() <= 2010 && g.ciLow() <= g.ciHigh());
        // the boundary runs (error rate exactly 0.01, throttled 0x0 or empty) count: mixed has 5 runs
        assertEquals(5, find(d.groupStats(), "rust", "mixed", Metrics.RPS).n());
        assertEquals(0.5, find(d.groupStats(), "rust", "post_item", Metrics.ENERGY_MJ_PER_REQ).min(), EPS);
        assertEquals(1000 / 8.0, find(d.groupStats(), "rust", "post_item", Metrics.RPS_PER_MIB).median(), EPS);
        for (GroupStat x : d.groupStats()) {
            assertTrue(x.ciLow() >= x.min() && x.ciHigh() <= x.max(), x.toString());
        }
        // sorted: stack order, endpoint order, metric order
        assertEquals("rust", d.groupStats().get(0).stack());
        assertEquals("post_item", d.groupStats().get(0).endpoint());
        assertEquals(Metrics.ALL, d.groupStats().subList(0, 8).stream().map(GroupStat::metric).toList());
        assertEquals("node", d.groupStats().get(d.groupStats().size() - 1).stack());
        // samples: mean power is descriptive (samples only), values in seq order
        GroupSample power = d.samples().stream().filter(s -> s.stack().equals("rust") && s.endpoint().equals("get_item")
                && s.metric().equals(Metrics.MEAN_POWER_W)).findFirst().orElseThrow();
        assertEquals(List.of(3.0, 4.0, 5.0), java.util.Arrays.stream(power.values()).boxed().toList());
        assertTrue(d.groupStats().stream().noneMatch(x -> x.metric().equals(Metrics.MEAN_POWER_W)));
    }

    @Test
    void testsLeaveMixedOutAndHolmCoversTheWholeDevice() {
        assertTrue(d.omnibus().stream().noneMatch(o -> o.endpoint().equals("mixed")));
        assertEquals(5 * 8, d.omnibus().size());
        // 5 endpoints x 7 metrics x 3 pairs, energy: 4 endpoints x 3 pairs + delete_item (node has none) 1 pair
        assertEquals(118, d.posthoc().size());
        assertEquals(118, d.posthocSummary().comparisons());
        Omnibus constant = d.omnibus().stream().filter(o -> o.endpoint().equals("get_item") && o.metric().equals(Metrics.LAT_P99_MS))
                .findFirst().orElseThrow();
        assertTrue(Double.isNaN(constant.h())); // every value 11 ms: H undefined
        Omnibus energyDelete = d.omnibus().stream()
                .filter(o -> o.endpoint().equals("delete_item") && o.metric().equals(Metrics.ENERGY_MJ_PER_REQ)).findFirst().orElseThrow();
        assertEquals(2, energyDelete.k());
        assertEquals(6, energyDelete.n());
        Posthoc first = d.posthoc().get(0);
        assertEquals(List.of("post_item", "rps", "rust", "go"), List.of(first.endpoint(), first.metric(), first.stackA(), first.stackB()));
        assertEquals("node", d.posthoc().get(2).stackB());
        assertEquals("go", d.posthoc().get(2).stackA());
        for (Posthoc p : d.posthoc()) {
            assertTrue(p.pHolm() >= p.pMwu() && p.pHolm() <= 1, p.toString());
            assertEquals(p.pHolm() < 0.05, p.significant());
        }
        // rust's rps on post_item (990..1010) all below go's (1190..1210): U of rust = 0
        assertEquals(0.0, first.u());
        assertEquals(-1.0, first.cliffsDelta());
    }

    @Test
    void weightedAggregatesAreTheHandComputedOnes() {
        Weighted rust = weighted("illustrative", "rust");
        Weighted go = weighted("illustrative", "go");
        Weighted node = weighted("illustrative", "node");
        // w_rps = 0.1 post + 0.4 get_item + 0.2 get_list + 0.2 put + 0.1 delete of the median rps
        assertEquals(1350, rust.wRps().value(), 1e-9);
        assertEquals(1540, go.wRps().value(), 1e-9);
        assertEquals(1350, node.wRps().value(), 1e-9);
        assertEquals(8, rust.wPeakMib().value(), 1e-9);
        assertEquals(0.7 * 20 + 0.3 * 4, go.wPeakMib().value(), 1e-9); // 15.2
        assertEquals(1350 / 8.0, rust.wRpsPerMib().value(), 1e-9); // 168.75
        assertEquals(0.1 * 60 + 0.4 * 120 + 0.2 * 20 + 0.2 * 275 + 0.1 * 400, go.wRpsPerMib().value(), 1e-9); // 153
        assertEquals(1350 / 60.0, node.wRpsPerMib().value(), 1e-9);
        assertEquals(11, rust.wP99Ms().value(), 1e-9);
        // weighted median of pooled energies, a run of endpoint e weighing w_e / 3: cumulative
        // 0.2:.133 0.3:.267 0.4:.4 0.45:.433 0.5(post):.467 0.5(put):.533 -> 0.5
        assertEquals(0.5, rust.wEnergyMj().value(), EPS);
        assertEquals(1.1, go.wEnergyMj().value(), EPS); // 1.0 runs hold 1/3, 1.1 runs bring it to 2/3
        assertTrue(node.wEnergyMj().isMissing()); // node has no energy on delete_item
        assertTrue(Double.isNaN(node.wEnergyMj().lo()));
        assertEquals(List.of(1, 2, 3), List.of(rust.rank(), go.rank(), node.rank()));
        assertEquals(1.0, rust.ratioToBest(), EPS);
        assertEquals(168.75 / 153, go.ratioToBest(), 1e-12);
        assertEquals(7.5, node.ratioToBest(), 1e-12);
        for (Weighted w : d.weighted()) {
            for (var e : List.of(w.wRps(), w.wPeakMib(), w.wRpsPerMib(), w.wP99Ms())) {
                assertTrue(e.lo() <= e.value() + 1e-9 && e.value() <= e.hi() + 1e-9, w.toString());
            }
        }
        // CI of w_rps: each endpoint's median moves by at most 10 req/s
        assertTrue(rust.wRps().lo() >= 1340 - 1e-9 && rust.wRps().hi() <= 1360 + 1e-9);
        // a write-heavy mix (0.5 post, 0.3 put, 0.2 delete) puts go first: 30 + 82.5 + 80 = 192.5 vs 137.5
        assertEquals(192.5, weighted("a_writes", "go").wRpsPerMib().value(), 1e-9);
        assertEquals(List.of(2, 1, 3), List.of(weighted("a_writes", "rust").rank(), weighted("a_writes", "go").rank(),
                weighted("a_writes", "node").rank()));
        // rows: mixes by code point, stacks in stack order
        assertEquals(List.of("a_writes", "a_writes", "a_writes", "illustrative", "illustrative", "illustrative",
                "read_heavy", "read_heavy", "read_heavy"), d.weighted().stream().map(Weighted::mix).toList());
    }

    @Test
    void sensitivityComparesEachMixRankingWithTheDeclaredOne() {
        Map<String, Sensitivity> s = d.sensitivity().stream().collect(Collectors.toMap(Sensitivity::mix, x -> x));
        assertEquals(1.0, s.get("illustrative").kendallTau(), EPS);
        // analysis.md 4 (version 3): the declared mix against itself tests nothing, so its p is empty
        assertTrue(Double.isNaN(s.get("illustrative").p()));
        assertEquals(2.0 / 6, s.get("read_heavy").p(), EPS); // exact: 2 / 3!
        assertEquals(1.0, s.get("read_heavy").kendallTau(), EPS);
        assertEquals(1.0 / 3, s.get("a_writes").kendallTau(), EPS); // (1,2,3) vs (2,1,3)
        assertEquals(1.0, s.get("a_writes").p(), EPS);
    }

    @Test
    void sweepPeakAndPlateau() {
        Map<String, SweepSummary> s = d.sweepSummary().stream().collect(Collectors.toMap(SweepSummary::stack, x -> x));
        assertEquals(2150, s.get("rust").peakRps());
        assertEquals(120, s.get("rust").peakConcurrency());
        assertEquals(30, s.get("rust").plateauConcurrency()); // gains 1.0, 0.05, 0.024
        assertEquals(2000, s.get("go").peakRps());
        assertNull(s.get("go").plateauConcurrency()); // gains 0.5, 0.33
        assertEquals(7, d.sweep().size());
        assertEquals(9.0, d.sweep().get(0).peakRssMib(), EPS); // 8, 9, 10 MiB
        assertEquals(3, d.sweep().stream().filter(p -> p.stack().equals("go") && p.concurrency() == 60).findFirst().orElseThrow().n());
    }

    @Test
    void memorySummaryPoolsTheSeriesOfAStack() {
        assertEquals(1, d.memory().size()); // the c0-old series does not count
        MemorySummary m = d.memory().get(0);
        assertEquals("rust", m.stack());
        assertEquals(2, m.series());
        assertEquals(3.5, m.samples(), EPS);
        assertEquals(0.325, m.durationS(), EPS);
        assertEquals(8, m.firstMib(), EPS);
        assertEquals(7.5, m.minMib(), EPS);
        assertEquals(8.5, m.maxMib(), EPS);
        assertEquals(8, m.lastMib(), EPS);
        assertEquals(0, m.growthMib(), EPS);
        assertEquals(1, m.drops()); // 9 -> 7 MiB
        assertEquals(-10.0 / 13, m.slopeMibPerS(), 1e-12); // median of 0 and -20/13
        assertEquals(2, d.memorySeries().size());
    }

    @Test
    void implicationsAndParetoFrontier() {
        Map<String, Implication> imp = d.implications().stream().collect(Collectors.toMap(Implication::criterion, x -> x));
        assertEquals(8, imp.size());
        assertEquals("rust", imp.get(Implications.IDLE_RSS).bestStack());
        assertEquals(4, imp.get(Implications.IDLE_RSS).value().value(), EPS);
        assertEquals(List.of(), imp.get(Implications.IDLE_RSS).tiedStacks());
        assertEquals("go", imp.get(Implications.W_RPS).bestStack());
        assertEquals(List.of(), imp.get(Implications.W_RPS).tiedStacks());
        assertEquals("rust", imp.get(Implications.W_RPS_PER_MIB).bestStack());
        assertEquals("rust", imp.get(Implications.W_PEAK).bestStack());
        // node has no sweep and no energy on delete_item: no best is named from its absence, the reason is given
        assertNull(imp.get(Implications.SWEEP_PEAK).bestStack());
        assertTrue(imp.get(Implications.SWEEP_PEAK).value().isMissing());
        assertEquals(List.of(new Implication.LeftOut("node", Implications.NO_PHASE2)), imp.get(Implications.SWEEP_PEAK).leftOut());
        // rust and go both start in a median 6 ms: rust is first in stack order, go is tied
        assertEquals("rust", imp.get(Implications.STARTUP).bestStack());
        assertEquals(List.of("go"), imp.get(Implications.STARTUP).tiedStacks());
        assertEquals("rust", imp.get(Implications.ARTIFACT).bestStack());
        assertEquals(3, imp.get(Implications.ARTIFACT).value().value(), EPS);
        assertNull(imp.get(Implications.W_ENERGY).bestStack());
        assertEquals(List.of("node"), imp.get(Implications.W_ENERGY).leftOut().stream().map(Implication.LeftOut::stack).toList());
        assertEquals(List.of(), imp.get(Implications.W_RPS).leftOut());
        // rust (8 MiB, 1350), go (15.2, 1540), node (60, 1350): node is dominated by rust
        assertEquals(List.of("rust", "go"), d.paretoFrontier());
    }

    @Test
    void replicationPutsPublishedBesideMeasured() {
        Map<String, Replication> rows = results.replication().stream()
                .collect(Collectors.toMap(r -> r.stack() + "/" + r.metric(), r -> r));
        assertEquals(11, results.replication().size());
        assertEquals(168.75, rows.get("rust/w_rps_per_mib").measured(), 1e-9);
        assertEquals(168.75 / 310.25, rows.get("rust/w_rps_per_mib").ratio(), 1e-12);
        assertEquals(4, rows.get("rust/idle_rss_mib").measured(), EPS);
        assertEquals(2000, rows.get("rust/rps_c30").measured(), EPS);
        assertEquals(2000, rows.get("go/peak_rps").measured(), EPS);
        assertEquals(8.5, rows.get("rust/max_mib").measured(), EPS);
        assertEquals(8, rows.get("rust/peak_rss_mib:get_item").measured(), EPS);
        assertEquals(40, rows.get("node/artifact_mib").measured(), EPS);
        assertTrue(Double.isNaN(rows.get("node/w_energy_mj").measured()));
        assertTrue(Double.isNaN(rows.get("python/w_rps").measured()));
        assertTrue(Double.isNaN(rows.get("python/w_rps").ratio()));
        // sorted by device, table (code point), stack order, metric
        assertEquals(List.of("Table 14", "Table 14", "Table 14", "Table 14", "Table 16", "Table 17", "Table 19", "Table 19",
                "Table 20", "Table 9", "Table 9"), results.replication().stream().map(Replication::table).toList());
        assertEquals(List.of("rust", "go", "node", "python"),
                results.replication().subList(0, 4).stream().map(Replication::stack).toList());
        assertEquals(List.of("idle_rss_mib", "peak_rss_mib:get_item"),
                results.replication().subList(9, 11).stream().map(Replication::metric).toList());
        // rust, go, node: three stacks, fewer than analysis.md 7's five (version 5): the order, no tau
        List<ReplicationTau> taus = results.replicationTau();
        assertEquals(1, taus.size());
        assertEquals("w_rps_per_mib", taus.get(0).metric());
        assertEquals(3, taus.get(0).stacks());
        assertFalse(taus.get(0).hasTau());
        assertTrue(Double.isNaN(taus.get(0).kendallTau()));
        assertEquals(taus.get(0).publishedOrder().size(), 3);
    }

    @Test
    void stageWritesEveryTidyCsvWithOutputsMdHeaders() throws Exception {
        PipelineContext ctx = new PipelineContext(SmallStudy.build(50).build(), VERIFIED, 1);
        Outputs out = new Outputs();
        new StatsStage(dev.tpm.paper.PaperCatalog.CATALOG.tidyCsvs()).run(ctx, out);
        assertEquals(SmallStudy.DEVICE, ctx.results().devices().get(0).id());
        Map<String, String> expected = Map.ofEntries(
                Map.entry("group_stats", "device,stack,endpoint,metric,n,median,mean,sd,q1,q3,min,max,ci_low,ci_high,small_n,ci_coverage"),
                Map.entry("omnibus", "device,endpoint,metric,k,n,h,df,p,epsilon_sq"),
                Map.entry("posthoc", "device,endpoint,metric,stack_a,stack_b,n_a,n_b,u,p_mwu,p_method,t,df,p_welch,cohens_d,hedges_g,"
                        + "cliffs_delta,p_holm,significant"),
                Map.entry("posthoc_summary", "device,comparisons,significant,large_effect,large_and_significant,holm_threshold,"
                        + "min_attainable_p"),
                Map.entry("weighted", "device,mix,stack,w_rps,w_rps_lo,w_rps_hi,w_peak_mib,w_peak_mib_lo,w_peak_mib_hi,"
                        + "w_rps_per_mib,w_rps_per_mib_lo,w_rps_per_mib_hi,w_p99_ms,w_p99_ms_lo,w_p99_ms_hi,w_energy_mj,"
                        + "w_energy_mj_lo,w_energy_mj_hi,rank,ratio_to_best,missing"),
                Map.entry("sensitivity", "device,mix,kendall_tau,p"),
                Map.entry("ratios", "device,mix,metric,stack,best,value,ratio,ratio_lo,ratio_hi,tied"),
                Map.entry("stack_pooled", "device,stack,n,idle_rss_mib,idle_rss_mib_lo,idle_rss_mib_hi,startup_ms,startup_ms_lo,"
                        + "startup_ms_hi,artifact_mib,idle_rss_mib_ci_coverage,startup_ms_ci_coverage"),
                Map.entry("sweep", "device,stack,concurrency,n,rps,rps_lo,rps_hi,p99_ms,p99_ms_lo,p99_ms_hi,peak_rss_mib"),
                Map.entry("sweep_summary", "device,stack,peak_rps,peak_concurrency,plateau_concurrency"),
                Map.entry("memory", "device,stack,series,samples,duration_s,first_mib,min_mib,max_mib,last_mib,growth_mib,"
                        + "steady_growth_mib,drops,slope_mib_per_s"),
                Map.entry("memory_checkpoints", "device,stack,t_s,series,mib"),
                Map.entry("loadgen_summary", "device,study,phase,stack,endpoint,concurrency,n,rps_median,rps_best,lat_p50_ms,"
                        + "lat_p90_ms,lat_p99_ms,peak_rss_mib,cpu_pct,ratio_to_slowest,host_busy,saturated_runs"),
                Map.entry("drift", "device,stack,endpoint,n,rho,p,p_holm,drifting"),
                Map.entry("exclusions", "device,campaign,phase,seq,stack,endpoint,reason"),
                Map.entry("replication", "device,table,stack,metric,published,measured,ratio,comparable,differs"),
                Map.entry("sessions", "device,campaign,study,n,rho,p,p_holm,drifting,steal_share,steal_max,steal_excluded,probe_cpu,"
                        + "probe_memory,probe_drift,machine_drifted"),
                Map.entry("steal_sensitivity", "device,mix,stack,w_rps,w_rps_all,w_rps_per_mib,w_rps_per_mib_all,change"),
                Map.entry("units", "model,mix,metric,stack,hardware,units,gmean,min,max,spread,lo,hi,best,ratio,ratio_lo,ratio_hi,tied,missing,probe_spread"));
        assertEquals(expected.size(), out.files().size());
        for (Map.Entry<String, String> e : expected.entrySet()) {
            String text = new String(out.get("tables/" + e.getKey() + ".csv"), StandardCharsets.UTF_8);
            assertEquals(e.getValue(), text.lines().findFirst().orElseThrow(), e.getKey());
        }
        String sweepSummary = new String(out.get("tables/sweep_summary.csv"), StandardCharsets.UTF_8);
        assertEquals("pi-test,rust,2150,120,30", sweepSummary.lines().toList().get(1));
        assertEquals("pi-test,go,2000,60,", sweepSummary.lines().toList().get(2)); // no plateau: empty cell
        String weighted = new String(out.get("tables/weighted.csv"), StandardCharsets.UTF_8);
        assertTrue(weighted.lines().anyMatch(l -> l.startsWith("pi-test,illustrative,node,1350,") && l.contains(",11,11,11,,,,3,7.5,")),
                weighted);
        String exclusions = new String(out.get("tables/exclusions.csv"), StandardCharsets.UTF_8);
        assertTrue(exclusions.lines().skip(1).allMatch(l -> l.startsWith("pi-test,c")));
        assertEquals(8, exclusions.lines().count());
    }

    @Test
    void withoutPhaseTwoOrThreeTheirCsvsCarryOnlyTheHeader() throws Exception {
        SyntheticDataset data = new SyntheticDataset()
                .config(dev.tpm.model.AnalysisConfig.defaults().with(b -> b.bootstrapResamples(20).rngSeed(1).posthocTest("welch")))
                .campaign("only", "dev", SyntheticDataset.stack("a", null))
                .mix("m", 0.2, 0.2, 0.2, 0.2, 0.2);
        data.run1("only", "a", "get_item", 1, dev.tpm.model.RunColumns.RPS, 10.0, dev.tpm.model.RunColumns.PEAK_RSS_KIB, 1024L);
        PipelineContext ctx = new PipelineContext(data.build(), VERIFIED, 1);
        Outputs out = new Outputs();
        new StatsStage(dev.tpm.paper.PaperCatalog.CATALOG.tidyCsvs()).run(ctx, out);
        for (String f : List.of("sweep", "sweep_summary", "memory", "exclusions", "replication", "omnibus", "posthoc", "ratios")) {
            String text = new String(out.get("tables/" + f + ".csv"), StandardCharsets.UTF_8);
            assertEquals(1, text.lines().count(), f + ":\n" + text);
        }
        // fewer than two ranked stacks: the mix keeps its row, tau and p are missing
        assertEquals("dev,m,,", new String(out.get("tables/sensitivity.csv"), StandardCharsets.UTF_8).lines().toList().get(1));
        // one stack with only one get_item run: its weighted values are missing, its rank empty, and missing says why
        String weighted = new String(out.get("tables/weighted.csv"), StandardCharsets.UTF_8);
        assertEquals("dev,m,a,,,,,,,,,,,,,,,,,,post_item: 0 measured of 0; get_item: 1 measured of 1; get_list: 0 measured of 0;"
                + " put_item: 0 measured of 0; delete_item: 0 measured of 0", weighted.lines().toList().get(1));
        assertEquals("dev,0,0,0,0,,", new String(out.get("tables/posthoc_summary.csv"), StandardCharsets.UTF_8).lines().toList().get(1));
    }

    private static GroupStat find(List<GroupStat> l, String stack, String endpoint, String metric) {
        return l.stream().filter(g -> g.stack().equals(stack) && g.endpoint().equals(endpoint) && g.metric().equals(metric))
                .findFirst().orElseThrow();
    }

    private static Weighted weighted(String mix, String stack) {
        return d.weighted().stream().filter(w -> w.mix().equals(mix) && w.stack().equals(stack)).findFirst().orElseThrow();
    }

}
