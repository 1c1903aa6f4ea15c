package dev.tpm.analysis;

import dev.tpm.results.Exclusion;
import dev.tpm.results.RunCount;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The runs of one device sorted into measured and excluded (analysis.md 1), with the counts the
 * exclusions table and the {@code missing} reasons of weighted.csv need. Pure: rows in, lists and
 * counts out.
 */
final class RunClassification {
    /** The runs of one (phase, stack, endpoint). */
    record Cell(int phase, String stack, String endpoint) {}

    /** How the rows of one cell were used: measured runs and each exclusion reason's count. */
    static final class Counts {
        private int measured;
        private final EnumMap<ExclusionReason, Integer> excluded = new EnumMap<>(ExclusionReason.class);

        int measured() {
            return measured;
        }

        int excluded(ExclusionReason r) {
            return excluded.getOrDefault(r, 0);
        }

        /** Rows of the cell, warm-ups included. */
        int rows() {
            return measured + excluded.values().stream().mapToInt(Integer::intValue).sum();
        }

        /** Rows other than warm-ups: what exclusions.csv lists plus the measured ones. */
        int counted() {
            return rows() - excluded(ExclusionReason.WARMUP);
        }

        void add(Counts other) {
            measured += other.measured;
            other.excluded.forEach((k, v) -> excluded.merge(k, v, Integer::sum));
        }
    }

    private final String device;
    private final List<RunRow> measured1 = new ArrayList<>();
    private final List<RunRow> measured2 = new ArrayList<>();
    private final List<RunRow> measured5 = new ArrayList<>();
    private final List<RunRow> stolen1 = new ArrayList<>();
    private final List<Exclusion> exclusions = new ArrayList<>();
    private final Map<Cell, Counts> cells = new java.util.HashMap<>();

    private RunClassification(String device) {
        this.device = device;
    }

    /** @param rows every phase-1, phase-2, phase-4 and phase-5 row of the device's paper campaigns that count */
    static RunClassification of(String device, List<RunRow> rows, RunRules rules) {
        RunClassification c = new RunClassification(device);
        for (RunRow r : rows) {
            ExclusionReason reason = rules.reason(r);
            if (r.phase() == 1 && reason == ExclusionReason.STEAL) c.stolen1.add(r);
            Counts counts = c.cells.computeIfAbsent(new Cell(r.phase(), r.stack(), r.endpoint()), k -> new Counts());
            if (reason == null) {
                counts.measured++;
                // phase 4's measured runs are grouped by OfferedLoadAnalysis, never with phases 1 and 2
                if (r.phase() == 1) c.measured1.add(r);
                else if (r.phase() == 2) c.measured2.add(r);
                else if (r.phase() == 5) c.measured5.add(r); // steady state (analysis.md 12), never with phase 1
                continue;
            }
            counts.excluded.merge(reason, 1, Integer::sum);
            if (reason != ExclusionReason.WARMUP) {
                c.exclusions.add(new Exclusion(device, r.campaign(), r.phase(), r.seq(), r.stack(), r.endpoint(), reason.id));
            }
        }
        Comparator<RunRow> bySeq = Comparator.comparing(RunRow::campaign).thenComparingInt(RunRow::phase).thenComparingLong(RunRow::seq);
        c.measured1.sort(bySeq);
        c.measured2.sort(bySeq);
        c.measured5.sort(bySeq);
        c.stolen1.sort(bySeq);
        c.exclusions.sort(Comparator.comparing(Exclusion::campaign).thenComparingInt(Exclusion::phase).thenComparingLong(Exclusion::seq));
        return c;
    }

    /** Measured phase-1 runs in (campaign, seq) order. */
    List<RunRow> measured1() {
        return List.copyOf(measured1);
    }

    /** Measured phase-2 runs in (campaign, seq) order. */
    List<RunRow> measured2() {
        return List.copyOf(measured2);
    }

    /** Measured phase-5 runs in (campaign, seq) order. */
    List<RunRow> measured5() {
        return List.copyOf(measured5);
    }

    /**
     * Phase-1 runs excluded for steal alone (steal is the last reason tried, so each would
     * otherwise be measured), in (campaign, seq) order: what steal_sensitivity.csv counts back in.
     */
    List<RunRow> stolen1() {
        return List.copyOf(stolen1);
    }

    /** Excluded runs other than warm-ups, in (campaign, phase, seq) order. */
    List<Exclusion> exclusions() {
        return List.copyOf(exclusions);
    }

    /** The counts of one (phase, stack, endpoint); zero when it has no rows. */
    Counts counts(int phase, String stack, String endpoint) {
        Counts c = cells.get(new Cell(phase, stack, endpoint));
        return c != null ? c : new Counts();
    }

    /** Measured phase-1 runs of a stack on an endpoint. */
    int measured(String stack, String endpoint) {
        return counts(1, stack, endpoint).measured();
    }

    /**
     * Why a stack's phase-1 runs on an endpoint do not reach min_n:
     * {@code <endpoint>: <m> measured of <t>} with t = the rows other than warm-ups, then the
     * count of each exclusion reason in analysis.md 1's order, e.g.
     * {@code delete_item: 0 measured of 10 (10 error_rate)}.
     */
    String shortfall(String stack, String endpoint) {
        Counts c = counts(1, stack, endpoint);
        StringBuilder b = new StringBuilder(endpoint).append(": ").append(c.measured()).append(" measured of ").append(c.counted());
        List<String> why = new ArrayList<>();
        for (ExclusionReason r : ExclusionReason.values()) {
            if (r != ExclusionReason.WARMUP && c.excluded(r) > 0) why.add(c.excluded(r) + " " + r.id);
        }
        if (!why.isEmpty()) b.append(" (").append(String.join(", ", why)).append(')');
        return b.toString();
    }

    /** The exclusions table's counts: one row per (stack, phase) with rows, in stack order then phase. */
    List<RunCount> runCounts(Comparator<String> stackOrder) {
        Map<String, Map<Integer, Counts>> byStack = new TreeMap<>(stackOrder);
        for (Map.Entry<Cell, Counts> e : cells.entrySet()) {
            byStack.computeIfAbsent(e.getKey().stack(), k -> new TreeMap<>())
                    .computeIfAbsent(e.getKey().phase(), k -> new Counts()).add(e.getValue());
        }
        List<RunCount> out = new ArrayList<>();
        byStack.forEach((stack, phases) -> phases.forEach((phase, c) -> out.add(new RunCount(device, stack, phase, c.rows(),
                c.excluded(ExclusionReason.WARMUP), c.measured(), c.excluded(ExclusionReason.FAILED),
                c.excluded(ExclusionReason.DISCARDED), c.excluded(ExclusionReason.ERROR_RATE),
                c.excluded(ExclusionReason.THROTTLED), c.excluded(ExclusionReason.STEAL)))));
        return out;
    }
}
