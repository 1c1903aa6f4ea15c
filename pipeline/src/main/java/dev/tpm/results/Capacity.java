package dev.tpm.results;

/**
 * capacity.csv: the capacity at the p99 target of one (device, stack, endpoint) of phase 4
 * (analysis.md 10); NaN where empty.
 *
 * @param sloMs the p99 target, latency_slo_ms
 * @param capacityRps the largest offered rate that meets the target with every smaller rate
 * @param firstFailingRps the smallest rate that does not meet it
 * @param capacityPeakMib median peak RSS at capacityRps
 * @param capacityPerMib capacityRps / capacityPeakMib
 * @param firstFailingReason why the first failing rate fails, for the tables ("p99 72.1 ms", "did not
 *     keep up", "no measured run (3 error_rate)"); empty when every rate meets the target; not a column
 */
public record Capacity(String device, String stack, String endpoint, double sloMs, double capacityRps,
        double firstFailingRps, double capacityPeakMib, double capacityPerMib, String firstFailingReason) {

    /**
     * capacity_censored (analysis.md 10, version 4): true when every offered rate of the group met
     * the target, so that capacityRps is only the largest rate tried, a lower bound (and
     * capacityPerMib with it); false when a rate failed; null when there is no capacity.
     */
    public Boolean censored() {
        if (Double.isNaN(capacityRps)) return null;
        return Double.isNaN(firstFailingRps);
    }
}
