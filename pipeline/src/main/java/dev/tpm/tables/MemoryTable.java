package dev.tpm.tables;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.MemorySummary;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Table 20: the phase-3 memory time series, summarised per stack. */
public final class MemoryTable implements DeviceTable {
    @Override
    public String name() {
        return "memory";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.memory().isEmpty() ? Optional.of("no phase-3 memory time series") : Optional.empty();
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Table 20 (regenerated)",
                "memory time series (phase 3), RSS of the server's process tree under load", d));
        t.text("stack").number("series").number("samples").number(TableText.withUnit("duration", Quantity.SECONDS))
                .number(TableText.withUnit("first", Quantity.MIB)).number(TableText.withUnit("min", Quantity.MIB))
                .number(TableText.withUnit("max", Quantity.MIB)).number(TableText.withUnit("last", Quantity.MIB))
                .number(TableText.withUnit("growth", Quantity.MIB))
                .number(TableText.withUnit("steady growth", Quantity.MIB)).number("drops")
                .number(TableText.withUnit("slope", Quantity.SLOPE_MIB_PER_S));
        List<MemorySummary> rows = d.memory().stream()
                .sorted(Comparator.comparingInt((MemorySummary m) -> Find.stackOrder(d, m.stack()))
                        .thenComparing(MemorySummary::stack))
                .toList();
        for (String s : d.listedStacks()) {
            if (rows.stream().noneMatch(m -> m.stack().equals(s))) t.note("No memory series for " + s + ".");
        }
        for (MemorySummary m : rows) {
            t.row(m.stack(), Integer.toString(m.series()), Rounding.value(Quantity.COUNT, m.samples()),
                    Rounding.value(Quantity.SECONDS, m.durationS()), Rounding.value(Quantity.MIB, m.firstMib()),
                    Rounding.value(Quantity.MIB, m.minMib()), Rounding.value(Quantity.MIB, m.maxMib()),
                    Rounding.value(Quantity.MIB, m.lastMib()), Rounding.value(Quantity.MIB, m.growthMib()),
                    Rounding.value(Quantity.MIB, m.steadyGrowthMib()), Integer.toString(m.drops()), Rounding.value(Quantity.SLOPE_MIB_PER_S, m.slopeMibPerS()));
        }
        return t.note("Per series: samples, duration (last t / 1000), first, min, max and last RSS, growth = last -"
                        + " first (it includes the start-up ramp: the first sample is taken at idle), steady growth ="
                        + " last - the first sample at or after " + Rounding.plain(TableText.config(r).memoryWarmS())
                        + " s (n/a for a shorter series), drops = falls between consecutive samples larger than "
                        + Rounding.plain(TableText.config(r).dropThresholdMib()) + " MiB, slope = least-squares"
                        + " RSS on time. Per stack, every endpoint's series pooled: the median over its series of"
                        + " each value, except series (a count) and drops (the total over series).")
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(List.of(Quantity.COUNT, Quantity.SECONDS, Quantity.MIB, Quantity.SLOPE_MIB_PER_S)))
                .note(TableText.sourceNote("memory.csv"))
                .build();
    }
}
