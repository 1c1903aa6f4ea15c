package dev.tpm.results;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The one text of a ratio's interval between two groups ({@link GroupReplicates#ratioInterval}):
 * " [lo, hi]" after the ratio, both ends to {@link #DECIMALS} decimals, half away from zero. The
 * study tables' cells and the hello-blog-next readings both write it.
 */
public final class RatioInterval {
    /** Decimals of a ratio (outputs.md: ratios to 2 decimals). */
    public static final int DECIMALS = 2;

    private RatioInterval() {}

    /** " [lo, hi]" of {lo, hi}. */
    public static String bracket(double[] ci) {
        return " [" + end(ci[0]) + ", " + end(ci[1]) + "]";
    }

    private static String end(double x) {
        if (Double.isNaN(x)) return "n/a";
        if (Double.isInfinite(x)) return x > 0 ? "inf" : "-inf";
        BigDecimal d = new BigDecimal(x).setScale(DECIMALS, RoundingMode.HALF_UP);
        return (d.signum() == 0 ? d.abs() : d).toPlainString();
    }
}
