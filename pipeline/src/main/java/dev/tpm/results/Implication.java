package dev.tpm.results;

import java.util.List;

/**
 * One criterion of the practical-implications table (analysis.md 7). No finding comes from a
 * stack's absence: when a stack of the device has no value for the criterion (its weighted
 * aggregates are empty for lack of runs, or it was not measured in that phase), no best is named
 * ({@code bestStack} null, {@code value} missing, {@code tied} empty) and {@code leftOut} says
 * which stacks lack a value and why.
 *
 * <p>Ties are tested, not read off overlapping CIs: a stack is tied with the best when the
 * interval of its ratio to the best (ratios.csv) reaches 1. A criterion without intervals
 * (artifact size; a sweep peak whose best group is below min_n) has {@code intervals} false and
 * names no tie from an interval; equal artifact sizes are ties all the same (ratio 1, no interval).
 *
 * @param criterion e.g. {@code lowest idle RSS}
 * @param bestStack null when a stack is left out
 * @param tied the other stacks whose ratio interval reaches 1, in stack order, each with its ratio
 * @param withoutInterval the other stacks whose ratio to the best has no interval (a value below
 *     min_n), in stack order: neither tied nor apart
 * @param intervals false for a criterion without intervals ("no interval")
 * @param leftOut stacks without a value, in stack order, each with its reason
 */
public record Implication(String device, String criterion, String bestStack, Estimate value, String unit,
        List<Tie> tied, List<String> withoutInterval, boolean intervals, List<LeftOut> leftOut) {

    /** A stack without a value for a criterion, and why. */
    public record LeftOut(String stack, String reason) {}

    /** A stack tied with the best: its ratio to the best and that ratio's interval (NaN without one). */
    public record Tie(String stack, double ratio, double lo, double hi) {
        public boolean hasInterval() {
            return !Double.isNaN(lo);
        }
    }

    public Implication {
        tied = List.copyOf(tied);
        withoutInterval = List.copyOf(withoutInterval);
        leftOut = List.copyOf(leftOut);
    }

    /** A criterion every stack has a value for, with intervals for every comparison. */
    public Implication(String device, String criterion, String bestStack, Estimate value, String unit, List<Tie> tied) {
        this(device, criterion, bestStack, value, unit, tied, List.of(), true, List.of());
    }

    /** A criterion no best is named for, because some stacks have no value. */
    public static Implication withoutBest(String device, String criterion, String unit, List<LeftOut> leftOut) {
        return new Implication(device, criterion, null, Estimate.MISSING, unit, List.of(), List.of(), true, leftOut);
    }

    /** True when a best stack is named (no stack left out). */
    public boolean hasBest() {
        return bestStack != null;
    }

    /** The tied stacks' names, in stack order. */
    public List<String> tiedStacks() {
        return tied.stream().map(Tie::stack).toList();
    }
}
