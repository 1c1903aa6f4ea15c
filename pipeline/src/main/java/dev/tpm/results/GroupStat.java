package dev.tpm.results;

/**
 * group_stats.csv: one (device, stack, endpoint, metric) over measured phase-1 runs.
 *
 * @param n runs with a value for this metric
 * @param smallN n &lt; min_n: descriptive statistics only, CI empty (analysis.md 2)
 * @param ciCoverage version 6: the probability that the CI holds the median (analysis.md 2,
 *     {@code dev.tpm.stats.MedianCoverage}); NaN where the CI is empty
 */
public record GroupStat(
        String device, String stack, String endpoint, String metric,
        int n, double median, double mean, double sd, double q1, double q3, double min, double max,
        double ciLow, double ciHigh, boolean smallN, double ciCoverage) {

    /** A group without its CI's coverage (as before version 6). */
    public GroupStat(String device, String stack, String endpoint, String metric, int n, double median, double mean,
            double sd, double q1, double q3, double min, double max, double ciLow, double ciHigh, boolean smallN) {
        this(device, stack, endpoint, metric, n, median, mean, sd, q1, q3, min, max, ciLow, ciHigh, smallN, Double.NaN);
    }

    /** A group of at least min_n values. */
    public GroupStat(String device, String stack, String endpoint, String metric, int n, double median, double mean,
            double sd, double q1, double q3, double min, double max, double ciLow, double ciHigh) {
        this(device, stack, endpoint, metric, n, median, mean, sd, q1, q3, min, max, ciLow, ciHigh, false);
    }

    public Estimate medianEstimate() {
        return new Estimate(median, ciLow, ciHigh);
    }
}
