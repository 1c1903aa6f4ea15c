package dev.tpm.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The direct draw of a bootstrap median (analysis.md 2, version 4) against the distribution it
 * replaces: every resample of n indices enumerated for small n, and draws against n-draw resamples.
 */
class MedianDrawTest {
    /** P(J1 = a, J2 = b) over all n^n resamples of indices, counted. */
    private static double[][] enumerated(int n) {
        double[][] p = new double[n][n];
        int[] idx = new int[n];
        int total = (int) Math.pow(n, n);
        int[] counts = new int[n];
        for (int t = 0; t < total; t++) {
            int x = t;
            Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) {
                idx[i] = x % n;
                x /= n;
                counts[idx[i]]++;
            }
            int lowRank = (n - 1) / 2;
            int highRank = n / 2;
            int a = -1;
            int b = -1;
            int seen = 0;
            for (int j = 0; j < n; j++) {
                seen += counts[j];
                if (a < 0 && seen > lowRank) a = j;
                if (b < 0 && seen > highRank) b = j;
            }
            p[a][b] += 1.0 / total;
        }
        return p;
    }

    /** P(J1 = a, J2 = b) as the draw's tables give it. */
    private static double[][] tabled(int n) {
        MedianDraw d = MedianDraw.of(n);
        double[][] p = new double[n][n];
        for (int a = 0; a < n; a++) {
            double pa = d.cdf(a) - (a == 0 ? 0 : d.cdf(a - 1));
            if (n % 2 == 1) {
                p[a][a] = pa;
                continue;
            }
            double s = d.split(a);
            p[a][a] += pa * (1 - s);
            int rest = n - 1 - a;
            int r = n / 2;
            for (int t = 0; t < rest; t++) {
                double least = Math.pow((rest - t) / (double) rest, r) - Math.pow((rest - t - 1) / (double) rest, r);
                p[a][a + 1 + t] += pa * s * least;
            }
        }
        return p;
    }

    @Test
    void theTablesAreTheExactDistributionOfTheMiddleOrderStatistics() {
        for (int n = 1; n <= 8; n++) {
            double[][] e = enumerated(n);
            double[][] t = tabled(n);
            for (int a = 0; a < n; a++) assertArrayEquals(e[a], t[a], 1e-12, "n = " + n + ", lower index " + a);
        }
    }

    @Test
    void theLeastOfTheIndicesAboveIsDrawnByInversion() {
        MedianDraw d = MedianDraw.of(6);
        // the least of 3 indices uniform on {2..5} (a = 1): P(least >= 2 + t) = ((4 - t) / 4)^3
        assertEquals(2, d.leastAbove(1, 0.999999));
        assertEquals(5, d.leastAbove(1, 0.0));
        assertEquals(3, d.leastAbove(1, Math.pow(0.7, 3))); // 1 - w^(1/3) = 0.3 -> floor(4 * 0.3) = 1
    }

    @Test
    void inversionFindsTheLeastIndexWhoseCdfExceedsTheUniform() {
        MedianDraw d = MedianDraw.of(5);
        assertEquals(0, d.lowerIndex(0.0));
        for (int j = 0; j < 4; j++) {
            assertEquals(j + 1, d.lowerIndex(d.cdf(j)), "u = cdf(" + j + ") lies in the next index's mass");
            assertEquals(j, d.lowerIndex(Math.nextDown(d.cdf(j))));
        }
        assertEquals(4, d.lowerIndex(Math.nextDown(1.0)));
    }

    @Test
    void directReplicatesMatchResampledOnesWithinMonteCarloError() {
        // SYNTHETIC sample with ties and an even size: the replicate distributions agree value by value
        double[] x = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8};
        int b = 200_000;
        double[] direct = MedianDraw.replicates(x, b, new Mt19937(1));
        double[] resampled = Bootstrap.medianReplicates(x, b, new Mt19937(2));
        double[] support = Arrays.stream(direct).distinct().sorted().toArray();
        for (double v : support) {
            double p1 = Arrays.stream(direct).filter(r -> r == v).count() / (double) b;
            double p2 = Arrays.stream(resampled).filter(r -> r == v).count() / (double) b;
            double se = Math.sqrt(p1 * (1 - p1) / b + p2 * (1 - p2) / b);
            assertTrue(Math.abs(p1 - p2) < 5 * se + 1e-4, "P(median = " + v + "): " + p1 + " direct, " + p2 + " resampled");
        }
    }

    @Test
    void theSameStreamGivesTheSameReplicatesAndLargeSamplesStayInRange() {
        double[] x = new double[501];
        for (int i = 0; i < x.length; i++) x[i] = Math.sin(i) * 100;
        assertArrayEquals(MedianDraw.replicates(x, 1000, new Mt19937(7)), MedianDraw.replicates(x, 1000, new Mt19937(7)), 0.0);
        double[] sorted = x.clone();
        Arrays.sort(sorted);
        for (double r : MedianDraw.replicates(x, 10_000, new Mt19937(8))) {
            assertTrue(r >= sorted[150] && r <= sorted[350], "a median replicate of 501 values far in a tail: " + r);
        }
        for (int n : new int[] {2, 3, 400, 1000}) assertEquals(1.0, MedianDraw.of(n).cdf(n - 1));
    }

    @Property(tries = 300)
    void guidedSearchFindsWhatTheBinarySearchFinds(@ForAll @IntRange(min = 1, max = 3000) int n,
            @ForAll @IntRange(min = 0, max = 1_000_000) int seed) {
        // random uniforms, and every table value with its neighbours, where the two searches could
        // part: u equal to a cdf value (a run of equal values in the tails) and one ulp either side
        MedianDraw d = MedianDraw.of(n);
        java.util.Random r = new java.util.Random(seed);
        for (int i = 0; i < 200; i++) {
            double u = r.nextDouble();
            assertEquals(bySearch(d, n, u), d.lowerIndex(u), "u = " + u);
        }
        for (int j = 0; j < n - 1; j++) {
            for (double u : new double[] {Math.nextDown(d.cdf(j)), d.cdf(j), Math.nextUp(d.cdf(j))}) {
                if (u < 0 || u >= 1) continue;
                assertEquals(bySearch(d, n, u), d.lowerIndex(u), "n = " + n + ", u = " + u);
            }
        }
        for (int k = 0; k < n; k++) {
            double u = (double) k / n;
            assertEquals(bySearch(d, n, u), d.lowerIndex(u), "n = " + n + ", u = k/n = " + u);
        }
    }

    /** The least j with cdf(j) &gt; u, by bisection over the table: what the guided search must find. */
    private static int bySearch(MedianDraw d, int n, double u) {
        int lo = 0, hi = n - 1; // cdf(n-1) = 1 > u
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (d.cdf(mid) > u) hi = mid;
            else lo = mid + 1;
        }
        return lo;
    }
}
