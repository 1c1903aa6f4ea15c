package dev.tpm.tables;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Implication;
import dev.tpm.results.Results;
import dev.tpm.tables.Rounding.Quantity;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Table 21: for each criterion, the best stack, its value and the stacks statistically tied with it
 * (CI overlapping the best one's).
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

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Table 21 (regenerated)",
                "practical implications - best measured stack per criterion", d));
        t.text("criterion").text("best stack").number("value [" + TableText.ciLabel(r) + "]").text("unit")
                .text("tied stacks (CI overlaps)");
        Set<Quantity> used = EnumSet.noneOf(Quantity.class);
        for (Implication i : d.implications()) {
            Quantity q = Quantity.forUnit(i.unit());
            used.add(q);
            if (!i.hasBest()) {
                t.row(i.criterion(), "none named", "", i.unit() == null ? "" : i.unit(), "no value for " + String.join("; ",
                        i.leftOut().stream().map(l -> l.stack() + " (" + l.reason() + ")").toList()));
                continue;
            }
            t.row(i.criterion(), i.bestStack(), Rounding.ci(q, i.value()), i.unit() == null ? "" : i.unit(),
                    i.tied().isEmpty() ? "none" : String.join(", ", i.tied()));
        }
        return t.note("Observations for this device and a single-process CRUD-over-SQLite workload, not general"
                        + " recommendations. Weighted criteria use the declared mix '" + d.declaredMix() + "'; the"
                        + " energy criterion, where present, is exploratory. Criteria without data are left out.")
                .note("Tied: the other stacks whose CI overlaps the best stack's (artifact size has no CI).")
                .note("No best is named for a criterion some stack of the device has no value for (analysis.md 4: a"
                        + " stack without a value is never a criterion's best, and its absence is no finding); the row"
                        + " names that stack and why.")
                .note(TableText.ciNote(r))
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(used))
                .build();
    }
}
