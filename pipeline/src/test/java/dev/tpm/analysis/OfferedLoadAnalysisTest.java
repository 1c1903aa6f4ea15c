package dev.tpm.analysis;

import dev.tpm.model.RunStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.codec.Seeds;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.RunColumns;
import dev.tpm.results.Capacity;
import dev.tpm.results.OfferedLoad;
import dev.tpm.stats.Bootstrap;
import dev.tpm.stats.Interval;
import dev.tpm.stats.Mt19937;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * analysis.md 10 on SYNTHETIC phase-4 runs built here (nothing measured): the groups, the kept-up
 * and target rules, the capacity rule and the bootstrap CI of the median p99.
 */
class OfferedLoadAnalysisTest {
    private static final String DEV = "synthetic-dev";
    private static final AnalysisConfig CFG = AnalysisConfig.defaults().with(b -> b.latencySloMs(50).keptUpRatio(0.95));
    private static final int B = 2000;

    private long seq = 1;

    /** A measured-looking phase-4 run (status ok, no errors); p90 = 1.5 x p50, p99.9 = 2 x p99. */
    private OfferedLoadAnalysis.Run run(String stack, double offered, double rps, double p50, double p99, double peakKib) {
        return run(stack, offered, rps, p50, p99, peakKib, false, RunStatus.OK, 0);
    }

    private OfferedLoadAnalysis.Run run(String stack, double offered, double rps, double p50, double p99, double peakKib,
            boolean warmup, RunStatus status, double errors) {
        RunRow row = new RunRow("c1", DEV, 4, seq++, stack, "get_item", 30, warmup, status, "0x0", rps * 10, errors, rps,
                p50, p99, Double.NaN, Double.NaN, peakKib, Double.NaN, Double.NaN, "paper", 10, p50 * 1.5, Double.NaN,
                Double.NaN, 1.0, Double.NaN, Double.NaN, Double.NaN);
        return new OfferedLoadAnalysis.Run(row, offered, p99 * 2);
    }

    /** n runs at one rate whose p99 are the given values, rps = offered, peak 10240 KiB (10 MiB). */
    private List<OfferedLoadAnalysis.Run> rate(String stack, double offered, double... p99) {
        List<OfferedLoadAnalysis.Run> out = new ArrayList<>();
        for (double p : p99) out.add(run(stack, offered, offered, p / 4, p, 10_240));
        return out;
    }

    private record Out(List<OfferedLoad> points, List<Capacity> capacity) {}

    private static Out analyse(List<OfferedLoadAnalysis.Run> runs, AnalysisConfig cfg) {
        BootstrapPlan plan = new BootstrapPlan(cfg.rngSeed(), B, cfg.confidence());
        OfferedLoadAnalysis a = OfferedLoadAnalysis.plan(DEV, cfg, Comparator.naturalOrder(), runs, plan);
        plan.run(1, null);
        List<OfferedLoad> points = a.points(plan);
        return new Out(points, a.capacity(points));
    }

    @SafeVarargs
    private static List<OfferedLoadAnalysis.Run> all(List<OfferedLoadAnalysis.Run>... parts) {
        List<OfferedLoadAnalysis.Run> out = new ArrayList<>();
        for (var p : parts) out.addAll(p);
        return out;
    }

    @Test
    void whenTheSmallestRateFailsTheCapacityIsEmpty() {
        Out o = analyse(all(rate("a", 100, 60, 61, 62), rate("a", 200, 70, 71, 72)), CFG);
        Capacity c = o.capacity().get(0);
        assertTrue(Double.isNaN(c.capacityRps()));
        assertEquals(100, c.firstFailingRps());
        assertTrue(Double.isNaN(c.capacityPeakMib()));
        assertTrue(Double.isNaN(c.capacityPerMib()));
        assertEquals(50, c.sloMs());
        assertEquals("p99 61.0 ms", c.firstFailingReason());
        assertEquals(null, c.censored()); // no capacity: capacity_censored empty
        assertTrue(c.stable());
        assertEquals("", c.note());
    }

