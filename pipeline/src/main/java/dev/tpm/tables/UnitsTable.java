package dev.tpm.tables;

import dev.tpm.results.Estimate;
import dev.tpm.results.Ratio;
import dev.tpm.results.Results;
import dev.tpm.results.Unit;
import dev.tpm.tables.Rounding.Quantity;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Units of one model (new; analysis.md 11): per model with two or more units, each unit's value of
 * the declared mix's w_rps_per_mib, w_rps and w_peak_mib per stack beside the model's mean with its
 * two-level CI, the spread between units and the ratio to the best with its interval. Whether a
 * stack's lead survives the change of unit reads off the ratio's interval: one that excludes 1 held
 * on every unit drawn.
 */
public final class UnitsTable implements SharedTable {
    /** The declared mix's metrics the table shows, in this order. */
    static final List<String> METRICS = List.of(Ratio.W_RPS_PER_MIB, Ratio.W_RPS, Ratio.W_PEAK_MIB);

    @Override
    public String name() {
        return "units";
    }

    @Override
    public Optional<String> lacking(Results r) {
        return shown(r).isEmpty()
                ? Optional.of("no model has " + Math.max(2, TableText.config(r).minUnits())
                        + " or more units with paper campaigns that count (units.csv has no rows)")
                : Optional.empty();
    }

    /** The rows of the declared mix's metrics, in units.csv's order. */
    static List<Unit> shown(Results r) {
        String declared = r.facts().declaredMix().name();
        return r.units().stream().filter(u -> u.mix().equals(declared) && METRICS.contains(u.metric())).toList();
    }

    @Override
    public TableModel build(Results r) {
        List<Unit> rows = shown(r);
        int units = rows.stream().mapToInt(u -> u.devices().size()).max().orElse(0);
        List<String> models = rows.stream().map(Unit::model).distinct().toList();
        TableModel.Builder t = TableModel.builder(name(), "Units of one model (new; no paper table): each unit's value of the"
                + " declared mix (" + r.facts().declaredMix().name() + ") beside the model's mean and its two-level "
                + TableText.ciLabel(r) + ", per model (" + String.join(", ", models) + "). Units: "
                + String.join("; ", rows.stream().map(u -> u.model() + " = " + String.join(", ", u.devices())).distinct().toList())
                + ".");
        t.text("model").text("metric").text("stack");
        for (int i = 1; i <= units; i++) t.text("unit " + i);
        t.number("mean [" + TableText.ciLabel(r) + "]").number("spread (max / min)").text("best")
                .number("ratio to best [" + TableText.ciLabel(r) + "]");
        Set<Quantity> used = EnumSet.of(Quantity.RATIO);
        List<String> order = new ArrayList<>();
        for (String model : models) for (String metric : METRICS) order.add(model + "\u0000" + metric);
        for (String key : order) {
            String model = key.substring(0, key.indexOf('\u0000'));
            String metric = key.substring(key.indexOf('\u0000') + 1);
            List<Unit> group = rows.stream().filter(u -> u.model().equals(model) && u.metric().equals(metric)).toList();
            if (group.isEmpty()) continue;
            t.group();
            Quantity q = Quantity.forMetric(metric);
            used.add(q);
            for (Unit u : group) {
                List<String> cells = new ArrayList<>(List.of(u.model(), metric + " (" + q.unit() + ")", u.stack()));
                for (int i = 0; i < units; i++) {
                    cells.add(i < u.devices().size()
                            ? u.devices().get(i) + ": " + Rounding.ci(q, u.unitEstimates().get(i)) : "");
                }
                cells.add(Rounding.ci(q, new Estimate(u.mean(), u.lo(), u.hi())));
                cells.add(Rounding.value(Quantity.RATIO, u.spread()));
                cells.add(u.best());
                String ratio = Rounding.ci(Quantity.RATIO, new Estimate(u.ratio(), u.ratioLo(), u.ratioHi()));
                if (Boolean.TRUE.equals(u.tied()) && !u.stack().equals(u.best())) ratio += " (tied)";
                if (!u.missing().isEmpty()) ratio = "no mean: " + u.missing();
                cells.add(ratio);
                t.row(cells.toArray(String[]::new));
            }
        }
        return t.note("Each unit's value is its device's weighted.csv value with that device's " + TableText.ciLabel(r)
                        + " (runs of one unit only). The model's interval is the two-level bootstrap of analysis.md 11:"
                        + " each replicate draws the units with replacement and, for each, one replicate of that unit's own"
                        + " bootstrap, with the same draws for every stack, so a slow unit slows every stack alike. With two"
                        + " or three units the interval is wide: it is the width a finding must allow for on a unit not yet"
                        + " measured.")
                .note("ratio to best: best / stack for w_rps_per_mib and w_rps, stack / best for w_peak_mib (>= 1); a"
                        + " stack's lead over another survives the change of unit when the other's interval lies above 1;"
                        + " (tied) marks an interval that reaches 1.")
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(used))
                .note(TableText.sourceNote("units.csv"))
                .build();
    }
}
