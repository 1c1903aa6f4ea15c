package dev.tpm.figures;

import java.util.Arrays;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * What one box of a box plot draws: type-7 quartiles (analysis.md section 2, the same quantile
 * definition as every table), Tukey's whiskers, and the runs beyond them.
 *
 * @param lowerWhisker smallest value at or above q1 - 1.5 IQR
 * @param upperWhisker largest value at or below q3 + 1.5 IQR
 * @param outliers values beyond the whiskers, ascending
 */
public record BoxStats(int n, double q1, double median, double q3, double lowerWhisker, double upperWhisker,
        double[] outliers) {

    /** Tukey (1977), Exploratory Data Analysis, ch. 2: the inner fences lie 1.5 IQR beyond the quartiles. */
    public static final double TUKEY_FENCE = 1.5;

    /** @param values the runs of one group; NaN (missing) values are left out */
    public static BoxStats of(double[] values) {
        double[] v = Arrays.stream(values).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (v.length == 0) throw new IllegalArgumentException("a box needs at least one value");
        Percentile type7 = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        type7.setData(v);
        double q1 = type7.evaluate(25);
        double median = type7.evaluate(50);
        double q3 = type7.evaluate(75);
        double iqr = q3 - q1;
        double lowFence = q1 - TUKEY_FENCE * iqr;
        double highFence = q3 + TUKEY_FENCE * iqr;
        double lower = Arrays.stream(v).filter(x -> x >= lowFence).min().orElse(q1);
        double upper = Arrays.stream(v).filter(x -> x <= highFence).max().orElse(q3);
        double[] out = Arrays.stream(v).filter(x -> x < lowFence || x > highFence).toArray();
        return new BoxStats(v.length, q1, median, q3, lower, upper, out);
    }
}