    @Test
    void aFailingRateBelowAMeetingOneMakesTheGroupUnstable() {
        // version 5: 400 meets the target above 200, which misses it; version 4 printed a capacity of 100
        Out o = analyse(all(rate("a", 400, 5, 6, 7), rate("a", 100, 1, 2, 3), rate("a", 200, 49, 51, 52),
                rate("a", 800, 60, 60, 60)), CFG);
        assertEquals(List.of(100.0, 200.0, 400.0, 800.0), o.points().stream().map(OfferedLoad::offeredRps).toList());
        assertEquals(List.of(true, false, true, false), o.points().stream().map(OfferedLoad::meetsTarget).toList());
        Capacity c = o.capacity().get(0);
        assertFalse(c.stable());
        assertEquals("unstable: misses 200, meets 400", c.note());
        for (double v : new double[] {c.capacityRps(), c.firstFailingRps(), c.capacityPeakMib(), c.capacityPerMib()}) {
            assertTrue(Double.isNaN(v));
        }
        assertEquals(null, c.censored());
        // the smallest rate missing and a larger one meeting: unstable too, the highest meeting rate named
        Capacity low = analyse(all(rate("b", 100, 60, 61, 62), rate("b", 200, 10, 11, 12), rate("b", 300, 10, 11, 12)), CFG)
                .capacity().get(0);
        assertEquals("unstable: misses 100, meets 300", low.note());
    }

    @Test
    void aStableGroupWithAFailingRateIsBracketed() {
        Out o = analyse(all(rate("a", 400, 55, 56, 57), rate("a", 100, 1, 2, 3), rate("a", 200, 49, 51, 52)), CFG);
        Capacity c = o.capacity().get(0);
        assertTrue(c.stable());
        assertEquals("", c.note());
        assertEquals(100, c.capacityRps());
        assertEquals(200, c.firstFailingRps());
        assertEquals(10, c.capacityPeakMib());
        assertEquals(10, c.capacityPerMib());
        assertEquals(Boolean.FALSE, c.censored()); // a rate failed: the capacity is bracketed
    }

    @Test
    void everyRateMeetingTheTargetLeavesFirstFailingEmpty() {
        Out o = analyse(all(rate("a", 100, 1, 2, 3), rate("a", 200, 50, 50, 50)), CFG);
        Capacity c = o.capacity().get(0);
        assertEquals(200, c.capacityRps()); // a median p99 equal to the target meets it
        assertTrue(Double.isNaN(c.firstFailingRps()));
        assertEquals("", c.firstFailingReason());
        assertEquals(Boolean.TRUE, c.censored()); // only a lower bound: printed as "≥ 200"
        assertEquals("\u2265 200", dev.tpm.tables.CapacityTable.capacity(c, dev.tpm.results.Quantity.RPS, c.capacityRps()));
        assertEquals("\u2265 20.00", dev.tpm.tables.CapacityTable.capacity(c, dev.tpm.results.Quantity.RPS_PER_MIB,
                c.capacityPerMib()));
    }

    @Test
    void keptUpIsTheMedianAchievedRateAgainstTheRatio() {
        assertTrue(OfferedLoadAnalysis.keptUp(950, 1000, 0.95));
        assertFalse(OfferedLoadAnalysis.keptUp(949.99, 1000, 0.95));
        assertFalse(OfferedLoadAnalysis.keptUp(Double.NaN, 1000, 0.95));
        assertFalse(OfferedLoadAnalysis.meetsTarget(false, 1, 50));
        assertFalse(OfferedLoadAnalysis.meetsTarget(true, Double.NaN, 50));
        // the median of 940, 960, 990 is 960 >= 950: kept up, although one run fell behind
        List<OfferedLoadAnalysis.Run> runs = new ArrayList<>();
        for (double rps : new double[] {940, 960, 990}) runs.add(run("a", 1000, rps, 1, 5, 10_240));
        // at 2000 the median achieved 1800 < 1900: did not keep up, whatever its latency
        for (double rps : new double[] {1800, 1700, 1850}) runs.add(run("a", 2000, rps, 1, 5, 10_240));
        Out o = analyse(runs, CFG);
        assertEquals(List.of(true, false), o.points().stream().map(OfferedLoad::keptUp).toList());
        assertEquals(960, o.points().get(0).rps());
        assertEquals(1000, o.capacity().get(0).capacityRps());
        assertEquals(2000, o.capacity().get(0).firstFailingRps());
        assertEquals("did not keep up (1800 req/s achieved)", o.capacity().get(0).firstFailingReason());
        // a stricter ratio turns 1000 into a failure as well
        Out strict = analyse(runs, CFG.with(b -> b.latencySloMs(50).keptUpRatio(0.97)));
        assertFalse(strict.points().get(0).keptUp());
        assertEquals(1000, strict.capacity().get(0).firstFailingRps());
    }

