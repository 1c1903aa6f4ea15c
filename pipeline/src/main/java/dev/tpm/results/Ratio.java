package dev.tpm.results;

/**
 * ratios.csv: one stack against the best on one criterion (analysis.md 4). {@code ratio} >= 1 reads
 * "the best is ratio times better than this stack": value_best / value for a higher-is-better
 * metric, value / value_best for a lower-is-better one.
 *
 * @param mix the mix of a weighted metric; empty for the pooled and sweep metrics
 * @param metric the {@link Metric#id()} of a weighted or pooled {@link Metric}
 * @param best the stack with the best value (ties: the first in stack order)
 * @param value this stack's value
 * @param ratioLo NaN on the best's own row, and where a stack's value has no replicates (below min_n)
 * @param tied ratio_lo &lt;= 1; true on the best's own row; null where the ratio has no interval
 */
public record Ratio(String device, String mix, String metric, String stack, String best, double value, double ratio,
        double ratioLo, double ratioHi, Boolean tied) {
    /** The best's own row. */
    public boolean isBest() {
        return stack.equals(best);
    }

    /** True when the ratio has an interval (every row but the best's, unless a value had no replicates). */
    public boolean hasInterval() {
        return !Double.isNaN(ratioLo);
    }
}
