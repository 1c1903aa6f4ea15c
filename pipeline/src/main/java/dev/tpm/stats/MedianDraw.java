package dev.tpm.stats;

import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.special.Gamma;

/**
 * A bootstrap replicate of the median drawn directly from its exact distribution (analysis.md 2,
 * version 4), instead of from the n draws of its resample.
 *
 * <p>A resample draws n indices uniformly from {0..n-1} of the sorted sample x; its median is x at
 * the middle order statistic of those indices (odd n = 2m-1: the m-th), or the mean of x at the
 * m-th and (m+1)-th (even n = 2m). With N(j) the number of indices at most j, N(j) ~ Binomial(n,
 * (j+1)/n), and the m-th order statistic J1 has P(J1 <= j) = P(N(j) >= m): one uniform variate,
 * inverted through that table, draws J1. For even n the (m+1)-th, J2, equals J1 unless exactly m
 * indices fall at or below J1 = a, which has probability
 * P(N(a-1) < m, N(a) = m) / P(J1 = a) = C(n,m) ((n-1-a)/n)^(n-m) (((a+1)/n)^m - (a/n)^m) / P(J1 = a);
 * then the other n-m indices are uniform on {a+1..n-1} and J2 is the least of them,
 * a + 1 + floor((n-1-a) (1 - W^(1/(n-m)))) for a uniform W. So a replicate costs one to three
 * uniforms and a guided search of a step or two, whatever n is.
 *
 * <p>The tables depend on n alone and are built once per n. In the far tails, where the table's
 * differences lose their digits to rounding (probabilities below about 1e-16), the tie probability
 * is clamped to [0, 1]; such an a is drawn about once in 10^16 replicates.
 */
public final class MedianDraw {
    private static final ConcurrentHashMap<Integer, MedianDraw> BY_SIZE = new ConcurrentHashMap<>();

    private final int n;
    /** cdf[j] = P(J1 <= j); cdf[n-1] = 1. */
    private final double[] cdf;
    /** For even n: split[a] = P(J2 > J1 | J1 = a); null for odd n. */
    private final double[] split;
    /**
     * A guide to {@link #cdf} (Chen and Asau's indexed search; Devroye 1986, III.2.4):
     * guide[k] = the least j with cdf[j] > k / n. A uniform u starts its search at
     * guide[(int) (u n)], one or two steps from where it ends, instead of a binary search.
     */
    private final int[] guide;

    private MedianDraw(int n) {
        this.n = n;
        int m = (n + 1) / 2; // the lower middle order statistic, 1-based
        cdf = new double[n];
        for (int j = 0; j < n - 1; j++) {
            // P(N(j) >= m) = 1 - P(N(j) <= m - 1)
            cdf[j] = 1 - new BinomialDistribution(null, n, (j + 1.0) / n).cumulativeProbability(m - 1);
        }
        cdf[n - 1] = 1;
        for (int j = 1; j < n; j++) cdf[j] = Math.max(cdf[j], cdf[j - 1]); // monotone despite rounding
        guide = new int[n];
        for (int k = 0, j = 0; k < n; k++) {
            double bound = (double) k / n;
            while (cdf[j] <= bound) j++; // cdf[n-1] = 1 > bound
            guide[k] = j;
        }
        if (n % 2 == 1) {
            split = null;
        } else {
            split = new double[n];
            double logChoose = Gamma.logGamma(n + 1.0) - 2 * Gamma.logGamma(m + 1.0);
            for (int a = 0; a < n - 1; a++) {
                double p = a == 0 ? cdf[0] : cdf[a] - cdf[a - 1];
                // log of C(n,m) ((n-1-a)/n)^(n-m) ((a+1)/n)^m (1 - (a/(a+1))^m)
                double log = logChoose + (n - m) * Math.log((n - 1.0 - a) / n) + m * Math.log((a + 1.0) / n)
                        + Math.log1p(-Math.pow(a / (a + 1.0), m));
                double exactlyM = Math.exp(log);
                split[a] = p <= 0 ? 0 : Math.min(1, exactlyM / p);
            }
            split[n - 1] = 0; // nothing lies above the largest index
        }
    }

    /** The draw for samples of n values (n >= 1). */
    public static MedianDraw of(int n) {
        if (n < 1) throw new IllegalArgumentException("bootstrap of an empty sample");
        return BY_SIZE.computeIfAbsent(n, MedianDraw::new);
    }

    /** P(J1 <= j): the distribution of the (lower) middle order statistic's index, for tests. */
    double cdf(int j) {
        return cdf[j];
    }

    /** P(J2 > J1 | J1 = a) for even n, for tests. */
    double split(int a) {
        return split == null ? 0 : split[a];
    }

    /**
     * The index of the lower middle order statistic drawn from u in [0, 1): the least j with
     * cdf[j] &gt; u (inversion). The search starts at the guide's entry for u and walks forward
     * past values at most u, then back while the value before is above u, so it ends at that j
     * whatever rounding did to u n.
     */
    int lowerIndex(double u) {
        int k = (int) (u * n);
        int j = guide[Math.min(k, n - 1)];
        while (cdf[j] <= u) j++; // cdf[n-1] = 1 > u
        while (j > 0 && cdf[j - 1] > u) j--;
        return j;
    }

    /** The least of n/2 indices uniform on {a+1..n-1}, from w in [0, 1), for even n. */
    int leastAbove(int a, double w) {
        int rest = n - 1 - a;
        int above = (int) (rest * (1 - Math.pow(w, 1.0 / (n / 2))));
        return a + 1 + Math.min(above, rest - 1);
    }

    /**
     * One replicate of the median of the sorted sample: one uniform for odd n; for even n a second
     * decides whether the upper middle index lies above the lower, and a third, only then, where.
     */
    public double draw(double[] sorted, RandomGenerator rng) {
        int a = lowerIndex(rng.nextDouble());
        if (split == null) return sorted[a];
        int b = rng.nextDouble() < split[a] ? leastAbove(a, rng.nextDouble()) : a;
        return (sorted[a] + sorted[b]) / 2.0;
    }

    /** B replicates of the median of values (any order), each drawn directly, from one stream. */
    public static double[] replicates(double[] values, int resamples, RandomGenerator rng) {
        double[] sorted = Bootstrap.sortedCopy(values);
        MedianDraw d = of(sorted.length);
        double[] out = new double[resamples];
        for (int b = 0; b < resamples; b++) out[b] = d.draw(sorted, rng);
        return out;
    }
}
