package dev.tpm.stats;

import java.util.Arrays;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Percentile bootstrap (Efron & Tibshirani 1993, ch. 13): B resamples of n draws with replacement,
 * the statistic of each, and the type-7 quantiles (1-confidence)/2 and 1-(1-confidence)/2 of the B
 * values (analysis.md 2).
 *
 * <p>Draws index the ascending-sorted sample ({@code rng.nextInt(n)} n times per resample, resample
 * after resample), so a group's replicates depend only on its multiset of values and its stream,
 * not on the order the runs came in.
 */
public final class Bootstrap {
    /** The statistic of one resample; it may reorder the array it is given. */
    @FunctionalInterface
    public interface Statistic {
        double of(double[] resample);
    }

    private Bootstrap() {}

    /** B replicates of any statistic (one array filled per resample; no boxing). */
    public static double[] replicates(double[] values, int resamples, RandomGenerator rng, Statistic statistic) {
        double[] sorted = sortedCopy(values);
        int n = sorted.length;
        double[] buffer = new double[n];
        double[] out = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            for (int i = 0; i < n; i++) buffer[i] = sorted[rng.nextInt(n)];
            out[b] = statistic.of(buffer);
        }
        return out;
    }

    /**
     * B replicates of the median, drawing exactly as {@link #replicates} does. Since the sample is
     * sorted, counting how often each index is drawn orders the resample without sorting it: O(n)
     * per resample.
     */
    public static double[] medianReplicates(double[] values, int resamples, RandomGenerator rng) {
        double[] sorted = sortedCopy(values);
        int n = sorted.length;
        int[] counts = new int[n];
        double[] out = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            Arrays.fill(counts, 0);
            countDraws(rng, counts);
            out[b] = medianFromCounts(sorted, counts, n);
        }
        return out;
    }

    /**
     * Adds one to {@code counts[rng.nextInt(n)]} n times, n = counts.length: one resample's draws.
     * An {@link Mt19937} makes them in one loop ({@link Mt19937#countDraws}), any other generator
     * call by call; the counts are the same.
     */
    static void countDraws(RandomGenerator rng, int[] counts) {
        if (rng instanceof Mt19937 twister) {
            twister.countDraws(counts);
            return;
        }
        int n = counts.length;
        for (int i = 0; i < n; i++) counts[rng.nextInt(n)]++;
    }

    /** Median of the resample holding counts[i] copies of sorted[i] (total draws n). */
    static double medianFromCounts(double[] sorted, int[] counts, int n) {
        // 0-based ranks of the middle order statistic(s) of the resample
        int lowRank = (n - 1) / 2;
        int highRank = n / 2;
        double low = Double.NaN;
        int seen = 0;
        for (int i = 0; i < sorted.length; i++) {
            seen += counts[i];
            if (Double.isNaN(low) && seen > lowRank) low = sorted[i];
            if (seen > highRank) return lowRank == highRank ? low : (low + sorted[i]) / 2.0;
        }
        throw new IllegalStateException("counts sum to less than n = " + n);
    }

    /** The percentile interval: type-7 quantiles (1-confidence)/2 and 1-(1-confidence)/2 of the replicates. */
    public static Interval percentileInterval(double[] replicates, double confidence) {
        if (!(confidence > 0 && confidence < 1)) throw new IllegalArgumentException("confidence must lie in (0, 1): " + confidence);
        double tail = (1 - confidence) / 2;
        double[] q = Quantiles.type7(replicates, tail, 1 - tail);
        return new Interval(q[0], q[1]);
    }

    static double[] sortedCopyOrEmpty(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        return s;
    }

    static double[] sortedCopy(double[] values) {
        if (values.length == 0) throw new IllegalArgumentException("bootstrap of an empty sample");
        double[] s = values.clone();
        Arrays.sort(s);
        return s;
    }
}
