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
            double lastMib, double growthMib, int drops, double slopeMibPerS) {}

    private MemoryTrend() {}

    /** @param tMs sample times in ms since the series start; @param rssMib RSS at each, in MiB */
    public static Series summarize(double[] tMs, double[] rssMib, double dropThresholdMib) {
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
        return new Series(n, tMs[n - 1] / MS_PER_S, first, min, max, last, last - first, drops, ols.getSlope());
    }
}
