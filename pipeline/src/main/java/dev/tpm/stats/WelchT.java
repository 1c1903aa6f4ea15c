package dev.tpm.stats;

import org.apache.commons.math3.stat.StatUtils;

/**
 * Welch's unequal-variance t-test, two-sided, with Welch-Satterthwaite degrees of freedom (Welch
 * 1947; scipy.stats.ttest_ind(a, b, equal_var=False)).
 */
public final class WelchT {
    /**
     * @param df NaN when both samples are constant (scipy reports a placeholder 1 there: "it
     *     doesn't matter what df is"); t is then +-inf with p = 0, or NaN when the means are equal
     */
    public record Result(double t, double df, double p) {}

    private WelchT() {}

    public static Result test(double[] a, double[] b) {
        if (a.length < 2 || b.length < 2) throw new IllegalArgumentException("Welch's t-test needs n >= 2 in each sample");
        double na = a.length;
        double nb = b.length;
        double vna = StatUtils.variance(a) / na;
        double vnb = StatUtils.variance(b) / nb;
        double diff = StatUtils.mean(a) - StatUtils.mean(b);
        double df = (vna + vnb) * (vna + vnb) / (vna * vna / (na - 1) + vnb * vnb / (nb - 1));
        double t = diff / Math.sqrt(vna + vnb); // +-inf or NaN when both variances are 0
        double p = Distributions.studentTTwoSided(t, df);
        return new Result(t, df, p);
    }
}
