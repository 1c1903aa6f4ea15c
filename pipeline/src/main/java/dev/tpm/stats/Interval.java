package dev.tpm.stats;

/** A confidence interval [lo, hi]; NaN ends where undefined. */
public record Interval(double lo, double hi) {
    public static final Interval MISSING = new Interval(Double.NaN, Double.NaN);
}
