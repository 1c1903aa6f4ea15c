package dev.tpm.stats;

import org.apache.commons.math3.random.RandomGenerator;

/**
 * Stratified percentile bootstrap (Davison & Hinkley 1997, 3.7) of the weighted aggregates of
 * analysis.md 4: in every resample each stratum (endpoint) is resampled with replacement within
 * itself, n_e draws from its own stream, and the weighted statistic is recomputed. Each stratum
 * draws exactly as {@link Bootstrap#medianReplicates} does from the same stream, so the stratum
 * medians of replicate b are the group bootstrap's replicate b.
 */
public final class StratifiedBootstrap {
    private StratifiedBootstrap() {}

    /**
     * Replicates of sum_e w_e med_e from each stratum's median replicates
     * ({@link Bootstrap#medianReplicates}, one array per stratum, all of length B). Strata of
     * weight 0 are ignored and may be null.
     */
    public static double[] weightedSumReplicates(double[][] stratumMedianReplicates, double[] weights) {
        int resamples = -1;
        for (int e = 0; e < weights.length; e++) {
            if (weights[e] == 0) continue;
            if (stratumMedianReplicates[e] == null) throw new IllegalArgumentException("stratum " + e + " has weight but no replicates");
            if (resamples < 0) resamples = stratumMedianReplicates[e].length;
            else if (resamples != stratumMedianReplicates[e].length) throw new IllegalArgumentException("strata differ in B");
        }
        if (resamples < 0) throw new IllegalArgumentException("every weight is 0");
        double[] out = new double[resamples];
        double[] medians = new double[weights.length];
        for (int b = 0; b < resamples; b++) {
            for (int e = 0; e < weights.length; e++) medians[e] = weights[e] == 0 ? 0 : stratumMedianReplicates[e][b];
            out[b] = WeightedStats.weightedSum(medians, weights);
        }
        return out;
    }

    /**
     * The point weighted median of pooled strata where a value of stratum e weighs w_e / n_e
     * (analysis.md 4, w_energy_mj). Empty strata are ignored.
     */
    public static double weightedMedian(double[][] strata, double[] weights) {
        Pooled pooled = new Pooled(strata, weights);
        int[][] counts = new int[strata.length][];
        for (int e = 0; e < strata.length; e++) {
            counts[e] = new int[strata[e].length];
            java.util.Arrays.fill(counts[e], 1);
        }
        return pooled.median(counts);
    }

    /**
     * B replicates of the pooled weighted median: in replicate b stratum e draws n_e indices into
     * its ascending-sorted values from rngs[e] ({@code nextInt(n_e)}, n_e per replicate).
     */
    public static double[] weightedMedianReplicates(double[][] strata, double[] weights, int resamples, RandomGenerator[] rngs) {
        if (rngs.length != strata.length) throw new IllegalArgumentException("one stream per stratum");
        Pooled pooled = new Pooled(strata, weights);
        int[][] counts = new int[strata.length][];
        for (int e = 0; e < strata.length; e++) counts[e] = new int[strata[e].length];
        double[] out = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            for (int e = 0; e < strata.length; e++) {
                java.util.Arrays.fill(counts[e], 0);
                Bootstrap.countDraws(rngs[e], counts[e]);
            }
            out[b] = pooled.median(counts);
        }
        return out;
    }

    /**
     * Every value of every stratum in one ascending order, remembering stratum and sorted index;
     * {@link #median} reads a resample given as counts per sorted index of each stratum.
     */
    static final class Pooled {
        final double[] values;
        final int[] stratum;
        final int[] index;
        final double[] unitWeight; // w_e / n_e of each pooled value
        final double total;
        private static final double REACHED = WeightedStats.HALF - WeightedStats.CUMULATIVE_TOLERANCE;

        Pooled(double[][] strata, double[] stratumWeights) {
            if (strata.length != stratumWeights.length) throw new IllegalArgumentException("one weight per stratum");
            int size = 0;
            double sum = 0;
            for (int e = 0; e < strata.length; e++) {
                size += strata[e].length;
                if (strata[e].length > 0) sum += stratumWeights[e];
            }
            // resampling keeps n_e draws per stratum, so the total weight sum_e w_e never changes
            total = sum;
            values = new double[size];
            stratum = new int[size];
            index = new int[size];
            unitWeight = new double[size];
            // merge the sorted strata; ties keep stratum order, which never changes the value returned
            double[][] sorted = new double[strata.length][];
            for (int e = 0; e < strata.length; e++) sorted[e] = Bootstrap.sortedCopyOrEmpty(strata[e]);
            int[] head = new int[strata.length];
            for (int k = 0; k < size; k++) {
                int best = -1;
                for (int e = 0; e < strata.length; e++) {
                    if (head[e] < sorted[e].length && (best < 0 || sorted[e][head[e]] < sorted[best][head[best]])) best = e;
                }
                values[k] = sorted[best][head[best]];
                stratum[k] = best;
                index[k] = head[best];
                unitWeight[k] = stratumWeights[best] / sorted[best].length;
                head[best]++;
            }
        }

        /**
         * The weighted median of the resample: a value weighs its count times w_e / n_e. The loop
         * of {@link WeightedStats#weightedMedianOfSorted} with the same arithmetic, written out:
         * it runs once per replicate over half the pooled values, and called through a function
         * per value it cost more than the replicate's draws.
         */
        double median(int[][] counts) {
            if (!(total > 0)) return Double.NaN;
            double cumulative = 0;
            for (int k = 0; k < values.length; k++) {
                cumulative += counts[stratum[k]][index[k]] * unitWeight[k] / total;
                if (cumulative >= REACHED) return values[k];
            }
            return values[values.length - 1];
        }
    }
}