    /** A run at an offered rate with steal_s (10 s on 2 cores: share = steal_s / 20). */
    private OfferedLoadAnalysis.Run stolen(String stack, double offered, double p99, double stealS) {
        RunRow row = new RunRow("c1", DEV, 4, seq++, stack, "get_item", 30, false, RunStatus.OK, "0x0", offered * 10, 0,
                offered, p99 / 4, p99, Double.NaN, Double.NaN, 10_240, Double.NaN, Double.NaN, "paper", 10, p99 / 4 * 1.5,
                Double.NaN, Double.NaN, 1.0, Double.NaN, stealS, RunRow.stealShare(stealS, 10, 2));
        return new OfferedLoadAnalysis.Run(row, offered, p99 * 2);
    }

    /** A run of {@link #rate} with prior_load_s (version 6; NaN = absent). */
    private OfferedLoadAnalysis.Run withPrior(OfferedLoadAnalysis.Run r, double priorLoadS) {
        return new OfferedLoadAnalysis.Run(r.row(), r.offeredRps(), r.latP999Ms(), priorLoadS);
    }

    /** analysis.md 10, version 6: warm over every measured run of the group's rates; excluded runs do not count. */
    @Test
    void warmIsTrueFalseOrMixedOverTheMeasuredRunsOfEveryRate() {
        List<OfferedLoadAnalysis.Run> runs = new ArrayList<>();
        for (OfferedLoadAnalysis.Run r : all(rate("cold", 100, 1, 2, 3), rate("cold", 200, 1, 2, 3))) {
            runs.add(withPrior(r, runs.size() % 2 == 0 ? Double.NaN : 0)); // absent and 0 both read cold
        }
        for (OfferedLoadAnalysis.Run r : all(rate("warm", 100, 1, 2, 3), rate("warm", 200, 1, 2, 3))) runs.add(withPrior(r, 30));
        List<OfferedLoadAnalysis.Run> mixed = all(rate("mixed", 100, 1, 2, 3), rate("mixed", 200, 1, 2, 3));
        for (int i = 0; i < mixed.size(); i++) runs.add(withPrior(mixed.get(i), i < 3 ? 30 : 0));
        // a failed cold run of the warm group is not measured, so it does not make the group mixed
        runs.add(withPrior(run("warm", 200, 200, 1, 2, 10_240, false, RunStatus.FAILED, 0), 0));
        Out o = analyse(runs, CFG);
        assertEquals(List.of("cold", "mixed", "warm"), o.capacity().stream().map(Capacity::stack).toList());
        assertEquals(List.of(Capacity.Warm.COLD, Capacity.Warm.MIXED, Capacity.Warm.WARM),
                o.capacity().stream().map(Capacity::warm).toList());
        assertEquals(List.of("false", "mixed", "true"), o.capacity().stream().map(c -> c.warm().csv()).toList());
        assertTrue(o.capacity().get(0).cold());
        assertEquals(" (cold)", dev.tpm.tables.CapacityTable.warmthText(o.capacity().get(0)));
        assertEquals("", dev.tpm.tables.CapacityTable.warmthText(o.capacity().get(2)));
    }

    @Test
    void aRateWithoutMeasuredRunsBelowTheFirstMissLeavesTheCapacityUnknownAndWarmupsNeverCount() {
        List<OfferedLoadAnalysis.Run> runs = all(rate("a", 100, 1, 2, 3), rate("a", 400, 1, 2, 3));
        // every run at 200 has 2% errors: excluded (error_rate), so 200 has no row and is unmeasured
        for (int i = 0; i < 3; i++) runs.add(run("a", 200, 200, 1, 2, 10_240, false, RunStatus.OK, 40));
        runs.add(run("a", 200, 200, 1, 2, 10_240, false, RunStatus.FAILED, 0));
        // a warm-up with a p99 far above the target changes nothing
        runs.add(run("a", 100, 100, 1, 900, 10_240, true, RunStatus.OK, 0));
        // a warm-up alone at a rate does not make it a rate of the group
        runs.add(run("a", 50, 50, 1, 900, 10_240, true, RunStatus.OK, 0));
        Out o = analyse(runs, CFG);
        assertEquals(List.of(100.0, 400.0), o.points().stream().map(OfferedLoad::offeredRps).toList());
        assertEquals(3, o.points().get(0).n());
        assertEquals(2, o.points().get(0).latP99Ms().value());
        Capacity c = o.capacity().get(0);
        assertTrue(c.stable());
        assertEquals("unmeasured: 200", c.note()); // version 4 read 200 as failing and printed 100
        assertTrue(Double.isNaN(c.capacityRps()) && Double.isNaN(c.firstFailingRps()));
        assertEquals(null, c.censored());
    }

