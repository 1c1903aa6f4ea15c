package dev.tpm.collect.campaign;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The two flags of servers.md counted per stack, for the progress line and the end summary:
 * load-generator bound ({@link RunVerdict#loadGeneratorBound}) and host saturated
 * ({@link RunVerdict#hostSaturated}), each over every run of the stack so far, whatever its status.
 */
final class RunFlags {
    private final Map<String, Integer> runs = new TreeMap<>();
    private final Map<String, Integer> bound = new TreeMap<>();
    private final Map<String, Integer> saturated = new TreeMap<>();
    private final Map<String, Integer> stolen = new TreeMap<>();
    private final Map<String, Integer> stealDiscards = new TreeMap<>();
    /** The steal flag's share, as text: "5 %". */
    private final String over;

    /** @param flagShare the share of the device's CPU time above which a run's steal is flagged ({@link #flagShare}) */
    RunFlags(double flagShare) {
        this.over = percent(flagShare);
    }

    /** The steal flag's share: the protocol's max_steal_share, or the preset default where the rule is off. */
    static double flagShare(dev.tpm.model.Protocol q) {
        return q.maxStealShare() != null ? q.maxStealShare() : dev.tpm.codec.PresetJson.DEFAULT_MAX_STEAL_SHARE;
    }

    /** "5 %" for 0.05. */
    static String percent(double share) {
        return java.math.BigDecimal.valueOf(share).movePointRight(2).stripTrailingZeros().toPlainString() + " %";
    }

    /** Version 5: a run of {@code stack} discarded by the steal rule. */
    void recordStealDiscard(String stack) {
        stealDiscards.merge(stack, 1, Integer::sum);
    }

    int stealDiscarded() {
        return stealDiscards.values().stream().mapToInt(Integer::intValue).sum();
    }

    void record(String stack, RunVerdict v) {
        runs.merge(stack, 1, Integer::sum);
        if (v.loadGeneratorBound()) bound.merge(stack, 1, Integer::sum);
        if (v.hostSaturated()) saturated.merge(stack, 1, Integer::sum);
    }

    /** Version 4: a run of {@code stack} whose CPU steal exceeded the flag's share of the device's CPU time. */
    void recordSteal(String stack) {
        stolen.merge(stack, 1, Integer::sum);
    }

    int stealFlagged() {
        return stolen.values().stream().mapToInt(Integer::intValue).sum();
    }

    int loadGeneratorBound() {
        return bound.values().stream().mapToInt(Integer::intValue).sum();
    }

    int hostSaturated() {
        return saturated.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** "; so far load-generator bound: go 1; host saturated: go 2, rust 3", or empty when no run was flagged. */
    String progressText() {
        StringBuilder s = new StringBuilder();
        if (!bound.isEmpty()) s.append("; load-generator bound so far: ").append(perStack(bound, false));
        if (!saturated.isEmpty()) s.append("; host saturated so far: ").append(perStack(saturated, false));
        if (!stolen.isEmpty()) s.append("; CPU steal over " + over + " so far: ").append(perStack(stolen, false));
        if (!stealDiscards.isEmpty()) s.append("; discarded for steal so far: ").append(perStack(stealDiscards, false));
        return s.toString();
    }

    /** One line per flag that some run got: "host saturated runs: go 2 of 7, rust 3 of 7 (...)". */
    List<String> summaryLines() {
        List<String> out = new ArrayList<>();
        if (!bound.isEmpty()) {
            out.add("load-generator bound runs per stack: " + perStack(bound, true)
                    + " (the load generator used at least 95 % of its CPUs: the numbers are the load generator's limit)");
        }
        if (!saturated.isEmpty()) {
            out.add("host saturated runs per stack: " + perStack(saturated, true)
                    + " (server and load generator shared the host's cores and used at least 95 % of them:"
                    + " the numbers describe the pair, not the server alone)");
        }
        if (!stolen.isEmpty()) {
            out.add("CPU steal over " + over + " runs per stack: " + perStack(stolen, true)
                    + " (the hypervisor gave more than " + over + " of the device's CPU time to other guests during the window:"
                    + " every stack measured then was slowed by its neighbours)");
        }
        if (!stealDiscards.isEmpty()) {
            out.add("runs discarded for steal per stack: " + perStack(stealDiscards, true)
                    + " (the steal rule: steal above max_steal_share of the window's CPU time; each queued again)");
        }
        return out;
    }

    private String perStack(Map<String, Integer> counts, boolean ofRuns) {
        List<String> parts = new ArrayList<>();
        counts.forEach((stack, n) -> parts.add(stack + " " + n + (ofRuns ? " of " + runs.get(stack) : "")));
        return String.join(", ", parts);
    }
}
