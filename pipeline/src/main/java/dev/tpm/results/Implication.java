package dev.tpm.results;

import java.util.List;

/**
 * One criterion of the practical-implications table (analysis.md 7).
 *
 * @param criterion e.g. {@code lowest idle RSS}
 * @param tied the other stacks whose CI overlaps the best one's, in stack order
 */
public record Implication(String device, String criterion, String bestStack, Estimate value, String unit,
        List<String> tied) {
    public Implication {
        tied = List.copyOf(tied);
    }
}
