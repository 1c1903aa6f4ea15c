package dev.tpm.stats;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The geometric mean of positive values and the Student-t interval over their logarithms
 * (analysis.md 11, version 5): with l_i = ln x_i, U values, m = mean(l), s = sd(l) with U - 1 in
 * the denominator and t = scipy.stats.t.ppf(1 - (1 - confidence) / 2, U - 1), the interval is
 * [exp(m - t s / sqrt(U)), exp(m + t s / sqrt(U))] and the geometric mean exp(m). It is the
 * between-unit interval of a summary-measure analysis (Matthews, Altman, Campbell and Royston 1990,
 * "Analysis of serial measurements in medical research", BMJ 300:230): each unit contributes one
 * value, and their spread is the noise the interval allows for. Commons Math fills scipy's
 * t.ppf; its inverse is solved to {@link #QUANTILE_ACCURACY}, well inside the 1e-9 relative
 * agreement analysis.md asks for.
 */
public final class LogTInterval {
    /** Absolute accuracy of the t quantile's root search (Commons Math's default, 1e-9, is too coarse for 1e-9 relative). */
    static final double QUANTILE_ACCURACY = 1e-14;

    /**
     * @param n how many values entered
     * @param gmean exp(mean of ln x); NaN when there is no value or one is &lt;= 0 (or NaN)
     * @param lo the interval's lower end; NaN when gmean is NaN or n &lt; 2
     * @param hi the interval's upper end; NaN likewise
     */
    public record Result(int n, double gmean, double lo, double hi) {
        public boolean hasInterval() {
            return !Double.isNaN(lo);
        }
    }

    private LogTInterval() {}

    /** The geometric mean and t interval of the values at this confidence level (0 &lt; confidence &lt; 1). */
    public static Result of(double[] values, double confidence) {
        if (!(confidence > 0 && confidence < 1)) throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        int n = values.length;
        if (n == 0) return new Result(0, Double.NaN, Double.NaN, Double.NaN);
        double[] l = new double[n];
        for (int i = 0; i < n; i++) {
            if (!(values[i] > 0) || Double.isInfinite(values[i])) return new Result(n, Double.NaN, Double.NaN, Double.NaN);
            l[i] = Math.log(values[i]);
        }
        double m = mean(l);
        double gmean = Math.exp(m);
        if (n < 2) return new Result(n, gmean, Double.NaN, Double.NaN);
        double ss = 0;
        for (double v : l) ss += (v - m) * (v - m);
        double s = Math.sqrt(ss / (n - 1));
        double half = tQuantile(1 - (1 - confidence) / 2, n - 1) * s / Math.sqrt(n);
        return new Result(n, gmean, Math.exp(m - half), Math.exp(m + half));
    }

    /** scipy.stats.t.ppf(p, df). */
    public static double tQuantile(double p, int df) {
        return new TDistribution(null, df, QUANTILE_ACCURACY).inverseCumulativeProbability(p);
    }

    /** The mean, with a second pass that corrects the rounding of the first. */
    private static double mean(double[] x) {
        double sum = 0;
        for (double v : x) sum += v;
        double m = sum / x.length;
        double corr = 0;
        for (double v : x) corr += v - m;
        return m + corr / x.length;
    }
}
