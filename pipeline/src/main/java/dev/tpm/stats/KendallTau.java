package dev.tpm.stats;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Kendall's tau-b with scipy.stats.kendalltau's default p-value (variant 'b', method 'auto'):
 * the exact null distribution when neither variable has ties and n &lt;= 33 or min(dis, tot - dis)
 * &lt;= 1 (Kendall 1970, Rank Correlation Methods, 4th ed.), otherwise the normal approximation with
 * the tie-corrected variance of con - dis (Kendall 1970, eq. 4.4). Mirrors scipy 1.17.
 */
public final class KendallTau {
    /** scipy switches from the exact p-value to the normal approximation above this n (method 'auto'). */
    public static final int EXACT_MAX_N = 33;
    /** n! is finite in a double up to 170!; scipy switches the recursion's scaling there. */
    private static final int FACTORIAL_DOUBLE_LIMIT = 171;

    /** @param exact whether p is the exact permutation probability */
    public record Result(double tau, double p, boolean exact) {}

    private KendallTau() {}

    public static Result test(double[] x, double[] y) {
        int n = x.length;
        if (n != y.length) throw new IllegalArgumentException("Kendall's tau needs paired samples, got " + n + " and " + y.length);
        if (n < 2) return new Result(Double.NaN, Double.NaN, false);
        long tot = (long) n * (n - 1) / 2;
        long dis = 0;
        long jointTies = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double dx = Math.signum(x[i] - x[j]);
                double dy = Math.signum(y[i] - y[j]);
                if (dx * dy < 0) dis++;
                else if (dx == 0 && dy == 0) jointTies++;
            }
        }
        long[] tx = tieSums(x);
        long[] ty = tieSums(y);
        long xtie = tx[0];
        long ytie = ty[0];
        if (xtie == tot || ytie == tot) return new Result(Double.NaN, Double.NaN, false);
        // tot = con + dis + (xtie - ntie) + (ytie - ntie) + ntie
        double conMinusDis = tot - xtie - ytie + jointTies - 2 * dis;
        double tau = conMinusDis / Math.sqrt(tot - xtie) / Math.sqrt(tot - ytie);
        tau = Math.min(1.0, Math.max(-1.0, tau));
        boolean exact = xtie == 0 && ytie == 0 && (n <= EXACT_MAX_N || Math.min(dis, tot - dis) <= 1);
        if (exact) return new Result(tau, exactP(n, tot - dis), true);
        double m = n * (n - 1.0);
        double var = (m * (2.0 * n + 5) - tx[2] - ty[2]) / 18
                + (2.0 * xtie * ytie) / m
                + (double) tx[1] * ty[1] / (9 * m * (n - 2));
        double z = conMinusDis / Math.sqrt(var);
        return new Result(tau, Math.min(1.0, 2 * Distributions.normalSf(Math.abs(z))), false);
    }

    /** For the groups of tied values of sizes t: sum t(t-1)/2, sum t(t-1)(t-2), sum t(t-1)(2t+5). */
    private static long[] tieSums(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        long pairs = 0;
        long t0 = 0;
        long t1 = 0;
        int i = 0;
        while (i < s.length) {
            int j = i;
            while (j + 1 < s.length && s[j + 1] == s[i]) j++;
            long t = j - i + 1;
            if (t > 1) {
                pairs += t * (t - 1) / 2;
                t0 += t * (t - 1) * (t - 2);
                t1 += t * (t - 1) * (2 * t + 5);
            }
            i = j + 1;
        }
        return new long[] {pairs, t0, t1};
    }

    /**
     * Two-sided exact p-value of c concordant pairs among n untied observations: twice the lower
     * tail of the number of inversions (Mahonian numbers by the recursion of Kendall 1970, ch. 5),
     * as scipy.stats._mstats_basic._kendall_p_exact computes it.
     */
    static double exactP(int n, long concordant) {
        long tot = (long) n * (n - 1) / 2;
        int c = (int) Math.min(concordant, tot - concordant);
        double prob;
        if (n <= 2) {
            prob = 1.0;
        } else if (c == 0) {
            prob = n < FACTORIAL_DOUBLE_LIMIT ? 2.0 / factorial(n) : 0.0;
        } else if (c == 1) {
            prob = n < FACTORIAL_DOUBLE_LIMIT + 1 ? 2.0 / factorial(n - 1) : 0.0;
        } else if (4L * c == (long) n * (n - 1)) {
            prob = 1.0;
        } else {
            // new[i] = number of permutations of j elements with i inversions, i <= c
            double[] counts = new double[c + 1];
            counts[0] = 1.0;
            counts[1] = 1.0;
            boolean scaled = n >= FACTORIAL_DOUBLE_LIMIT;
            for (int j = 3; j <= n; j++) {
                for (int i = 1; i <= c; i++) counts[i] += counts[i - 1];
                if (scaled) for (int i = 0; i <= c; i++) counts[i] /= j;
                if (j <= c) {
                    double[] before = counts.clone();
                    for (int i = j; i <= c; i++) counts[i] -= before[i - j];
                }
            }
            double sum = 0;
            for (double v : counts) sum += v;
            prob = scaled ? sum : 2.0 * sum / factorial(n);
        }
        return Math.min(1.0, Math.max(0.0, prob));
    }

    /** n! rounded once to a double, as Python's float(math.factorial(n)). */
    private static double factorial(int n) {
        BigInteger f = BigInteger.ONE;
        for (int i = 2; i <= n; i++) f = f.multiply(BigInteger.valueOf(i));
        return f.doubleValue();
    }
}
