package dev.tpm.stats;

import org.apache.commons.math3.stat.StatUtils;

/** Effect sizes of a pair of samples, exactly as analysis.md 3 defines them. */
public final class EffectSizes {
    /** Hedges' small-sample factor 1 - 3 / (4(n_a + n_b) - 9) (Hedges 1981, eq. 6b approximation). */
    private static final double HEDGES_NUMERATOR = 3.0;
    private static final double HEDGES_SLOPE = 4.0;
    private static final double HEDGES_OFFSET = 9.0;

    private EffectSizes() {}

    /**
     * Cohen's d = (mean_a - mean_b) / s_pooled, s_pooled^2 = ((n_a-1)s_a^2 + (n_b-1)s_b^2)/(n_a+n_b-2)
     * (Cohen 1988, 2.5); where both samples are constant, 0 if the means are equal and NaN otherwise.
     */
    public static double cohensD(double[] a, double[] b) {
        int na = a.length;
        int nb = b.length;
        if (na + nb < 3) throw new IllegalArgumentException("Cohen's d needs n_a + n_b >= 3");
        double ssa = na > 1 ? (na - 1) * StatUtils.variance(a) : 0;
        double ssb = nb > 1 ? (nb - 1) * StatUtils.variance(b) : 0;
        double pooled = Math.sqrt((ssa + ssb) / (na + nb - 2));
        double diff = StatUtils.mean(a) - StatUtils.mean(b);
        if (pooled == 0) return diff == 0 ? 0.0 : Double.NaN;
        return diff / pooled;
    }

    /** Hedges' g = d (1 - 3 / (4(n_a + n_b) - 9)) (Hedges 1981). */
    public static double hedgesG(double cohensD, int na, int nb) {
        return cohensD * (1 - HEDGES_NUMERATOR / (HEDGES_SLOPE * (na + nb) - HEDGES_OFFSET));
    }

    /**
     * Cliff's delta = (#(a &gt; b) - #(a &lt; b)) / (n_a n_b) over all pairs (Cliff 1993), counted
     * against b sorted: for each value of a, the values of b below it and above it by binary search,
     * O((n_a + n_b) log n_b) instead of n_a n_b comparisons; the counts are the pairs' exactly.
     */
    public static double cliffsDelta(double[] a, double[] b) {
        double[] sorted = b.clone();
        java.util.Arrays.sort(sorted);
        long greater = 0;
        long less = 0;
        for (double x : a) {
            greater += firstNotBelow(sorted, x);
            less += sorted.length - firstAbove(sorted, x);
        }
        return (greater - less) / ((double) a.length * b.length);
    }

    /** The number of values of the ascending array below x (x &gt; y as Java compares doubles). */
    private static int firstNotBelow(double[] sorted, double x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < x) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }

    /** The index of the first value of the ascending array above x. */
    private static int firstAbove(double[] sorted, double x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= x) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }
}
