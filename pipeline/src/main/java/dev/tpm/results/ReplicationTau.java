package dev.tpm.results;

import java.util.List;

/**
 * The agreement of the stack order, published vs one device, for a metric with two or more stacks
 * in both: Kendall's tau-b with three or more stacks; with two, tau and p are NaN and only the
 * orders are reported (analysis.md 7).
 *
 * @param publishedOrder the stacks by ascending published value
 * @param measuredOrder the same stacks by ascending measured value
 * @param notComparable how the setups differ for a row of these stacks that is not comparable
 *     (analysis.md 7, version 4: the order is then compared over rows that are not); empty when
 *     every row is
 */
public record ReplicationTau(String device, String metric, int stacks, double kendallTau, double p,
        List<String> publishedOrder, List<String> measuredOrder, String notComparable) {

    /**
     * analysis.md 7 (version 5; three before): Kendall's tau needs at least this many stacks. Over
     * four the smallest two-sided p of tau is 2/4! = 0.083, a test that cannot reject at alpha = 0.05.
     */
    public static final int MIN_STACKS_FOR_TAU = 5;

    public ReplicationTau {
        publishedOrder = List.copyOf(publishedOrder);
        measuredOrder = List.copyOf(measuredOrder);
    }

    public ReplicationTau(String device, String metric, int stacks, double kendallTau, double p) {
        this(device, metric, stacks, kendallTau, p, List.of(), List.of(), "");
    }

    /** An order over comparable rows only. */
    public ReplicationTau(String device, String metric, int stacks, double kendallTau, double p, List<String> publishedOrder,
            List<String> measuredOrder) {
        this(device, metric, stacks, kendallTau, p, publishedOrder, measuredOrder, "");
    }

    /** Whether every row behind the order is comparable. */
    public boolean comparable() {
        return notComparable.isEmpty();
    }

    public boolean hasTau() {
        return stacks >= MIN_STACKS_FOR_TAU;
    }
}
