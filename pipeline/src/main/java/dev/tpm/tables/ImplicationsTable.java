package dev.tpm.tables;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Implication;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Table 21: for each criterion, the best stack, its value and the stacks tied with it: those whose
 * ratio interval to the best reaches 1 (analysis.md 7), each printed with its ratio and interval;
 * a criterion without intervals says "no interval".
 */
public final class ImplicationsTable implements DeviceTable {
    @Override
    public String name() {
        return "implications";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.implications().isEmpty() ? Optional.of("no criterion has data") : Optional.empty();
    }

    /** "none", "go 1.02 [0.97, 1.08], node 1.05 [0.99, 1.12]", "no interval", "no interval; equal: go". */
    static String tiedCell(Implication i) {
        List<String> parts = new ArrayList<>();
        for (Implication.Tie x : i.tied()) {
            parts.add(x.hasInterval()
                    ? x.stack() + " " + Rounding.value(Quantity.RATIO, x.ratio()) + " [" + Rounding.value(Quantity.RATIO, x.lo()) + ", "
                            + Rounding.value(Quantity.RATIO, x.hi()) + "]"
                    : x.stack());
        }
        if (!i.intervals()) return parts.isEmpty() ? "no interval" : "no interval; equal: " + String.join(", ", parts);
        String tied = parts.isEmpty() ? "none" : String.join(", ", parts);
        return i.withoutInterval().isEmpty() ? tied : tied + "; no interval: " + String.join(", ", i.withoutInterval());
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Table 21 (regenerated)",
                "practical implications - best measured stack per criterion", d));
        t.text("criterion").text("best stack").number("value [" + TableText.ciLabel(r) + "]").text("unit")
                .text("tied stacks: x best [" + TableText.ciLabel(r) + "] reaching 1");
        Set<Quantity> used = EnumSet.noneOf(Quantity.class);
        List<TableText.Coverage> printed = new java.util.ArrayList<>();
        for (Implication i : d.implications()) {
            Quantity q = Quantity.forUnit(i.unit());
            used.add(q);
            if (!i.hasBest()) {
                t.row(i.criterion(), "none named", "", i.unit() == null ? "" : i.unit(), "no value for " + String.join("; ",
                        i.leftOut().stream().map(l -> l.stack() + " (" + l.reason() + ")").toList()));
                continue;
            }
            String value = Double.isNaN(i.value().lo()) ? Rounding.value(q, i.value().value()) : Rounding.ci(q, i.value());
            t.row(i.criterion(), i.bestStack(), value, i.unit() == null ? "" : i.unit(), tiedCell(i));
            // the pooled medians' CIs (stack_pooled.csv) are medians' intervals: their coverage (analysis.md 2, version 6)
            boolean idle = i.criterion().equals(dev.tpm.analysis.Implications.IDLE_RSS);
            if (idle || i.criterion().equals(dev.tpm.analysis.Implications.STARTUP)) {
                Find.pooled(d, i.bestStack()).ifPresent(p -> printed.add(
                        new TableText.Coverage(idle ? p.idleRssMibCoverage() : p.startupMsCoverage(), p.n())));
            }
        }
        return t.note("Observations for this device and a single-process CRUD-over-SQLite workload, not general"
                        + " recommendations. Weighted criteria use the declared mix '" + d.declaredMix() + "'; the"
                        + " energy criterion, where present, is exploratory. Criteria without data are left out.")
                .note("Tied: the other stacks whose ratio to the best (ratios.csv, the declared mix for the weighted"
                        + " criteria) has an interval reaching 1, each with its ratio and interval; overlapping CIs are not a"
                        + " test and are not used. A criterion without intervals (artifact size; a sweep peak whose group is"
                        + " below min_n) says 'no interval', and names stacks of equal value as ties.")
                .note("No best is named for a criterion some stack of the device has no value for (analysis.md 4: a"
                        + " stack without a value is never a criterion's best, and its absence is no finding); the row"
                        + " names that stack and why.")
                .note(TableText.ciNote(r))
                .notes(TableText.coverageNote(r, printed))
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(used))
                .build();
    }
}
