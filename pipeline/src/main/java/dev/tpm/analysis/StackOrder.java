package dev.tpm.analysis;

import dev.tpm.model.Campaign;
import dev.tpm.model.StackInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * analysis.md 1: stacks in order of first appearance in the stacks lists of campaign.json,
 * campaigns in id order; a stack's artifact size comes from the same first appearance. The order
 * is taken over all campaigns that count, whatever their device; a device's artifact sizes come
 * from a StackOrder of its own campaigns (version 6: a board's binary is not a VM's build).
 */
final class StackOrder {
    /** Bytes per MiB, for artifact_mib. */
    static final double BYTES_PER_MIB = 1024.0 * 1024.0;

    private final List<String> order;
    private final Map<String, Long> artifactBytes;

    private StackOrder(List<String> order, Map<String, Long> artifactBytes) {
        this.order = List.copyOf(order);
        this.artifactBytes = artifactBytes;
    }

    /** @param campaigns the campaigns that count (excluded ones already dropped), in any order */
    static StackOrder of(List<Campaign> campaigns) {
        List<Campaign> byId = new ArrayList<>(campaigns);
        byId.sort(Comparator.comparing(Campaign::id));
        Map<String, Long> first = new LinkedHashMap<>();
        for (Campaign c : byId) {
            for (StackInfo s : c.stacks()) {
                if (!first.containsKey(s.id())) first.put(s.id(), s.artifactBytes());
            }
        }
        return new StackOrder(new ArrayList<>(first.keySet()), first);
    }

    List<String> stacks() {
        return order;
    }

    /** Position in stack order; a stack absent from every campaign.json sorts after the others. */
    int index(String stack) {
        int i = order.indexOf(stack);
        return i < 0 ? order.size() : i;
    }

    Comparator<String> comparator() {
        return Comparator.<String>comparingInt(this::index).thenComparing(Comparator.naturalOrder());
    }

    /** Artifact size in MiB at the stack's first appearance; NaN when not recorded there. */
    double artifactMib(String stack) {
        Long b = artifactBytes.get(stack);
        return b == null ? Double.NaN : b / BYTES_PER_MIB;
    }
}
