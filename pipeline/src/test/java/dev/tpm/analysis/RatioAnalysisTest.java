package dev.tpm.analysis;

import dev.tpm.results.Metric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Ratio;
import dev.tpm.results.Weighted;
import dev.tpm.stats.Bootstrap;
import dev.tpm.stats.Mt19937;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** ratios.csv (analysis.md 4) on {@link SmallStudy} (synthetic), and the ratio interval's properties. */
class RatioAnalysisTest {
    private static DeviceResults d;

    @BeforeAll
    static void analyse() {
        d = new Analysis(2).analyze(SmallStudy.build(400).build(), AnalysisTest.VERIFIED).devices().get(0);
    }

    @Test
    void rowsComeInKeyOrderPooledAndSweepFirstThenMixesByCodePoint() {
        List<String> keys = new ArrayList<>();
        for (Ratio x : d.ratios()) {
            String k = x.mix() + "/" + x.metric();
            if (keys.isEmpty() || !keys.get(keys.size() - 1).equals(k)) keys.add(k);
        }
        List<String> expected = new ArrayList<>(List.of("/idle_rss_mib", "/startup_ms", "/sweep_peak_rps"));
        for (String mix : List.of("a_writes", "illustrative", "read_heavy")) {
            for (Metric m : Metric.withRole(Metric.Role.WEIGHTED)) {
                if (!d.ratios(mix, m.id()).isEmpty()) expected.add(mix + "/" + m.id());
            }
        }
        assertEquals(expected, keys);
        // w_energy_mj: node lacks delete_item energy, so only a mix without delete_item weight gives it rows
        assertTrue(d.ratios("illustrative", Metric.W_ENERGY_MJ.id()).stream().noneMatch(x -> x.stack().equals("node")));
    }

    @Test
    void theWeightedRatioIsWeightedCsvsRatioToBestAndTheBestsRowHasNoInterval() {
        for (Ratio x : d.ratios("illustrative", Metric.W_RPS_PER_MIB.id())) {
            Weighted w = d.weighted().stream().filter(y -> y.mix().equals("illustrative") && y.stack().equals(x.stack()))
                    .findFirst().orElseThrow();
            assertEquals("rust", x.best());
            assertEquals(w.ratioToBest(), x.ratio(), 1e-12, x.stack());
            assertEquals(w.wRpsPerMib().value(), x.value(), 0, x.stack());
            if (x.isBest()) {
                assertEquals(1.0, x.ratio());
                assertTrue(Double.isNaN(x.ratioLo()) && Double.isNaN(x.ratioHi()));
                assertEquals(Boolean.TRUE, x.tied());
            } else {
                assertTrue(x.ratioLo() <= x.ratio() && x.ratio() <= x.ratioHi(), x.toString());
                assertEquals(x.ratioLo() <= 1, x.tied());
            }
        }
    }

    @Test
    void lowerIsBetterMetricsDivideTheStackByTheBest() {
        // peak RSS: rust 8 MiB everywhere; node 60 MiB everywhere: node / rust = 7.5
        Ratio node = d.ratios("illustrative", Metric.W_PEAK_MIB.id()).stream().filter(x -> x.stack().equals("node")).findFirst().orElseThrow();
        assertEquals("rust", node.best());
        assertEquals(7.5, node.ratio(), 1e-12);
        // every replicate of two constant groups is the same ratio: the interval is the point
        assertEquals(7.5, node.ratioLo(), 1e-12);
        assertEquals(7.5, node.ratioHi(), 1e-12);
        assertEquals(Boolean.FALSE, node.tied());
    }

    @Test
    void sweepPeakComparesEachStacksGroupAtItsOwnPeakConcurrency() {
        // rust peaks at 120 (median 2150), go at 60 (median 2000): 2150 / 2000
        List<Ratio> rows = d.ratios("", Metric.SWEEP_PEAK_RPS.id());
        assertEquals(List.of("rust", "go"), rows.stream().map(Ratio::stack).toList());
        assertEquals(2150.0 / 2000.0, rows.get(1).ratio(), 1e-12);
        assertEquals("rust", rows.get(1).best());
    }

    @Test
    void equalMediansAreTiedWhenTheIntervalReachesOne() {
        // startup: rust 5, 6, 7 ms and go 6, 6, 6 ms: both medians 6; rust is first in stack order
        List<Ratio> rows = d.ratios("", Metric.POOLED_STARTUP_MS.id());
        Ratio go = rows.stream().filter(x -> x.stack().equals("go")).findFirst().orElseThrow();
        assertEquals("rust", go.best());
        assertEquals(1.0, go.ratio(), 1e-12);
        assertEquals(Boolean.TRUE, go.tied());
    }

    @Test
    void aValueWithoutReplicatesHasARatioButNoIntervalAndNoTie() {
        List<Ratio> rows = RatioAnalysis.of("d", "", Metric.POOLED_IDLE_RSS_MIB, List.of(
                new RatioAnalysis.Candidate("a", 10, new double[] {9, 10, 11}),
                new RatioAnalysis.Candidate("b", 5, null),
                new RatioAnalysis.Candidate("c", Double.NaN, null)), r -> Bootstrap.percentileInterval(r, 0.95));
        assertEquals(2, rows.size());
        assertEquals("b", rows.get(0).best());
        assertEquals(2.0, rows.get(0).ratio());
        assertTrue(Double.isNaN(rows.get(0).ratioLo()));
        assertNull(rows.get(0).tied());
    }

    /**
     * The percentile interval of ratio_b contains the point ratio. This holds for medians of odd
     * samples: each bootstrap median is at most the sample median with probability above 1/2 (and
     * at least it likewise), so ratio_b lies on either side of the point ratio with probability
     * above 1/4 each, far beyond the 2.5 % tails; for even n or other statistics it need not.
     */
    @Property(tries = 200)
    boolean aRatioIntervalContainsThePointRatio(@ForAll @Size(min = 1, max = 12) List<@DoubleRange(min = 1, max = 1000) Double> a,
            @ForAll @Size(min = 1, max = 12) List<@DoubleRange(min = 1, max = 1000) Double> b,
            @ForAll @IntRange(min = 0, max = 1000) int seed, @ForAll boolean higherIsBetter) {
        double[] x = odd(a);
        double[] y = odd(b);
        double[] rx = Bootstrap.medianReplicates(x, 2000, new Mt19937(seed));
        double[] ry = Bootstrap.medianReplicates(y, 2000, new Mt19937(seed + 7919L));
        Metric metric = higherIsBetter ? Metric.W_RPS : Metric.W_PEAK_MIB;
        List<Ratio> rows = RatioAnalysis.of("d", "m", metric, List.of(
                new RatioAnalysis.Candidate("x", dev.tpm.stats.Quantiles.median(x), rx),
                new RatioAnalysis.Candidate("y", dev.tpm.stats.Quantiles.median(y), ry)), r -> Bootstrap.percentileInterval(r, 0.95));
        Ratio other = rows.stream().filter(r -> !r.isBest()).findFirst().orElseThrow();
        return other.ratio() >= 1 && other.ratioLo() <= other.ratio() * (1 + 1e-12) && other.ratio() <= other.ratioHi() * (1 + 1e-12)
                && other.tied() == (other.ratioLo() <= 1);
    }

    private static double[] odd(List<Double> v) {
        List<Double> l = v.size() % 2 == 1 ? v : v.subList(0, v.size() - 1);
        return l.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
