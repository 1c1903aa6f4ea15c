package dev.tpm.stats;

import java.util.Arrays;
import java.util.Comparator;
import java.util.function.IntToDoubleFunction;

/** Weighted aggregates of analysis.md 4. */
public final class WeightedStats {
    /** Tolerance of "cumulative weight reaches 0.5" in the weighted median (analysis.md 4). */
    public static final double CUMULATIVE_TOLERANCE = 1e-12;
    /** The cumulative weight that defines the weighted median. */
    public static final double HALF = 0.5;

    private WeightedStats() {}

    /**
     * sum_e w_e * med_e over the strata with w_e &gt; 0 (a stratum of weight 0 is left out, so its
     * missing median does not make the sum missing); NaN when a weighted stratum's median is NaN.
     */
    public static double weightedSum(double[] medians, double[] weights) {
        if (medians.length != weights.length) throw new IllegalArgumentException("one weight per median");
        double sum = 0;
        for (int e = 0; e < medians.length; e++) {
            if (weights[e] != 0) sum += weights[e] * medians[e];
        }
        return sum;
    }

    /**
     * Weighted median (analysis.md 4): sort ascending (stable), accumulate the weights normalised to
     * sum 1, return the first value whose cumulative weight reaches 0.5 within
     * {@value #CUMULATIVE_TOLERANCE}. NaN when the weights sum to 0.
     */
    public static double weightedMedian(double[] values, double[] weights) {
        if (values.length != weights.length) throw new IllegalArgumentException("one weight per value");
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) order[i] = i;
        Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
        double[] v = new double[values.length];
        double[] w = new double[values.length];
        for (int k = 0; k < order.length; k++) {
            v[k] = values[order[k]];
            w[k] = weights[order[k]];
        }
        double total = 0;
        for (double x : w) total += x;
        return weightedMedianOfSorted(v, w, total);
    }

    /** The weighted median of ascending values with weights summing to total. */
    static double weightedMedianOfSorted(double[] sortedValues, double[] weights, double total) {
        return weightedMedianOfSorted(sortedValues, k -> weights[k], total);
    }

    /**
     * The weighted median of ascending values, value k weighing {@code weight.applyAsDouble(k)}, the
     * weights summing to total; a weight is asked for only up to the median.
     */
    static double weightedMedianOfSorted(double[] sortedValues, IntToDoubleFunction weight, double total) {
        if (!(total > 0)) return Double.NaN;
        double cumulative = 0;
        for (int k = 0; k < sortedValues.length; k++) {
            cumulative += weight.applyAsDouble(k) / total;
            if (cumulative >= HALF - CUMULATIVE_TOLERANCE) return sortedValues[k];
        }
        return sortedValues[sortedValues.length - 1];
    }
}
