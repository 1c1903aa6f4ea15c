package dev.tpm.tables;

import dev.tpm.results.Metric;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.results.Weighted;
import dev.tpm.results.Quantity;
import java.util.List;
import java.util.Optional;

/**
 * Table 14: weighted throughput, weighted peak RSS and the headline throughput per MiB under the
 * declared mix, with rank and distance to the best stack.
 */
public final class RatioTable implements DeviceTable {
    @Override
    public String name() {
        return "ratio";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        boolean any = d.weighted().stream().anyMatch(w -> w.mix().equals(d.declaredMix()));
        return any ? Optional.empty() : Optional.of("no weighted aggregates under the declared mix");
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Table 14 (regenerated)",
                "weighted throughput-to-RAM ratio under the declared mix '" + d.declaredMix() + "'", d));
        t.text("stack")
                .number(TableText.valueCiHeader(r, Metric.W_RPS))
                .number(TableText.valueCiHeader(r, Metric.W_PEAK_MIB))
                .number(TableText.valueCiHeader(r, Metric.W_RPS_PER_MIB))
                .number("rank")
                .number("x best")
                .text("no value because");
        for (String s : d.listedStacks()) {
            Optional<Weighted> w = Find.weighted(d, d.declaredMix(), s);
            if (w.isEmpty() || w.get().isMissing() || w.get().rank() == 0) {
                String why = w.map(Weighted::missing).filter(m -> !m.isEmpty()).orElse("no weighted value");
                t.row(s, Rounding.MISSING, Rounding.MISSING, Rounding.MISSING, "not ranked", "", why);
                continue;
            }
            Weighted x = w.get();
            t.row(s, Rounding.ci(Quantity.RPS, x.wRps()), Rounding.ci(Quantity.MIB, x.wPeakMib()),
                    Rounding.ci(Quantity.RPS_PER_MIB, x.wRpsPerMib()), Integer.toString(x.rank()),
                    Rounding.value(Quantity.RATIO, x.ratioToBest()), "");
        }
        if (!d.paretoFrontier().isEmpty()) {
            t.note("Pareto frontier (lower w_peak_mib, higher w_rps): " + String.join(", ", d.paretoFrontier()) + ".");
        }
        return t.note("w_x = sum over the CRUD endpoints of weight x group median of x; for w_rps_per_mib, x is"
                        + " the per-run rps / peak RSS (MiB) (the paper's req/s/MB). Rank by w_rps_per_mib"
                        + " (1 = highest, ties share the lowest rank); x best = best w_rps_per_mib / this stack's.")
                .note(TableText.UNRANKED_NOTE)
                .note(TableText.ciNote(r) + " CIs of weighted values: stratified bootstrap within each endpoint.")
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(List.of(Quantity.RPS, Quantity.MIB, Quantity.RPS_PER_MIB, Quantity.RATIO)))
                .note(TableText.sourceNote("weighted.csv"))
                .build();
    }
}
