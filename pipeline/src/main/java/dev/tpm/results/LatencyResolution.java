package dev.tpm.results;

import java.util.Collection;

/**
 * The finest latency step a load generator's output carries, in milliseconds (outputs.md: numbers
 * are printed only to the resolution of their source). A step of 0 means full precision.
 *
 * @param stepMs the smallest difference the source can express, in ms; 0 = full precision
 * @param words what the source prints, for a table's note ("autocannon reports whole milliseconds")
 */
public record LatencyResolution(double stepMs, String words) {
    /** wrk run by the harness: its done() JSON line carries whole microseconds. */
    public static final LatencyResolution WRK_MICROSECONDS = new LatencyResolution(0.001,
            "wrk (the harness's done() line) reports whole microseconds");
    /**
     * wrk's own text report (an imported terminal copy): two decimals of the unit it picks, us, ms or
     * s; the step in the millisecond range, 0.01 ms, is taken (a value of a second or more is then
     * printed finer than its source, 10 ms).
     */
    public static final LatencyResolution WRK_TEXT = new LatencyResolution(0.01,
            "wrk's text report prints two decimals of its unit (us, ms or s)");
    /** autocannon (JSON and text table alike): percentiles in whole milliseconds. */
    public static final LatencyResolution WHOLE_MS = new LatencyResolution(1,
            "autocannon reports latency percentiles in whole milliseconds");
    /** oha's JSON: seconds as floating point, full precision. */
    public static final LatencyResolution FULL = new LatencyResolution(0, "oha reports seconds at full precision");
    /** A tool this package does not know: nothing is assumed, the table prints its usual digits. */
    public static final LatencyResolution UNKNOWN = new LatencyResolution(0, "");

    public LatencyResolution {
        if (!(stepMs >= 0) || Double.isInfinite(stepMs)) throw new IllegalArgumentException("step must be >= 0 ms, got " + stepMs);
    }

    /** The coarsest of several sources (the one whose digits limit a value pooled from all). */
    public static LatencyResolution coarsest(Collection<LatencyResolution> all) {
        LatencyResolution out = UNKNOWN;
        for (LatencyResolution r : all) if (r.stepMs() > out.stepMs()) out = r;
        return out;
    }

    /** Decimals this source supports in ms: 0 for whole ms, 2 for 0.01, 3 for 1 us; Integer.MAX_VALUE for full precision. */
    public int decimals() {
        if (stepMs == 0) return Integer.MAX_VALUE;
        int d = 0;
        double s = stepMs;
        while (s < 1 - 1e-9 && d < 9) {
            s *= 10;
            d++;
        }
        return d;
    }
}
