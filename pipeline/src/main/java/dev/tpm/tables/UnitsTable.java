package dev.tpm.tables;

import dev.tpm.results.Metric;
import dev.tpm.results.Estimate;
import dev.tpm.results.Ratio;
import dev.tpm.results.Results;
import dev.tpm.results.Unit;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Units of one model (new; analysis.md 11, version 5): per model with two or more units, each
 * unit's value of the declared mix's w_rps_per_mib, w_rps and w_peak_mib per stack beside the
 * model's geometric mean, the spread between units and the ratio to the best (taken within each
 * unit, then combined); the model's hardware (machine.cpu_id) in a column and each unit's in the
 * caption. Intervals only where section 11 gives them (min_units_ci units of one recorded
 * hardware); where it gives none the caption says why. Under the table: what else differs between
 * the units' campaigns ({@link SetupNotes}).
 */
public final class UnitsTable implements SharedTable {
    /** The declared mix's metrics the table shows, in this order. */
    static final List<String> METRICS = List.of(Metric.W_RPS_PER_MIB.id(), Metric.W_RPS.id(), Metric.W_PEAK_MIB.id());

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

    /** units.csv's hardware in words: the cpu_id, "mixed", or "not recorded". */
    static String hardware(String h) {
        return h.isEmpty() ? SetupNotes.NOT_RECORDED : h;
    }

    /** The one unit with a value on a row that rests on one unit. */
    static String onlyUnit(Unit u) {
        return u.of().stream().filter(x -> !x.estimate().isMissing()).map(Unit.OfUnit::device).findFirst().orElse("");
    }

    @Override
    public TableModel build(Results r) {
        List<Unit> rows = shown(r);
        int units = rows.stream().mapToInt(u -> u.of().size()).max().orElse(0);
        int minUnitsCi = TableText.config(r).minUnitsCi();
        List<String> models = rows.stream().map(Unit::model).distinct().toList();
        List<String> unitNames = new ArrayList<>();
        List<String> why = new ArrayList<>();
        List<String> devices = new ArrayList<>();
        for (String model : models) {
            Unit first = rows.stream().filter(u -> u.model().equals(model)).findFirst().orElseThrow();
            List<String> named = new ArrayList<>();
            for (Unit.OfUnit x : first.of()) {
                named.add(x.device() + " (cpu_id " + hardware(x.hardware()) + ", probe "
                        + (Double.isNaN(x.probeCpu()) ? "none" : Rounding.fixed(x.probeCpu(), 1) + " events/s") + ")");
                if (!devices.contains(x.device())) devices.add(x.device());
            }
            unitNames.add(model + " = " + String.join(", ", named));
            String gaps = Unit.noInterval(rows.stream().filter(u -> u.model().equals(model)).toList(), minUnitsCi,
                    TableText.config(r).probeTolerance());
            if (!gaps.isEmpty()) why.add(model + ": " + gaps);
        }
        boolean anyInterval = rows.stream().anyMatch(Unit::hasInterval);
        String ci = TableText.ciLabel(r);
        TableModel.Builder t = TableModel.builder(name(), "Units of one model (new; no paper table): each unit's value of"
                + " the declared mix (" + r.facts().declaredMix().name() + ") beside the model's geometric mean, the spread"
                + " between units and the ratio to the best, per model (" + String.join(", ", models) + "). Units and their"
                + " hardware: " + String.join("; ", unitNames) + "."
                + (why.isEmpty() ? "" : " No interval for the model (analysis.md 11) where " + String.join("; ", why) + "."));
        t.text("model").text("hardware").text("metric").text("stack");
        for (int i = 1; i <= units; i++) t.text("unit " + i);
        t.number(anyInterval ? "geometric mean [" + ci + "]" : "geometric mean").number("spread (max / min)").text("best")
                .number(anyInterval ? "ratio to best [" + ci + "]" : "ratio to best");
        Set<Quantity> used = EnumSet.of(Quantity.RATIO);
        for (String model : models) {
            for (String metric : METRICS) {
                List<Unit> group = rows.stream().filter(u -> u.model().equals(model) && u.metric().equals(metric)).toList();
                if (group.isEmpty()) continue;
                t.group();
                Quantity q = Metric.aggregate(metric).quantity();
                used.add(q);
                for (Unit u : group) {
                    List<String> cells = new ArrayList<>(List.of(u.model(), hardware(u.hardware()),
                            metric + " (" + q.unit() + ")", u.stack()));
                    for (int i = 0; i < units; i++) {
                        cells.add(i < u.of().size() ? u.of().get(i).device() + ": " + Rounding.ci(q, u.of().get(i).estimate()) : "");
                    }
                    // lo and hi are empty (NaN) where section 11 gives no interval, so the value prints alone;
                    // outputs.md version 6: a stack on one unit shows that unit's value, no mean and no spread
                    if (u.oneUnit()) {
                        cells.add(Rounding.value(q, u.gmean()) + " (" + onlyUnit(u) + "'s value; 1 of " + u.of().size() + " units)");
                        cells.add("none (one unit)");
                    } else {
                        cells.add((Double.isNaN(u.gmean()) ? Rounding.MISSING : Rounding.ci(q, new Estimate(u.gmean(), u.lo(), u.hi())))
                                + (u.fewerUnits() ? " (" + u.units() + " of " + u.of().size() + " units)" : ""));
                        cells.add(Rounding.value(Quantity.RATIO, u.spread()));
                    }
                    cells.add(u.best());
                    String ratio = Double.isNaN(u.ratio()) ? Rounding.MISSING
                            : Rounding.ci(Quantity.RATIO, new Estimate(u.ratio(), u.ratioLo(), u.ratioHi()));
                    if (Boolean.TRUE.equals(u.tied()) && !u.stack().equals(u.best())) ratio += " (tied)";
                    if (!u.missing().isEmpty()) ratio += " (" + u.units() + " of " + u.of().size() + " units; " + u.missing() + ")";
                    cells.add(ratio);
                    t.row(cells.toArray(String[]::new));
                }
            }
        }
        return t.note("Each unit's value is its device's weighted.csv value with that device's " + ci
                        + " (runs of one unit only). The model's value is the geometric mean of its unit values; its interval,"
                        + " where given, is the t interval over the log unit values with U - 1 degrees of freedom (analysis.md"
                        + " 11), given only from min_units_ci = " + minUnitsCi + " units of one recorded hardware"
                        + " (machine.cpu_id): it is the width a finding must allow for on a unit not yet measured.")
                .note("ratio to best: per unit best / stack for w_rps_per_mib and w_rps, stack / best for w_peak_mib,"
                        + " then the geometric mean over the units with values for both, so a unit that is fast for every"
                        + " stack cancels out; (tied) marks an interval that reaches 1. A stack without a value on some unit"
                        + " is computed over the units that have one, which its ratio cell names.")
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(used))
                .note(TableText.sourceNote("units.csv"))
                .notes(SetupNotes.of(r, devices, "the units' campaigns"))
                .build();
    }
}