    @Test
    void aRateThatGoesMissingBecauseOfStealIsUnmeasuredNotFailing() {
        // the pilot v4's pattern: 9,401 missed at 15 % steal, 18,802 met at low steal; with the steal rule
        // (default max_steal_share 0.05) the missing run leaves the rate unmeasured, below a measured one
        List<OfferedLoadAnalysis.Run> runs = new ArrayList<>(rate("r", 4700, 3, 3, 3));
        runs.add(stolen("r", 9401, 80, 3.0)); // share 0.15: excluded for steal
        runs.add(stolen("r", 18802, 20, 0.1)); // share 0.005: measured, meets
        Out o = analyse(runs, CFG);
        Capacity c = o.capacity().get(0);
        assertTrue(c.stable());
        assertEquals("unmeasured: 9401", c.note());
        // without the rule the same runs show an unstable curve: a miss below a meet
        Capacity off = analyse(runs, CFG.with(b -> b.minUnitsCi(3).maxStealShare(null))).capacity().get(0);
        assertFalse(off.stable());
        assertEquals("unstable: misses 9401, meets 18802", off.note());
    }

    @Test
    void anUnmeasuredRateAboveTheFirstMissOrAtTheTopChangesNothing() {
        List<OfferedLoadAnalysis.Run> runs = all(rate("a", 100, 1, 2, 3), rate("a", 200, 60, 60, 60));
        for (int i = 0; i < 3; i++) runs.add(run("a", 400, 400, 1, 2, 10_240, false, RunStatus.FAILED, 0));
        Capacity c = analyse(runs, CFG).capacity().get(0);
        assertEquals(100, c.capacityRps());
        assertEquals(200, c.firstFailingRps());
        assertEquals("", c.note());
        // none misses, and the unmeasured rate is the largest: the measured rates give a lower bound
        List<OfferedLoadAnalysis.Run> top = all(rate("b", 100, 1, 2, 3), rate("b", 200, 4, 5, 6));
        for (int i = 0; i < 3; i++) top.add(run("b", 400, 400, 1, 2, 10_240, false, RunStatus.FAILED, 0));
        Capacity t = analyse(top, CFG).capacity().get(0);
        assertEquals(200, t.capacityRps());
        assertEquals(Boolean.TRUE, t.censored());
        assertEquals("", t.note());
    }

    @Test
    void mediansOfEveryColumnAndTheCiOfTheMedianP99FromMinNRunsOn() {
        double[] p99 = {12, 15, 11, 19, 14, 13};
        List<OfferedLoadAnalysis.Run> runs = all(rate("a", 500, p99), rate("a", 1000, 20, 21, 22, 23), rate("b", 500, 5, 6));
        Out o = analyse(runs, CFG);
        OfferedLoad big = o.points().get(0);
        assertEquals("a", big.stack());
        assertEquals(6, big.n());
        assertEquals(13.5, big.latP99Ms().value());
        assertEquals(13.5 / 4, big.latP50Ms());
        assertEquals(13.5 / 4 * 1.5, big.latP90Ms(), 1e-12);
        assertEquals(27, big.latP999Ms());
        assertEquals(10, big.peakRssMib());
        assertEquals(500, big.rps());
        // the CI: section 2's percentile bootstrap, its stream keyed by the phase-4 group (rate included)
        Interval expected = Bootstrap.percentileInterval(Bootstrap.medianReplicates(p99, B,
                new Mt19937(Seeds.derive(CFG.rngSeed(), "offered_load", DEV, "a", "get_item", "500", "lat_p99_ms"))), 0.95);
        assertEquals(expected.lo(), big.latP99Ms().lo());
        assertEquals(expected.hi(), big.latP99Ms().hi());
        assertTrue(big.latP99Ms().lo() >= 11 && big.latP99Ms().hi() <= 19 && big.latP99Ms().lo() < big.latP99Ms().hi());
        // 4 runs (< min_n 5) and 2 runs: medians only, empty CIs
        for (OfferedLoad small : o.points().subList(1, 3)) {
            assertTrue(small.n() < CFG.minN());
            assertFalse(Double.isNaN(small.latP99Ms().value()));
            assertTrue(Double.isNaN(small.latP99Ms().lo()) && Double.isNaN(small.latP99Ms().hi()), small.toString());
        }
        assertEquals(21.5, o.points().get(1).latP99Ms().value());
        // min_n 4 gives the four-run group its CI
        Out four = analyse(runs, CFG.withMinN(4));
        assertFalse(Double.isNaN(four.points().get(1).latP99Ms().lo()));
        assertEquals(List.of("a", "b"), o.capacity().stream().map(Capacity::stack).toList());
    }
}
