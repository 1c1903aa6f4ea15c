package dev.tpm.tables;

import dev.tpm.results.Metric;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Ratio;
import dev.tpm.results.Results;
import dev.tpm.results.Weighted;
import dev.tpm.results.Quantity;
import java.util.List;
import java.util.Optional;

/**
 * The headline ratios with their intervals (outputs.md "ratios", analysis.md 4): each stack
 * against the best on w_rps_per_mib, w_rps, w_peak_mib and w_p99_ms under the declared mix, the
 * ratio read as "the best is ratio times better than this stack".
 */
public final class RatiosTable implements DeviceTable {
    /** The metrics of the table, in its column order (outputs.md). */
    static final List<String> METRICS = List.of(Metric.W_RPS_PER_MIB.id(), Metric.W_RPS.id(), Metric.W_PEAK_MIB.id(), Metric.W_P99_MS.id());

    @Override
    public String name() {
        return "ratios";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        boolean any = METRICS.stream().anyMatch(m -> !d.ratios(d.declaredMix(), m).isEmpty());
        return any ? Optional.empty() : Optional.of("no weighted value under the declared mix to compare");
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Ratios to the best (new)",
                "each stack against the best under the declared mix '" + d.declaredMix() + "', with "
                        + TableText.ciLabel(r) + "s", d));
        t.text("stack");
        for (String m : METRICS) t.number(m + ": x best [" + TableText.ciLabel(r) + "]");
        t.text("no value because");
        for (String s : d.listedStacks()) {
            List<String> cells = new java.util.ArrayList<>();
            cells.add(s);
            boolean any = false;
            for (String m : METRICS) {
                Optional<Ratio> x = d.ratios(d.declaredMix(), m).stream().filter(y -> y.stack().equals(s)).findFirst();
                any |= x.isPresent();
                cells.add(x.map(RatiosTable::cell).orElse(Rounding.MISSING));
            }
            String why = "";
            if (!any) {
                why = Find.weighted(d, d.declaredMix(), s).map(Weighted::missing).filter(w -> !w.isEmpty()).orElse("no weighted value");
            }
            cells.add(why);
            t.row(cells.toArray(new String[0]));
        }
        for (String m : METRICS) {
            List<Ratio> rows = d.ratios(d.declaredMix(), m);
            if (rows.isEmpty()) continue;
            Ratio best = rows.get(0);
            Quantity q = Metric.aggregate(m).quantity();
            t.note("Best on " + m + " (" + (Metric.aggregate(m).higherIsBetter() ? "higher" : "lower") + " is better): " + best.best() + ", "
                    + Rounding.value(q, rows.stream().filter(Ratio::isBest).findFirst().orElseThrow().value()) + " " + q.unit() + ".");
        }
        return t.note("x best = best / this stack for a higher-is-better metric (w_rps_per_mib, w_rps), this stack / best for a"
                        + " lower-is-better one (w_peak_mib, w_p99_ms): the best is that many times better. Its interval is the"
                        + " percentile interval of the ratio of replicate b of the best's stratified bootstrap to replicate b of"
                        + " this stack's (the replicates of weighted.csv's CIs; each stack's from its own streams).")
                .note("tied: the interval reaches 1, so the data do not tell this stack from the best (analysis.md 7); the"
                        + " best's own cell reads 'best'.")
                .note(TableText.ciNote(r))
                .note(Rounding.note(List.of(Quantity.RATIO)))
                .note(TableText.sourceNote("ratios.csv"))
                .build();
    }

    /** "2.57 [2.55, 2.59]", "1.02 [0.97, 1.08] tied", "best", or "1.40 (no interval)". */
    static String cell(Ratio x) {
        if (x.isBest()) return "best";
        if (!x.hasInterval()) return Rounding.value(Quantity.RATIO, x.ratio()) + " (no interval)";
        String s = Rounding.value(Quantity.RATIO, x.ratio()) + " [" + Rounding.value(Quantity.RATIO, x.ratioLo()) + ", "
                + Rounding.value(Quantity.RATIO, x.ratioHi()) + "]";
        return Boolean.TRUE.equals(x.tied()) ? s + " tied" : s;
    }
}
