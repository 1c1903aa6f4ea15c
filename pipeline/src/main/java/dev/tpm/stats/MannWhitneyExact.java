package dev.tpm.stats;

import java.util.concurrent.ConcurrentHashMap;

/**
 * The null distribution of the Mann-Whitney U of samples of sizes m and n without ties, computed
 * exactly (not simulated) by the recurrence of Mann &amp; Whitney (1947, eq. 1) on probabilities:
 * with the largest of the m + n pooled values in sample a (probability m / (m + n)) it exceeds all
 * n values of b,
 * <pre>
 *   P_{m,n}(U = k) = m/(m+n) P_{m-1,n}(U = k - n) + n/(m+n) P_{m,n-1}(U = k),   P_{0,n} = P_{m,0} = [k = 0].
 * </pre>
 * Every term is a non-negative product, so nothing cancels and the far tail keeps its digits
 * (P(U = mn) = 1 / C(m+n, m), 1e-29 at 50 x 50), which counts held in long would overflow. The
 * cost is sum_{i &lt;= m, j &lt;= n} ij, about m^2 n^2 / 4 additions (1.6 million at 50 x 50); each
 * (m, n) is computed once and its upper tail cached (U of (m, n) and of (n, m) share a distribution).
 */
final class MannWhitneyExact {
    private static final ConcurrentHashMap<Long, double[]> UPPER_TAILS = new ConcurrentHashMap<>();

    private MannWhitneyExact() {}

    /** P(U &gt;= k) for samples of sizes m and n; 1 for k &lt;= 0, 0 for k &gt; mn. */
    static double upperTail(int m, int n, int k) {
        if (k <= 0) return 1.0;
        if (k > m * n) return 0.0;
        return tails(m, n)[k];
    }

    /**
     * P(U = mn) = 1 / C(m + n, m), as the product of i / (max + i) for i = 1..min(m, n): no table
     * of the distribution, which for samples of hundreds of runs would not fit in memory (the
     * family's min_attainable_p asks for it at any size). Each factor is at most 1/2, so the
     * product falls toward 0 without overflow and keeps about 15 digits (one rounding per factor).
     */
    static double pointProbability(int m, int n) {
        if (m < 0 || n < 0) throw new IllegalArgumentException("sizes must be >= 0, got " + m + " and " + n);
        int small = Math.min(m, n);
        int large = Math.max(m, n);
        double p = 1.0;
        for (int i = 1; i <= small; i++) p *= (double) i / (large + i);
        return p;
    }

    private static double[] tails(int m, int n) {
        int small = Math.min(m, n);
        int large = Math.max(m, n);
        return UPPER_TAILS.computeIfAbsent(((long) small << 32) | large, key -> upperTails(pmf(small, large)));
    }

    /** pmf[k] = P(U = k), k = 0..mn. */
    static double[] pmf(int m, int n) {
        if (m < 0 || n < 0) throw new IllegalArgumentException("sizes must be >= 0, got " + m + " and " + n);
        // prev[j] = P_{i-1,j}, cur[j] = P_{i,j}; row i = 0 is the point mass at 0
        double[][] prev = new double[n + 1][];
        for (int j = 0; j <= n; j++) prev[j] = new double[] {1.0};
        for (int i = 1; i <= m; i++) {
            double[][] cur = new double[n + 1][];
            cur[0] = new double[] {1.0};
            for (int j = 1; j <= n; j++) {
                double[] p = new double[i * j + 1];
                double wa = (double) i / (i + j);
                double wb = (double) j / (i + j);
                double[] fromA = prev[j]; // length (i-1) j + 1, shifted by j
                for (int k = 0; k < fromA.length; k++) p[k + j] += wa * fromA[k];
                double[] fromB = cur[j - 1]; // length i (j-1) + 1
                for (int k = 0; k < fromB.length; k++) p[k] += wb * fromB[k];
                cur[j] = p;
            }
            prev = cur;
        }
        return prev[n];
    }

    /** tail[k] = sum_{t &gt;= k} pmf[t], summed from the far end so that small terms are added first. */
    private static double[] upperTails(double[] pmf) {
        double[] tail = new double[pmf.length];
        double sum = 0;
        for (int k = pmf.length - 1; k >= 0; k--) {
            sum += pmf[k];
            tail[k] = sum;
        }
        return tail;
    }
}
