package dev.tpm.tables;

import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.GroupStat;
import dev.tpm.results.Results;
import dev.tpm.results.StackPooled;
import dev.tpm.results.Weighted;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Table 9: RAM footprint per stack - pooled idle RSS, peak RSS median per endpoint, weighted peak
 * RSS under the declared mix.
 */
public final class RamTable implements DeviceTable {
    @Override
    public String name() {
        return "ram";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.stackPooled().isEmpty() ? Optional.of("no measured phase-1 runs") : Optional.empty();
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        List<String> endpoints = Find.endpointsWith(d, Metrics.PEAK_RSS_MIB);
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Table 9 (regenerated)",
                "RAM footprint - idle RSS, peak RSS per endpoint and weighted peak RSS per stack", d));
        t.text("stack").number("n").number(TableText.medianCiHeader(r, "idle RSS", Quantity.MIB));
        for (String e : endpoints) t.number(TableText.withUnit("peak RSS " + e, Quantity.MIB));
        t.number(TableText.valueCiHeader(r, "w_peak_mib", Quantity.MIB)).text("no w_peak_mib because");
        for (String s : d.listedStacks()) {
            List<String> cells = new ArrayList<>();
            Optional<StackPooled> p = Find.pooled(d, s);
            cells.add(s);
            cells.add(p.map(x -> Integer.toString(x.n())).orElse(Rounding.MISSING));
            cells.add(Rounding.ci(Quantity.MIB, p.map(StackPooled::idleRssMib).orElse(Estimate.MISSING)));
            for (String e : endpoints) {
                cells.add(Rounding.value(Quantity.MIB,
                        Find.groupStat(d, s, e, Metrics.PEAK_RSS_MIB).map(GroupStat::median).orElse(Double.NaN)));
            }
            Optional<Weighted> w = Find.weighted(d, d.declaredMix(), s);
            cells.add(Rounding.ci(Quantity.MIB, w.map(Weighted::wPeakMib).orElse(Estimate.MISSING)));
            cells.add(w.map(Weighted::missing).orElse("no weighted value"));
            t.row(cells);
        }
        return t.note("n: measured phase-1 runs of the stack, every endpoint pooled (idle RSS is pooled the same way).")
                .note("Peak RSS per endpoint: group median over measured runs (its CI is in group_stats.csv);"
                        + " w_peak_mib: sum over the CRUD endpoints of weight x median peak RSS under the declared mix '"
                        + d.declaredMix() + "', with a stratified-bootstrap CI.")
                .note(TableText.ciNote(r))
                .notes(TableText.coverageNote(r, d.stackPooled().stream()
                        .map(p -> new TableText.Coverage(p.idleRssMibCoverage(), p.n())).toList()))
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(List.of(Quantity.MIB)))
                .note(TableText.sourceNote("stack_pooled.csv, group_stats.csv and weighted.csv"))
                .build();
    }
}
