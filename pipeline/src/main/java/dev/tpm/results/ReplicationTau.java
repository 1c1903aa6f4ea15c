package dev.tpm.results;

import java.util.List;

/**
 * The agreement of the stack order, published vs one device, for a metric with two or more stacks
 * in both: Kendall's tau-b with three or more stacks; with two, tau and p are NaN and only the
 * orders are reported (analysis.md 7).
 *
 * @param publishedOrder the stacks by ascending published value
 * @param measuredOrder the same stacks by ascending measured value
 */
public record ReplicationTau(String device, String metric, int stacks, double kendallTau, double p,
        List<String> publishedOrder, List<String> measuredOrder) {

    /** analysis.md 7: Kendall's tau needs at least this many stacks. */
    public static final int MIN_STACKS_FOR_TAU = 3;

    public ReplicationTau {
        publishedOrder = List.copyOf(publishedOrder);
        measuredOrder = List.copyOf(measuredOrder);
    }

    public ReplicationTau(String device, String metric, int stacks, double kendallTau, double p) {
        this(device, metric, stacks, kendallTau, p, List.of(), List.of());
    }

    public boolean hasTau() {
        return stacks >= MIN_STACKS_FOR_TAU;
    }
}
