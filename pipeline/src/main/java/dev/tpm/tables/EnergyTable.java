package dev.tpm.tables;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.GroupSample;
import dev.tpm.results.GroupStat;
import dev.tpm.results.Results;
import dev.tpm.results.Weighted;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.DoubleStream;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * Table 17 (exploratory): weighted energy per request, median mean power and the energy median of
 * each endpoint.
 */
public final class EnergyTable implements DeviceTable {
    @Override
    public String name() {
        return "energy";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return Find.endpointsWith(d, Metrics.ENERGY_MJ_PER_REQ).isEmpty()
                ? Optional.of("no energy values (no power source recorded)")
                : Optional.empty();
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        List<String> endpoints = Find.endpointsWith(d, Metrics.ENERGY_MJ_PER_REQ);
        TableModel.Builder t = TableModel.builder(name(), caption(d));
        t.text("stack").number(TableText.valueCiHeader(r, "w_energy_mj", Quantity.ENERGY_MJ))
                .number(TableText.withUnit("mean power, median", Quantity.POWER_W));
        for (String e : endpoints) t.number(TableText.withUnit("energy " + e + ", median", Quantity.ENERGY_MJ));
        for (String s : d.stacks()) {
            List<String> cells = new ArrayList<>();
            cells.add(s);
            cells.add(Rounding.ci(Quantity.ENERGY_MJ,
                    Find.weighted(d, d.declaredMix(), s).map(Weighted::wEnergyMj).orElse(Estimate.MISSING)));
            cells.add(Rounding.value(Quantity.POWER_W, medianPowerW(d, s)));
            for (String e : endpoints) {
                cells.add(Rounding.value(Quantity.ENERGY_MJ,
                        Find.groupStat(d, s, e, Metrics.ENERGY_MJ_PER_REQ).map(GroupStat::median).orElse(Double.NaN)));
            }
            t.row(cells);
        }
        return t.note("Energy per request = energy over the load window x 1000 / requests. w_energy_mj: weighted"
                        + " median of the per-run values under the declared mix '" + d.declaredMix() + "' (a run of"
                        + " endpoint e weighs w_e / n_e); empty unless every CRUD endpoint has energy values.")
                .note("Mean power: median over the stack's measured CRUD runs of the mean power over the load window.")
                .note(TableText.ciNote(r) + " CI of w_energy_mj: stratified bootstrap within each endpoint.")
                .note(Rounding.note(List.of(Quantity.ENERGY_MJ, Quantity.POWER_W)))
                .note(TableText.sourceNote("weighted.csv and group_stats.csv"))
                .build();
    }

    /** The caption says what the power reading is and that energy is exploratory. */
    static String caption(DeviceResults d) {
        String source = d.device().powerSource() == null ? "" : d.device().powerSource();
        String caveat = switch (source) {
            case "pmic" -> " PMIC power is an estimate: the PMIC has no input-current channel, so the sum over"
                    + " its rails misses conversion losses.";
            case "rapl" -> " RAPL counts the processor package only, not the whole machine.";
            default -> "";
        };
        return TableText.caption("Table 17 (regenerated)", "energy per request (exploratory)", d) + caveat
                + " Energy is exploratory: board-level power, not process-level, and partly determined by throughput.";
    }

    /** Median (type 7) of the mean power of every measured CRUD run of the stack; NaN when none. */
    static double medianPowerW(DeviceResults d, String stack) {
        double[] values = d.samples().stream()
                .filter(g -> g.stack().equals(stack) && g.metric().equals(Metrics.MEAN_POWER_W)
                        && Endpoints.CRUD.contains(g.endpoint()))
                .flatMapToDouble((GroupSample g) -> DoubleStream.of(g.values()))
                .filter(v -> !Double.isNaN(v))
                .toArray();
        if (values.length == 0) return Double.NaN;
        return new Percentile().withEstimationType(Percentile.EstimationType.R_7).evaluate(values, 50.0);
    }
}
