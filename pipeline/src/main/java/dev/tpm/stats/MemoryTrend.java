package dev.tpm.stats;

import org.apache.commons.math3.stat.regression.SimpleRegression;

/** Summary of one memory time series (analysis.md 6). */
public final class MemoryTrend {
    /** Milliseconds per second, for duration_s and the slope in MiB/s. */
    private static final double MS_PER_S = 1000.0;

    /**
     * @param drops count of i with rss_i - rss_{i+1} &gt; the drop threshold
     * @param slopeMibPerS ordinary least-squares slope of rss on t (scipy.stats.linregress), NaN
     *     below two samples
     */
    public record Series(int samples, double durationS, double firstMib, double minMib, double maxMib,
            double lastMib, double growthMib, double steadyGrowthMib, int drops, double slopeMibPerS) {}

    private MemoryTrend() {}

    /** As {@link #summarize(double[], double[], double, double)} with the steady window from t = 0. */
    public static Series summarize(double[] tMs, double[] rssMib, double dropThresholdMib) {
        return summarize(tMs, rssMib, dropThresholdMib, 0);
    }

    /**
     * @param tMs sample times in ms since the series start
     * @param rssMib RSS at each, in MiB
     * @param warmS start of the steady window: steady growth = last - the first sample with
     *     t_ms &gt;= warmS * 1000, NaN when no sample is that late
     */
    public static Series summarize(double[] tMs, double[] rssMib, double dropThresholdMib, double warmS) {
        int n = tMs.length;
        if (n == 0 || n != rssMib.length) throw new IllegalArgumentException("a series needs one RSS per time, at least one sample");
        double min = rssMib[0];
        double max = rssMib[0];
        int drops = 0;
        SimpleRegression ols = new SimpleRegression(true);
        for (int i = 0; i < n; i++) {
            min = Math.min(min, rssMib[i]);
            max = Math.max(max, rssMib[i]);
            if (i + 1 < n && rssMib[i] - rssMib[i + 1] > dropThresholdMib) drops++;
            ols.addData(tMs[i] / MS_PER_S, rssMib[i]);
        }
        double first = rssMib[0];
        double last = rssMib[n - 1];
        double steady = Double.NaN;
        for (int i = 0; i < n; i++) {
            if (tMs[i] >= warmS * MS_PER_S) {
                steady = last - rssMib[i];
                break;
            }
        }
        return new Series(n, tMs[n - 1] / MS_PER_S, first, min, max, last, last - first, steady, drops, ols.getSlope());
    }

    /**
     * The RSS at a checkpoint, analysis.md 6's rule (version 3): with h = halfIntervalMs, half the
     * series' interval_ms (0 when the series does not state it), a series whose last sample is at
     * t_ms &gt;= tS * 1000 - h reaches t, and its reading is that of the last sample with
     * t_ms &lt;= tS * 1000 + h ("a series sampled every second whose last sample is at 299.999 s is
     * read at 300 s"); NaN when the series does not reach t.
     */
    public static double at(double[] tMs, double[] rssMib, double tS, double halfIntervalMs) {
        int n = tMs.length;
        double target = tS * MS_PER_S;
        if (n == 0 || tMs[n - 1] < target - halfIntervalMs) return Double.NaN;
        double v = Double.NaN;
        for (int i = 0; i < n && tMs[i] <= target + halfIntervalMs; i++) v = rssMib[i];
        return v;
    }
}
