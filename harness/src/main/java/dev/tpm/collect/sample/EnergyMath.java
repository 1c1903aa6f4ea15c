package dev.tpm.collect.sample;

/** Energy from power samples and from energy counters. */
public final class EnergyMath {
    private static final double NANOS_PER_SECOND = 1e9;

    private EnergyMath() {}

    /**
     * Trapezoid rule: E = sum_i (t_{i+1} - t_i) (P_i + P_{i+1}) / 2, in joules for watts and
     * nanosecond times. NaN readings are dropped first (the rule then bridges the gap). Fewer than
     * two valid readings give NaN.
     */
    public static double trapezoidJoules(long[] nanos, double[] watts) {
        double sum = 0;
        int prev = -1;
        int valid = 0;
        for (int i = 0; i < nanos.length; i++) {
            if (Double.isNaN(watts[i])) continue;
            valid++;
            if (prev >= 0) sum += (nanos[i] - nanos[prev]) / NANOS_PER_SECOND * (watts[prev] + watts[i]) / 2;
            prev = i;
        }
        return valid < 2 ? Double.NaN : sum;
    }

    /**
     * Increase of an energy counter that wraps to 0 after {@code maxRange} (RAPL's energy_uj and
     * max_energy_range_uj): {@code after - before}, or {@code maxRange - before + after} when the
     * counter wrapped once in between. The sampling interval must be shorter than one wrap (a
     * package at 100 W wraps a 2^32 uJ range in about 43 s).
     */
    public static long counterDelta(long before, long after, long maxRange) {
        if (after >= before) return after - before;
        return maxRange - before + after;
    }
}
