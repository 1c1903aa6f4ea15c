package dev.tpm.stats;

import org.apache.commons.math3.special.Beta;
import org.apache.commons.math3.special.Erf;
import org.apache.commons.math3.special.Gamma;

/**
 * Upper-tail probabilities computed directly from the regularized incomplete gamma and beta
 * functions and erfc (never as 1 - cdf), so a p-value of 1e-40 keeps its relative accuracy.
 */
public final class Distributions {
    /** sqrt(2), for the normal survival function 0.5 erfc(z / sqrt 2) (Abramowitz & Stegun 26.2.29). */
    private static final double SQRT2 = Math.sqrt(2.0);

    private Distributions() {}

    /**
     * P(X &gt; x) for X ~ chi-square(df) = Q(df/2, x/2), the regularized upper incomplete gamma
     * function (Abramowitz & Stegun 26.4.19; scipy.stats.chi2.sf).
     */
    public static double chiSquareSf(double x, double df) {
        if (Double.isNaN(x) || Double.isNaN(df)) return Double.NaN;
        if (x <= 0) return 1.0;
        if (Double.isInfinite(x)) return 0.0;
        return Gamma.regularizedGammaQ(df / 2.0, x / 2.0);
    }

    /** P(Z &gt; z) for a standard normal Z = erfc(z / sqrt 2) / 2 (A&S 26.2.29; scipy.special.ndtr(-z)). */
    public static double normalSf(double z) {
        if (Double.isNaN(z)) return Double.NaN;
        if (z == Double.POSITIVE_INFINITY) return 0.0;
        if (z == Double.NEGATIVE_INFINITY) return 1.0;
        return 0.5 * Erf.erfc(z / SQRT2);
    }

    /**
     * Two-sided Student-t p-value P(|T| &gt;= |t|) = I_{df/(df+t^2)}(df/2, 1/2), the regularized
     * incomplete beta function (A&S 26.7.1 with 26.5.27; scipy.stats.t.sf(|t|, df) * 2). Commons
     * Math evaluates the continued fraction directly for small x, i.e. in the far tail.
     */
    public static double studentTTwoSided(double t, double df) {
        if (Double.isNaN(t)) return Double.NaN;
        if (Double.isInfinite(t)) return 0.0;
        if (Double.isNaN(df) || df <= 0) return Double.NaN;
        double p = Beta.regularizedBeta(df / (df + t * t), df / 2.0, 0.5);
        return Math.min(1.0, Math.max(0.0, p));
    }
}
