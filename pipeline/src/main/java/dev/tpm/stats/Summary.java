package dev.tpm.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.StatUtils;

/**
 * Descriptive statistics of one group (analysis.md 2): quartiles are type-7 quantiles, sd uses
 * n - 1 (numpy.std(ddof=1)) and is NaN for a single value.
 */
public record Summary(int n, double median, double mean, double sd, double q1, double q3, double min, double max) {

    public static Summary of(double[] values) {
        if (values.length == 0) throw new IllegalArgumentException("summary of an empty sample");
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double[] q = Quantiles.type7(sorted, 0.25, 0.75);
        // StatUtils.variance is the bias-corrected (n - 1) variance, but 0 rather than undefined at n = 1
        double sd = sorted.length < 2 ? Double.NaN : Math.sqrt(StatUtils.variance(sorted));
        return new Summary(sorted.length, Quantiles.medianOfSorted(sorted), StatUtils.mean(sorted), sd,
                q[0], q[1], sorted[0], sorted[sorted.length - 1]);
    }
}
