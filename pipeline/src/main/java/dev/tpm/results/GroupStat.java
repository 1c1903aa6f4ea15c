package dev.tpm.results;

/** group_stats.csv: one (device, stack, endpoint, metric) over measured phase-1 runs. */
public record GroupStat(
        String device, String stack, String endpoint, String metric,
        int n, double median, double mean, double sd, double q1, double q3, double min, double max,
        double ciLow, double ciHigh) {

    public Estimate medianEstimate() {
        return new Estimate(median, ciLow, ciHigh);
    }
}
