package dev.tpm.results;

import java.util.List;

/**
 * One criterion of the practical-implications table (analysis.md 7). No finding comes from a
 * stack's absence: when a stack of the device has no value for the criterion (its weighted
 * aggregates are empty for lack of runs, or it was not measured in that phase), no best is named
 * ({@code bestStack} null, {@code value} missing, {@code tied} empty) and {@code leftOut} says
 * which stacks lack a value and why.
 *
 * @param criterion e.g. {@code lowest idle RSS}
 * @param bestStack null when a stack is left out
 * @param tied the other stacks whose CI overlaps the best one's, in stack order
 * @param leftOut stacks without a value, in stack order, each with its reason
 */
public record Implication(String device, String criterion, String bestStack, Estimate value, String unit,
        List<String> tied, List<LeftOut> leftOut) {

    /** A stack without a value for a criterion, and why. */
    public record LeftOut(String stack, String reason) {}

    public Implication {
        tied = List.copyOf(tied);
        leftOut = List.copyOf(leftOut);
    }

    /** A criterion every stack has a value for. */
    public Implication(String device, String criterion, String bestStack, Estimate value, String unit, List<String> tied) {
        this(device, criterion, bestStack, value, unit, tied, List.of());
    }

    /** True when a best stack is named (no stack left out). */
    public boolean hasBest() {
        return bestStack != null;
    }
}
