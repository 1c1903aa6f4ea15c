package dev.tpm.figures;

import dev.tpm.results.Metric;
import dev.tpm.results.Estimate;
import dev.tpm.results.Ratio;
import dev.tpm.results.Results;
import dev.tpm.results.Unit;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;

/**
 * Units of one model (outputs.md v5, analysis.md 11): per model with two or more units, each unit's
 * w_rps_per_mib under the declared mix with its own CI, stacks side by side within each unit in
 * their colours and markers; and each stack's geometric mean over the units drawn across them, a
 * dashed line in the stack's colour (with a shaded band for its interval where section 11 gives
 * one), never as one more unit. One panel per model. A figure across devices: drawn once, not per
 * device; its subtitle names the models and their units. Reads Results.units.
 */
public final class UnitsFigure implements StudyFigure {
    public static final String NAME = "units";
    /** The legend entry of the line style of a model's geometric mean. */
    static final String MEAN = "geometric mean of the units (dashed, across them)";
    /** The legend entry of the band of its interval. */
    static final String BAND = "its t interval (shaded)";
    /** Suffixes of the series of one stack's mean line and band. */
    static final String MEAN_SUFFIX = " geometric mean";
    static final String BAND_SUFFIX = " interval";
    /** Opacity (0-255) of a mean's interval band: the unit points stay readable through it. */
    private static final int BAND_ALPHA = 40;

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
        return r.units().stream().filter(u -> u.mix().equals(declared) && u.metric().equals(Metric.W_RPS_PER_MIB.id())).toList();
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

    /**
     * The units' names on the axis, each told apart from the others: the id, or, when two ids cut to
     * the axis's {@link CategoryAxis#MAX_NAME_CHARS} characters read alike, their ends (ids of one
     * model tend to differ at the end), else "unit i"; the subtitle names every unit in full.
     */
    static List<String> labels(List<String> devices) {
        if (devices.stream().map(CategoryAxis::shown).distinct().count() == devices.size()) return devices;
        int keep = CategoryAxis.MAX_NAME_CHARS - 1;
        List<String> ends = devices.stream()
                .map(d -> d.length() <= CategoryAxis.MAX_NAME_CHARS ? d : "\u2026" + d.substring(d.length() - keep)).toList();
        if (ends.stream().distinct().count() == devices.size()) return ends;
        List<String> numbered = new ArrayList<>();
        for (int i = 1; i <= devices.size(); i++) numbered.add("unit " + i);
        return numbered;
    }

    private String title(Results results) {
        return "Units of one model: rps per MiB, " + results.facts().declaredMix().name() + " (new; no paper figure)";
    }

    @Override
    public String caption(Results results) {
        List<Unit> rows = shown(results);
        List<String> why = new ArrayList<>();
        for (String model : rows.stream().map(Unit::model).distinct().toList()) {
            String gaps = Unit.noInterval(rows.stream().filter(u -> u.model().equals(model)).toList(),
                    results.facts().config().minUnitsCi());
            if (!gaps.isEmpty()) why.add(model + ": " + gaps);
        }
        return "Per model with two or more units, each unit's rps per MiB under the declared mix ("
                + results.facts().declaredMix().name() + ") with its own " + Layout.ciLevel(results)
                + " CI, a colour and a marker per stack; each stack's geometric mean over the units as a dashed line"
                + " across the units that have its value (none for a stack on one unit), with its t interval over the log unit values as a shaded band where analysis.md 11"
                + " gives one (min_units_ci units of one recorded machine.cpu_id); one panel per model."
                + (why.isEmpty() ? "" : " No interval where " + String.join("; ", why) + ".")
                + " units.csv has the ratios to the best, taken within each unit.";
    }

    @Override
    public Figure build(Results results) {
        List<Unit> rows = shown(results);
        List<String> models = rows.stream().map(Unit::model).distinct().toList();
        List<String> stacks = results.stackOrder().stream()
                .filter(s -> rows.stream().anyMatch(u -> u.stack().equals(s))).toList();
        List<Estimate> all = new ArrayList<>();
        for (Unit u : rows) {
            u.of().forEach(x -> all.add(x.estimate()));
            if (!Double.isNaN(u.gmean())) all.add(new Estimate(u.gmean(), u.lo(), u.hi()));
        }
        boolean log = Plots.logScale(Plots.span(all));
        boolean anyBand = rows.stream().anyMatch(u -> !Double.isNaN(u.lo()));
        Theme theme = new Theme(results.stackOrder());
        String title = title(results);
        List<XYChart> panels = new ArrayList<>();
        for (String model : models) {
            List<Unit> ofModel = rows.stream().filter(u -> u.model().equals(model)).toList();
            List<String> devices = ofModel.get(0).devices();
            Estimate[][] values = new Estimate[devices.size()][stacks.size()];
            for (int s = 0; s < stacks.size(); s++) {
                String stack = stacks.get(s);
                Unit u = ofModel.stream().filter(x -> x.stack().equals(stack)).findFirst().orElse(null);
                for (int g = 0; g < devices.size(); g++) {
                    values[g][s] = u == null || g >= u.of().size() ? Estimate.MISSING : u.of().get(g).estimate();
                }
            }
            XYChart chart = theme.chart(models.size() == 1 ? Layout.SINGLE_WIDTH : Layout.PANEL_WIDTH,
                    models.size() == 1 ? Layout.SINGLE_HEIGHT : Layout.PANEL_HEIGHT, "model " + model,
                    "unit (device)", Plots.yTitle("rps per MiB", log));
            CategoryAxis axis = CategoryValues.points(chart, theme, labels(devices), stacks, values, log);
            for (int s = 0; s < stacks.size(); s++) {
                String stack = stacks.get(s);
                Unit u = ofModel.stream().filter(x -> x.stack().equals(stack)).findFirst().orElse(null);
                // a mean of one unit is that unit's value, already drawn: no line across units it does not have
                if (u == null || Double.isNaN(u.gmean()) || u.units() < 2) continue;
                int first = -1;
                int last = -1;
                for (int g = 0; g < devices.size(); g++) {
                    if (values[g][s].isMissing()) continue;
                    if (first < 0) first = g;
                    last = g;
                }
                double[] span = CategoryValues.pointSpan(axis, first, last, stacks.size(), s);
                if (!Double.isNaN(u.lo())) {
                    Plots.polygons(chart, stack + BAND_SUFFIX, List.<double[][]>of(Plots.rect(span[0], span[1], u.lo(), u.hi())),
                            theme.fill(stack, BAND_ALPHA), null).setShowInLegend(false);
                }
                Plots.line(chart, stack + MEAN_SUFFIX, span, new double[] {u.gmean(), u.gmean()}, theme.color(stack),
                        Theme.DASHED_LINE, null).setShowInLegend(false);
            }
            if (panels.isEmpty()) {
                Plots.key(chart, MEAN, axis.centre(0), Theme.DASHED_LINE, null);
                if (anyBand) {
                    Plots.polygons(chart, BAND, List.<double[][]>of(Plots.rect(axis.centre(0), axis.centre(0), Double.NaN,
                            Double.NaN)), new java.awt.Color(0xBBBBBB), null).setShowInLegend(true);
                }
            }
            panels.add(chart);
        }
        if (panels.size() > 1) shareScale(panels, all, log);
        return new Figure(NAME, title, caption(results), Layout.columns(panels.size()), panels);
    }
}
