package dev.tpm.results;

/** A point estimate with its percentile-bootstrap CI; NaN where missing. */
public record Estimate(double value, double lo, double hi) {
    public static final Estimate MISSING = new Estimate(Double.NaN, Double.NaN, Double.NaN);

    public boolean isMissing() {
        return Double.isNaN(value);
    }

    /** True when the two CIs share at least one point (statistically tied, analysis.md 7). */
    public boolean overlaps(Estimate other) {
        return !isMissing() && !other.isMissing() && lo <= other.hi && other.lo <= hi;
    }
}
