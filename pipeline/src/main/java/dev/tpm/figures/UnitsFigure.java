package dev.tpm.figures;

import dev.tpm.results.Estimate;
import dev.tpm.results.Ratio;
import dev.tpm.results.Results;
import dev.tpm.results.Unit;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;

/**
 * Units of one model (outputs.md v4, analysis.md 11): per model with two or more units, each unit's
 * w_rps_per_mib under the declared mix with its CI, then the model's mean with its two-level CI,
 * one bar per stack in its colour, one panel per model. A figure across devices: drawn once, not per
 * device; its subtitle names the models and their units. Reads Results.units.
 */
public final class UnitsFigure implements StudyFigure {
    public static final String NAME = "units";
    static final String MEAN = "model mean";

    @Override
    public String name() {
        return NAME;
    }

    /** Of no seed study: written once, across devices. */
    @Override
    public String study() {
        return "";
    }

    @Override
    public String missingData(Results results) {
        return shown(results).isEmpty()
                ? "no model has " + Math.max(2, results.facts().config().minUnits())
                        + " or more units with paper campaigns that count (units.csv has no rows)" : null;
    }

    @Override
    public String describe(Results results) {
        return "Units: " + String.join("; ", shown(results).stream()
                .map(u -> u.model() + " = " + String.join(", ", u.devices())).distinct().toList());
    }

    /** units.csv's rows of w_rps_per_mib under the declared mix, in its order. */
    static List<Unit> shown(Results r) {
        String declared = r.facts().declaredMix().name();
        return r.units().stream().filter(u -> u.mix().equals(declared) && u.metric().equals(Ratio.W_RPS_PER_MIB)).toList();
    }

    /** Panels of several models on one y scale (outputs.md: panels of one figure share a scale). */
    private static void shareScale(List<XYChart> panels, List<Estimate> all, boolean log) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (Estimate e : all) {
            for (double v : new double[] {e.value(), e.lo(), e.hi()}) {
                if (Double.isFinite(v) && (!log || v > 0)) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        if (!(min <= max)) return;
        for (XYChart chart : panels) {
            chart.getStyler().setYAxisMin(log ? min / 1.15 : Math.min(0, min));
            chart.getStyler().setYAxisMax(log ? max * 1.15 : max * 1.05);
        }
    }

    private String title(Results results) {
        return "Units of one model: rps per MiB, " + results.facts().declaredMix().name() + " (new; no paper figure)";
    }

    @Override
    public String caption(Results results) {
        return "Per model with two or more units, each unit's rps per MiB under the declared mix ("
                + results.facts().declaredMix().name() + ") with its " + Layout.ciLevel(results)
                + " CI, then the model's mean over its units with its two-level bootstrap CI (units and runs resampled),"
                + " one colour per stack, one panel per model. A stack that leads on every unit and whose mean's"
                + " interval stays clear of the others' keeps its lead across units; units.csv has the ratios to the"
                + " best with their intervals.";
    }

    @Override
    public Figure build(Results results) {
        List<Unit> rows = shown(results);
        List<String> models = rows.stream().map(Unit::model).distinct().toList();
        List<String> stacks = results.stackOrder().stream()
                .filter(s -> rows.stream().anyMatch(u -> u.stack().equals(s))).toList();
        List<Estimate> all = new ArrayList<>();
        for (Unit u : rows) {
            all.addAll(u.unitEstimates());
            all.add(new Estimate(u.mean(), u.lo(), u.hi()));
        }
        boolean log = Plots.logScale(Plots.span(all));
        Theme theme = new Theme(results.stackOrder());
        String title = title(results);
        List<XYChart> panels = new ArrayList<>();
        for (String model : models) {
            List<Unit> ofModel = rows.stream().filter(u -> u.model().equals(model)).toList();
            List<String> devices = ofModel.get(0).devices();
            List<String> groups = new ArrayList<>(devices);
            groups.add(MEAN);
            Estimate[][] values = new Estimate[groups.size()][stacks.size()];
            for (int s = 0; s < stacks.size(); s++) {
                String stack = stacks.get(s);
                Unit u = ofModel.stream().filter(x -> x.stack().equals(stack)).findFirst().orElse(null);
                for (int g = 0; g < devices.size(); g++) {
                    values[g][s] = u == null || g >= u.unitEstimates().size() ? Estimate.MISSING : u.unitEstimates().get(g);
                }
                values[devices.size()][s] = u == null || Double.isNaN(u.mean()) ? Estimate.MISSING
                        : new Estimate(u.mean(), u.lo(), u.hi());
            }
            XYChart chart = theme.chart(models.size() == 1 ? Layout.SINGLE_WIDTH : Layout.PANEL_WIDTH,
                    models.size() == 1 ? Layout.SINGLE_HEIGHT : Layout.PANEL_HEIGHT, "model " + model,
                    "unit (device), then the model's mean", Plots.yTitle("rps per MiB", log));
            CategoryValues.grouped(chart, theme, groups, stacks, values, log);
            panels.add(chart);
        }
        if (panels.size() > 1) shareScale(panels, all, log);
        return new Figure(NAME, title, caption(results), Layout.columns(panels.size()), panels);
    }
}
