package dev.tpm.results;

/**
 * How the rows of one (device, stack, phase) were used: the exclusions table's counts.
 *
 * @param steal version 5: rows excluded because their steal share exceeded max_steal_share
 */
public record RunCount(String device, String stack, int phase, int rows, int warmup, int measured, int failed,
        int discarded, int errorRate, int throttled, int steal) {

    /** Counts without version 5's steal rule. */
    public RunCount(String device, String stack, int phase, int rows, int warmup, int measured, int failed, int discarded,
            int errorRate, int throttled) {
        this(device, stack, phase, rows, warmup, measured, failed, discarded, errorRate, throttled, 0);
    }

    /** Rows excluded for any reason but warm-up. */
    public int excluded() {
        return failed + discarded + errorRate + throttled + steal;
    }
}
