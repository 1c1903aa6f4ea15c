package dev.tpm.stats;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Arrays;

/**
 * analysis.md 2 (version 6): the distribution-free probability that an interval [lo, hi] holds
 * the population median of the n values it was computed from. With the sorted values x_(1) &lt;=
 * ... &lt;= x_(n), r = the smallest i with x_(i) &gt;= lo and s = the largest i with x_(i) &lt;= hi,
 * it is sum_{k=r}^{s-1} C(n, k) / 2^n (0 when s &lt;= r): exact when lo and hi are order
 * statistics, a lower bound otherwise. A percentile bootstrap of a median from 7 runs returns
 * [x_(2), x_(6)], which holds the median with probability 0.875.
 *
 * <p>The binomial sum is computed exactly (BigInteger) and rounded once to a double, so the value
 * is the same on every JDK and agrees with an independent implementation to the last digit.
 */
public final class MedianCoverage {
    private MedianCoverage() {}

    /** The coverage of [lo, hi] for these values; NaN when lo or hi is NaN or there are no values. */
    public static double of(double[] values, double lo, double hi) {
        if (Double.isNaN(lo) || Double.isNaN(hi) || values.length == 0) return Double.NaN;
        double[] x = values.clone();
        Arrays.sort(x);
        int n = x.length;
        int r = n + 1; // 1-based: the smallest i with x_(i) >= lo
        for (int i = 1; i <= n; i++) {
            if (x[i - 1] >= lo) {
                r = i;
                break;
            }
        }
        int s = 0; // the largest i with x_(i) <= hi
        for (int i = n; i >= 1; i--) {
            if (x[i - 1] <= hi) {
                s = i;
                break;
            }
        }
        return ofRanks(n, r, s);
    }

    /** sum_{k=r}^{s-1} C(n, k) / 2^n; 0 when s &lt;= r. */
    public static double ofRanks(int n, int r, int s) {
        if (s <= r) return 0;
        BigInteger sum = BigInteger.ZERO;
        BigInteger c = BigInteger.ONE; // C(n, 0)
        for (int k = 0; k < s; k++) {
            if (k >= r) sum = sum.add(c);
            c = c.multiply(BigInteger.valueOf(n - k)).divide(BigInteger.valueOf(k + 1));
        }
        return new BigDecimal(sum).divide(new BigDecimal(BigInteger.ONE.shiftLeft(n)), MathContext.DECIMAL128).doubleValue();
    }
}
