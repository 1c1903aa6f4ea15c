package dev.tpm.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.ranking.NaNStrategy;
import org.apache.commons.math3.stat.ranking.NaturalRanking;
import org.apache.commons.math3.stat.ranking.TiesStrategy;

/** Ranks with the two tie rules the analysis uses. */
public final class Ranks {
    private Ranks() {}

    /** 1-based ranks, ties given the mean of their positions (midranks; scipy.stats.rankdata 'average'). */
    public static double[] average(double[] values) {
        return new NaturalRanking(NaNStrategy.FAILED, TiesStrategy.AVERAGE).rank(values);
    }

    /**
     * Sum over groups of tied values of t^3 - t, t = size of the group: the tie term of the
     * Kruskal-Wallis and Mann-Whitney variances (Hollander & Wolfe 1999, 4.3 and 6.1).
     */
    public static double tieTerm(double[] values) {
        double[] s = values.clone();
        Arrays.sort(s);
        double term = 0;
        int i = 0;
        while (i < s.length) {
            int j = i;
            while (j + 1 < s.length && s[j + 1] == s[i]) j++;
            double t = j - i + 1;
            term += t * t * t - t;
            i = j + 1;
        }
        return term;
    }

    /**
     * Rank 1 = highest value; ties share the lowest rank, the next value skipping the tied places
     * ("competition" ranking 1224); NaN values get rank 0 (unranked).
     */
    public static int[] competitionDescending(double[] values) {
        int m = 0;
        for (double v : values) if (!Double.isNaN(v)) m++;
        double[] negated = new double[m];
        int k = 0;
        for (double v : values) if (!Double.isNaN(v)) negated[k++] = -v;
        if (m == 0) return new int[values.length]; // NaturalRanking fails on an empty array
        double[] r = new NaturalRanking(NaNStrategy.FAILED, TiesStrategy.MINIMUM).rank(negated);
        int[] out = new int[values.length];
        k = 0;
        for (int i = 0; i < values.length; i++) out[i] = Double.isNaN(values[i]) ? 0 : (int) r[k++];
        return out;
    }
}
