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
 * @param warm version 6: whether the group's measured runs had load before their window
 *     (prior_load_s &gt; 0); null for a group without a measured run
 */
public record Capacity(String device, String stack, String endpoint, double sloMs, double capacityRps,
        double firstFailingRps, double capacityPeakMib, double capacityPerMib, String firstFailingReason,
        boolean stable, String note, Warm warm) {

    /**
     * capacity.csv's warm (analysis.md 10, version 6): every measured run of the group's rates had
     * prior_load_s &gt; 0 (WARM), none had (COLD: prior_load_s absent or 0, the server started for
     * the window), or some had (MIXED).
     */
    public enum Warm {
        WARM("true"), COLD("false"), MIXED("mixed");

        private final String csv;

        Warm(String csv) {
            this.csv = csv;
        }

        /** capacity.csv's value. */
        public String csv() {
            return csv;
        }

        /** Of the measured runs' prior_load_s values (NaN = absent); null for none. */
        public static Warm of(double[] priorLoadS) {
            if (priorLoadS.length == 0) return null;
            long warm = java.util.Arrays.stream(priorLoadS).filter(x -> x > 0).count();
            return warm == priorLoadS.length ? WARM : warm == 0 ? COLD : MIXED;
        }
    }

    /** A capacity of version 5's rule, its warmth not known. */
    public Capacity(String device, String stack, String endpoint, double sloMs, double capacityRps, double firstFailingRps,
            double capacityPeakMib, double capacityPerMib, String firstFailingReason, boolean stable, String note) {
        this(device, stack, endpoint, sloMs, capacityRps, firstFailingRps, capacityPeakMib, capacityPerMib, firstFailingReason,
                stable, note, null);
    }

    /** The same capacity with its warmth. */
    public Capacity withWarm(Warm w) {
        return new Capacity(device, stack, endpoint, sloMs, capacityRps, firstFailingRps, capacityPeakMib, capacityPerMib,
                firstFailingReason, stable, note, w);
    }

    /** True when the capacity was measured on a server started cold for its windows (warm false). */
    public boolean cold() {
        return warm == Warm.COLD;
    }

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
