package dev.tpm.tables;

import dev.tpm.results.Capacity;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.List;
import java.util.Optional;

/**
 * Capacity at the p99 target (new; analysis.md 10): per stack and endpoint of phase 4, the largest
 * offered rate that meets the target with every smaller one, the first rate that does not, the peak
 * RSS at capacity and the capacity per MiB: throughput per megabyte read at a service level.
 */
public final class CapacityTable implements DeviceTable {
    @Override
    public String name() {
        return "capacity";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.capacity().isEmpty() ? Optional.of("no measured phase-4 runs (open loop at offered load)") : Optional.empty();
    }

    /** The stats stage's one line already says that phase 4 is absent. */
    @Override
    public boolean reportsLacking() {
        return false;
    }

    /** What "≥ X" means, for every table that prints a censored capacity. */
    public static final String CENSORED_NOTE = "\u2265 X: every offered rate met the target (capacity_censored), so X is the"
            + " largest rate tried, a lower bound of the capacity, and the capacity per MiB a lower bound with it.";

    /**
     * A capacity or capacity per MiB as every table prints it (analysis.md 10, version 4): "≥ X"
     * when censored, X otherwise.
     */
    public static String capacity(Capacity c, Quantity q, double value) {
        String x = Rounding.value(q, value);
        return Boolean.TRUE.equals(c.censored()) && !Double.isNaN(value) ? "\u2265 " + x : x;
    }

    /** What a note in place of a capacity means (analysis.md 10, version 5). */
    public static final String WITHHELD_NOTE = "unstable: misses R1, meets R2: a rate R2 above a rate R1 that missed the"
            + " target met it; a server's latency does not fall as its offered load rises, so the curve shows the"
            + " machine's noise, not a capacity (capacity_stable false). unmeasured: R: no run at rate R, below the first"
            + " rate that misses, was measured, so the capacity is not known. Either way no capacity is printed.";

    /**
     * analysis.md 10, version 6: "cold" beside the capacity or note of a group whose runs all began
     * at the server's start (warm false), "partly cold" where only some did (warm mixed; a choice
     * of this table: such a p99 still includes start-ups); nothing for a warm group.
     */
    public static String warmthText(Capacity c) {
        if (c.warm() == Capacity.Warm.COLD) return " (cold)";
        if (c.warm() == Capacity.Warm.MIXED) return " (partly cold)";
        return "";
    }

    /** What "cold" beside a capacity means (analysis.md 10, version 6). */
    public static final String COLD_NOTE = "cold: every phase-4 run of the group began at the server's start (prior_load_s"
            + " absent or 0), so its p99 includes the start-up of a JIT-compiled or lazily initialising stack; the"
            + " capacity is that of a server just started, not its steady capacity. partly cold: some runs did.";

    /** The "fails because" cell of a withheld capacity. */
    private static String noteReason(Capacity c) {
        return c.stable() ? "a rate below the first miss has no measured run" : "a higher rate met the target";
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        String slo = Rounding.plain(TableText.config(r).latencySloMs());
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Capacity at the p99 target (new; no paper table)",
                "the largest offered rate served with a median p99 within " + slo + " ms, per stack and endpoint (phase 4)", d));
        t.text("stack").text("endpoint").number(TableText.withUnit("capacity", Quantity.RPS))
                .number(TableText.withUnit("first failing", Quantity.RPS)).text("fails because")
                .number(TableText.withUnit("peak RSS at capacity", Quantity.MIB))
                .number(TableText.withUnit("capacity per MiB", Quantity.RPS_PER_MIB));
        String previous = null;
        for (Capacity c : d.capacity()) {
            if (!c.stack().equals(previous)) t.group();
            previous = c.stack();
            if (c.withheld()) {
                // analysis.md 10, version 5: the note, never a number, for an unstable or unmeasured group
                t.row(c.stack(), c.endpoint(), c.note() + warmthText(c), Rounding.MISSING, noteReason(c), Rounding.MISSING,
                        Rounding.MISSING);
                continue;
            }
            String capacity = Double.isNaN(c.capacityRps())
                    ? "none (" + (warmthText(c).isEmpty() ? "" : warmthText(c).substring(2, warmthText(c).length() - 1) + "; ") + "the smallest rate fails)"
                    : capacity(c, Quantity.RPS, c.capacityRps()) + warmthText(c);
            String failing = Double.isNaN(c.firstFailingRps()) ? "none (every rate meets it)" : Rounding.value(Quantity.RPS, c.firstFailingRps());
            t.row(c.stack(), c.endpoint(), capacity, failing, c.firstFailingReason(),
                    Rounding.value(Quantity.MIB, c.capacityPeakMib()), capacity(c, Quantity.RPS_PER_MIB, c.capacityPerMib()));
        }
        for (String s : d.listedStacks()) {
            if (d.capacity().stream().noneMatch(c -> c.stack().equals(s))) t.note("No measured phase-4 runs for " + s + ".");
        }
        t.note(OfferedLoadText.targetNote(r));
        t.note("capacity: the largest offered rate such that it and every smaller offered rate meet the target; first"
                + " failing: the smallest rate that does not, so the capacity lies between the two (the protocol's rates"
                + " are a grid, not a search). A rate at which every run was excluded (failed, discarded, error_rate,"
                + " throttled, steal) is unmeasured: it neither meets nor misses the target. Capacity per MiB = capacity / median peak RSS at that rate:"
                + " requests per second per MiB within the latency target, the paper's throughput per megabyte read at"
                + " a service level instead of at saturation. Descriptive: medians, no min_n, no CI.");
        if (d.capacity().stream().anyMatch(Capacity::withheld)) t.note(WITHHELD_NOTE);
        if (d.capacity().stream().anyMatch(c -> c.warm() == Capacity.Warm.COLD || c.warm() == Capacity.Warm.MIXED)) {
            t.note(COLD_NOTE);
        }
        if (d.capacity().stream().anyMatch(c -> Boolean.TRUE.equals(c.censored()))) {
            t.note(CENSORED_NOTE);
        }
        t.note(OfferedLoadText.LOOP_NOTE);
        return t.note(TableText.MIB_NOTE)
                .note(Rounding.note(List.of(Quantity.RPS, Quantity.MIB, Quantity.RPS_PER_MIB)))
                .note(TableText.sourceNote("capacity.csv and offered_load.csv"))
                .build();
    }
}
