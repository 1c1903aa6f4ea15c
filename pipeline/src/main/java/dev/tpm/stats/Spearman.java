package dev.tpm.stats;

/**
 * Spearman's rank correlation rho with scipy.stats.spearmanr(x, y)'s default p-value (two-sided,
 * nan_policy 'propagate'): rho = Pearson's correlation of the average ranks (midranks, as
 * scipy.stats.rankdata and Commons Math's NaturalRanking with TiesStrategy.AVERAGE give them), and
 * p = 2 P(T_{n-2} &gt;= |t|) with t = rho sqrt((n - 2) / ((rho + 1)(1 - rho))) (Kendall &amp; Stuart,
 * The Advanced Theory of Statistics, vol. 2, 31.19). Edge cases as scipy 1.17 has them: fewer than
 * two pairs, a constant x or y (rho undefined) or a NaN anywhere give rho and p NaN; rho = +-1 gives
 * t infinite and p = 0 when n &gt; 2, and p NaN when n = 2 (no degree of freedom).
 *
 * <p>The correlation of the ranks is computed from the centred ranks (sum of products over the
 * square roots of the sums of squares, in numpy.corrcoef's order of operations) rather than with
 * Commons Math's SpearmansCorrelation, whose PearsonsCorrelation takes r from a regression's
 * R-squared (sqrt of (SST - SSE) / SST), a difference that cancels and so loses the relative
 * accuracy of a rho near 0 (the jqwik test checks the two agree to 1e-7); the ranks are Commons
 * Math's ({@link Ranks#average}).
 */
public final class Spearman {
    /** @param rho Spearman's rho in [-1, 1], NaN where undefined; @param p two-sided p-value */
    public record Result(double rho, double p) {
        public static final Result MISSING = new Result(Double.NaN, Double.NaN);
    }

    private Spearman() {}

    public static Result test(double[] x, double[] y) {
        int n = x.length;
        if (n != y.length) throw new IllegalArgumentException("Spearman's rho needs paired samples, got " + n + " and " + y.length);
        if (n <= 1 || constant(x) || constant(y)) return Result.MISSING;
        for (int i = 0; i < n; i++) {
            if (Double.isNaN(x[i]) || Double.isNaN(y[i])) return Result.MISSING;
        }
        double rho = pearson(Ranks.average(x), Ranks.average(y));
        double dof = n - 2;
        // scipy: t = rs * sqrt((dof / ((rs + 1) (1 - rs))).clip(0)); 0 / 0 (n = 2, rho = +-1) is NaN
        double q = dof / ((rho + 1.0) * (1.0 - rho));
        double t = Double.isNaN(q) ? Double.NaN : rho * Math.sqrt(Math.max(0.0, q));
        if (Double.isNaN(t)) return new Result(rho, Double.NaN);
        return new Result(rho, Distributions.studentTTwoSided(t, dof));
    }

    /**
     * Pearson's r of two samples with no NaN and non-zero spread, clipped to [-1, 1], computed as
     * numpy.corrcoef computes it (a perfect correlation of 5 ranks is 0.9999999999999999 there, and so
     * here: the p-value of a rho one ulp below 1 is tiny but not 0).
     */
    static double pearson(double[] a, double[] b) {
        int n = a.length;
        double ma = 0;
        double mb = 0;
        for (int i = 0; i < n; i++) {
            ma += a[i];
            mb += b[i];
        }
        ma /= n;
        mb /= n;
        double sab = 0;
        double saa = 0;
        double sbb = 0;
        for (int i = 0; i < n; i++) {
            double da = a[i] - ma;
            double db = b[i] - mb;
            sab += da * db;
            saa += da * da;
            sbb += db * db;
        }
        // numpy.corrcoef's order of operations: the covariance matrix over n - 1, its entry (b, a)
        // divided by sd(b) and then by sd(a); so a perfect correlation rounds as it does there
        double cov = sab / (n - 1);
        double r = cov / Math.sqrt(sbb / (n - 1)) / Math.sqrt(saa / (n - 1));
        return Math.max(-1.0, Math.min(1.0, r));
    }

    /** scipy's test: every value equal to the first (exact comparison). */
    private static boolean constant(double[] v) {
        for (double x : v) {
            if (x != v[0]) return false;
        }
        return true;
    }
}
