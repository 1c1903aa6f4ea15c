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
 *     keep up"); empty when every measured rate meets the target or there is no capacity; not a column
 * @param stable capacity_stable (version 5): false when a measured rate that meets the target lies
 *     above a measured rate that misses it
 * @param note capacity_note (version 5): {@code unstable: misses R1, meets R2} or {@code unmeasured: R}
 *     when the capacity columns are empty for that reason; empty otherwise
 */
public record Capacity(String device, String stack, String endpoint, double sloMs, double capacityRps,
        double firstFailingRps, double capacityPeakMib, double capacityPerMib, String firstFailingReason,
        boolean stable, String note) {

    /** A capacity of version 4's rule: stable, no note. */
    public Capacity(String device, String stack, String endpoint, double sloMs, double capacityRps, double firstFailingRps,
            double capacityPeakMib, double capacityPerMib, String firstFailingReason) {
        this(device, stack, endpoint, sloMs, capacityRps, firstFailingRps, capacityPeakMib, capacityPerMib, firstFailingReason,
                true, "");
    }

    /** Whether the capacity columns are empty because of the note (an unstable group, an unmeasured rate). */
    public boolean withheld() {
        return !note.isEmpty();
    }

    /**
     * capacity_censored (analysis.md 10, version 4): true when every offered rate of the group met
     * the target, so that capacityRps is only the largest rate tried, a lower bound (and
     * capacityPerMib with it); false when a rate failed; null when there is no capacity.
     */
    public Boolean censored() {
        if (Double.isNaN(capacityRps) || withheld()) return null;
        return Double.isNaN(firstFailingRps);
    }
}
