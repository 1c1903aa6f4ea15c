package dev.tpm.stats;

import dev.tpm.codec.Seeds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.commons.math3.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class WeightedStatsTest {
    @Test
    void weightedMedianTakesTheFirstValueReachingHalf() {
        assertEquals(3.0, WeightedStats.weightedMedian(new double[] {4, 2, 3, 1}, new double[] {0.4, 0.2, 0.3, 0.1}));
        // cumulative 0.25, 0.5: the value where it reaches exactly 0.5
        assertEquals(2.0, WeightedStats.weightedMedian(new double[] {1, 2, 3, 4}, new double[] {1, 1, 1, 1}));
        // these normalised weights accumulate to 0.49999999999999994 at the 5th value: the 1e-12
        // tolerance takes it (without it the answer would be 6)
        double[] w = {0.35, 0.05, 0.1, 0.15, 0.3, 0.7, 0.1, 0.15};
        assertEquals(5.0, WeightedStats.weightedMedian(new double[] {1, 2, 3, 4, 5, 6, 7, 8}, w));
        assertTrue(Double.isNaN(WeightedStats.weightedMedian(new double[] {1}, new double[] {0})));
    }

    @Test
    void weightedSumSkipsZeroWeights() {
        assertEquals(0.4 * 10 + 0.6 * 20, WeightedStats.weightedSum(new double[] {10, 20, Double.NaN}, new double[] {0.4, 0.6, 0}), 1e-12);
        assertTrue(Double.isNaN(WeightedStats.weightedSum(new double[] {10, Double.NaN}, new double[] {0.5, 0.5})));
    }

    @Test
    void pooledStrataWeighEachRunByStratumWeightOverItsSize() {
        // stratum 0: three runs of weight 0.6/3 = 0.2 each; stratum 1: two runs of 0.4/2 = 0.2 each
        double[][] strata = {{1, 5, 9}, {2, 3}};
        double[] weights = {0.6, 0.4};
        // pooled ascending 1,2,3,5,9 with equal weights 0.2: cumulative reaches 0.5 at 3 (0.6)
        assertEquals(3.0, StratifiedBootstrap.weightedMedian(strata, weights));
        // stratum 1 weighted 0.9: its runs weigh 0.45 each -> cumulative 0.0333, 0.4833, 0.9333 -> 3
        assertEquals(3.0, StratifiedBootstrap.weightedMedian(strata, new double[] {0.1, 0.9}));
        assertEquals(2.0, StratifiedBootstrap.weightedMedian(new double[][] {{1, 5, 9}, {2, 2}}, new double[] {0.1, 0.9}));
    }

    @Property(tries = 100)
    boolean pooledMedianEqualsTheGeneralWeightedMedian(@ForAll @Size(min = 1, max = 8) int[] a, @ForAll @Size(min = 1, max = 8) int[] b,
            @ForAll @IntRange(min = 1, max = 99) int percentA) {
        double[] x = Arrays.stream(a).mapToDouble(v -> v % 10).toArray();
        double[] y = Arrays.stream(b).mapToDouble(v -> v % 10).toArray();
        double wa = percentA / 100.0;
        double wb = 1 - wa;
        double[] values = new double[x.length + y.length];
        double[] weights = new double[values.length];
        for (int i = 0; i < x.length; i++) {
            values[i] = x[i];
            weights[i] = wa / x.length;
        }
        for (int i = 0; i < y.length; i++) {
            values[x.length + i] = y[i];
            weights[x.length + i] = wb / y.length;
        }
        return StratifiedBootstrap.weightedMedian(new double[][] {x, y}, new double[] {wa, wb})
                == WeightedStats.weightedMedian(values, weights);
    }

    @Test
    void strataDrawLikeTheGroupBootstrap() {
        // one stratum of odd size with weight 1: the weighted median of each resample is its median,
        // and the draws are the group bootstrap's draws from the same stream
        double[] x = {3, 8, 1, 9, 4, 4, 7};
        double[] groupReps = Bootstrap.medianReplicates(x, 500, Seeds.stream(1, "s"));
        double[] strataReps = StratifiedBootstrap.weightedMedianReplicates(new double[][] {x}, new double[] {1},
                500, new RandomGenerator[] {Seeds.stream(1, "s")});
        assertArrayEquals(groupReps, strataReps, 0.0);
    }

    @Test
    void weightedSumReplicatesCombineStratumReplicates() {
        double[][] reps = {{1, 2, 3}, {10, 20, 30}, null};
        assertArrayEquals(new double[] {0.5 + 5, 1 + 10, 1.5 + 15},
                StratifiedBootstrap.weightedSumReplicates(reps, new double[] {0.5, 0.5, 0}), 1e-12);
    }
    @Property(tries = 500)
    void pooledMedianOfCountsIsTheWeightedMedianOfTheResample(@ForAll @IntRange(min = 1, max = 5) int strata,
            @ForAll @IntRange(min = 0, max = 1_000_000) int seed) {
        // the pooled median of a resample given as counts, against weightedMedianOfSorted on the
        // same values with each value's weight counts * w_e / n_e written out, bit for bit
        java.util.Random r = new java.util.Random(seed);
        double[][] x = new double[strata][];
        double[] w = new double[strata];
        int[][] counts = new int[strata][];
        for (int e = 0; e < strata; e++) {
            x[e] = new double[1 + r.nextInt(6)];
            for (int i = 0; i < x[e].length; i++) x[e][i] = r.nextInt(8) / 4.0; // ties within and across strata
            w[e] = r.nextInt(4) / 10.0;
            counts[e] = new int[x[e].length];
            for (int i = 0; i < x[e].length; i++) counts[e][r.nextInt(x[e].length)]++;
        }
        StratifiedBootstrap.Pooled pooled = new StratifiedBootstrap.Pooled(x, w);
        double[] weights = new double[pooled.values.length];
        for (int k = 0; k < weights.length; k++) weights[k] = counts[pooled.stratum[k]][pooled.index[k]] * pooled.unitWeight[k];
        double expected = WeightedStats.weightedMedianOfSorted(pooled.values, weights, pooled.total);
        assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(pooled.median(counts)));
    }
}
