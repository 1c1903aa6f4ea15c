package dev.tpm.tables;

import dev.tpm.results.Metric;
import dev.tpm.model.Mix;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.results.Sensitivity;
import dev.tpm.results.Weighted;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Table 22: w_rps_per_mib and its rank per stack under every mix, with Kendall's tau-b between
 * each mix's ranking and the declared mix's.
 */
public final class SensitivityTable implements DeviceTable {
    @Override
    public String name() {
        return "sensitivity";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.weighted().isEmpty() ? Optional.of("no weighted aggregates") : Optional.empty();
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Table 22 (regenerated)",
                "workload-mix sensitivity of the throughput-to-RAM ranking", d));
        t.text("mix").text("stack").number(TableText.valueCiHeader(r, Metric.W_RPS_PER_MIB))
                .number("rank").number("Kendall tau-b vs declared").number("p").text("no value because");
        for (String mix : mixes(r, d)) {
            t.group();
            Optional<Sensitivity> s = d.sensitivity().stream().filter(x -> x.mix().equals(mix)).findFirst();
            boolean first = true;
            for (String stack : d.listedStacks()) {
                Optional<Weighted> w = Find.weighted(d, mix, stack);
                String label = mix + (mix.equals(d.declaredMix()) ? " (declared)" : "");
                String tau = first ? s.map(x -> Rounding.value(Quantity.EFFECT, x.kendallTau())).orElse(Rounding.MISSING) : "";
                // analysis.md 4 (version 3): the declared mix against itself tests nothing, so it has no p
                boolean itself = mix.equals(d.declaredMix());
                String p = !first ? "" : itself ? NOT_TESTED : s.map(x -> Rounding.p(x.p())).orElse(Rounding.MISSING);
                first = false;
                if (w.isEmpty() || w.get().isMissing() || w.get().rank() == 0) {
                    String why = w.map(Weighted::missing).filter(m -> !m.isEmpty()).orElse("no weighted value");
                    t.row(label, stack, Rounding.MISSING, "not ranked", tau, p, why);
                    continue;
                }
                t.row(label, stack, Rounding.ci(Quantity.RPS_PER_MIB, w.get().wRpsPerMib()),
                        Integer.toString(w.get().rank()), tau, p, "");
            }
        }
        return t.note("Rank by w_rps_per_mib within the mix (1 = highest). Kendall's tau-b compares each mix's"
                        + " ranking of the stacks with the declared mix's (1 = same order), p as scipy.stats.kendalltau"
                        + " gives it, over the stacks ranked under both mixes; shown on the first row of each mix. The"
                        + " declared mix compared with itself has tau = 1 and no p (" + NOT_TESTED + ").")
                .note(TableText.UNRANKED_NOTE)
                .note(TableText.ciNote(r) + " CIs of weighted values: stratified bootstrap within each endpoint.")
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(List.of(Quantity.RPS_PER_MIB, Quantity.EFFECT)) + " p-values as in the tests table.")
                .note("Mix weights: the mixes table (Table 7). " + TableText.sourceNote("weighted.csv and sensitivity.csv"))
                .build();
    }

    /** The p cell of the declared mix against itself. */
    static final String NOT_TESTED = "not tested";

    /** Mixes in mixes.csv order (declared first), then any other mix the results hold. */
    private static List<String> mixes(Results r, DeviceResults d) {
        Set<String> names = new LinkedHashSet<>();
        names.add(d.declaredMix());
        for (Mix m : r.facts().mixes()) names.add(m.name());
        for (Weighted w : d.weighted()) names.add(w.mix());
        List<String> present = new ArrayList<>();
        for (String n : names) {
            if (d.weighted().stream().anyMatch(w -> w.mix().equals(n))) present.add(n);
        }
        return present;
    }
}
