package dev.tpm.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.ranking.NaNStrategy;

/**
 * Sample quantiles by linear interpolation between order statistics: Hyndman & Fan (1996) type 7,
 * numpy.quantile's default and R's quantile(type = 7). Commons Math's Percentile with
 * {@link Percentile.EstimationType#R_7} is exactly this definition (position h = (n-1)q + 1,
 * x[floor h] + (h - floor h)(x[floor h + 1] - x[floor h])), checked against numpy by
 * QuantilesReferenceTest; it rejects q = 0, which is the minimum.
 */
public final class Quantiles {
    private Quantiles() {}

    /** Type-7 quantile q in [0, 1] of values (any order; values is not modified). */
    public static double type7(double[] values, double q) {
        return type7(values, new double[] {q})[0];
    }

    /** Type-7 quantiles of values at each of qs, sorting one copy of values. */
    public static double[] type7(double[] values, double... qs) {
        if (values.length == 0) throw new IllegalArgumentException("quantile of an empty sample");
        Percentile p = new Percentile()
                .withEstimationType(Percentile.EstimationType.R_7)
                .withNaNStrategy(NaNStrategy.FAILED);
        p.setData(values);
        double[] out = new double[qs.length];
        for (int i = 0; i < qs.length; i++) {
            double q = qs[i];
            if (!(q >= 0 && q <= 1)) throw new IllegalArgumentException("quantile level outside [0, 1]: " + q);
            out[i] = q == 0 ? Arrays.stream(values).min().getAsDouble() : p.evaluate(q * 100.0);
        }
        return out;
    }

    /** Median: the middle value, or the mean of the two middle values of an even-sized sample. */
    public static double median(double[] values) {
        if (values.length == 0) throw new IllegalArgumentException("median of an empty sample");
        double[] s = values.clone();
        Arrays.sort(s);
        return medianOfSorted(s);
    }

    /** Median of an ascending array. */
    public static double medianOfSorted(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
}
