package dev.tpm.figures;

import dev.tpm.model.Endpoints;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.DriftRuns;
import dev.tpm.results.DriftTest;
import dev.tpm.results.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;

/**
 * Stability diagnostics (analysis.md 9): each measured phase-1 run's rps over its group's median
 * against the run's position among the device's measured phase-1 runs, a panel per endpoint, a mark
 * per stack (DeviceResults.drift().runs()); every panel on one scale. A panel's title names its
 * drifting groups with their rho. A flat band around 1 is what exchangeable runs look like.
 */
public final class DriftFigure implements FigureBuilder {
    public static final String NAME = "drift";

    /** The line at rps / median = 1. */
    static final String MEDIAN_LINE = "group median";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return device.drift().runs().isEmpty() ? "no measured phase-1 runs" : null;
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device, "Throughput against run order, phase 1 (no paper figure; stability diagnostics)");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return "Each measured phase-1 run's throughput divided by the median of its group (stack and endpoint),"
                + " against the run's position among the device's " + device.drift().measuredRuns() + " measured phase-1"
                + " runs ordered by campaign id and seq, a panel per endpoint, every panel on one scale. Runs that can be"
                + " exchanged scatter evenly around 1; a slope means throughput drifts with run order. A panel title"
                + " names the groups whose Spearman rho of rps on position stays significant under Holm"
                + " (the drift table)." + leftOut(results, device).captionSuffix();
    }

    @Override
    public LeftOut leftOut(Results results, DeviceResults device) {
        return Layout.leftOut(device, device.drift().runs().stream().map(DriftRuns::stack).distinct().toList(),
                "no measured phase-1 runs");
    }

    /** Endpoints with runs, in data.md's order. */
    static List<String> endpoints(DeviceResults d) {
        TreeSet<String> set = new TreeSet<>((a, b) -> Endpoints.order(a) != Endpoints.order(b)
                ? Integer.compare(Endpoints.order(a), Endpoints.order(b)) : a.compareTo(b));
        for (DriftRuns r : d.drift().runs()) set.add(r.endpoint());
        return new ArrayList<>(set);
    }

    /** A run's rps over its group's median; NaN for a median of 0. */
    static double[] relative(DriftRuns r) {
        double[] y = new double[r.rps().length];
        for (int i = 0; i < y.length; i++) y[i] = r.median() == 0 ? Double.NaN : r.rps()[i] / r.median();
        return y;
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        String title = title(results, device);
        List<String> endpoints = endpoints(device);
        boolean single = endpoints.size() == 1;
        double lo = 1;
        double hi = 1;
        for (DriftRuns r : device.drift().runs()) {
            for (double v : relative(r)) {
                if (Double.isNaN(v)) continue;
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        double pad = (hi - lo) * 0.05 + 1e-3;
        int last = Math.max(1, device.drift().measuredRuns());
        List<XYChart> panels = new ArrayList<>();
        for (String endpoint : endpoints) {
            String panelTitle = single ? title : Layout.endpoint(endpoint);
            List<String> drifts = new ArrayList<>();
            for (DriftTest t : device.drift().drifting()) {
                if (t.endpoint().equals(endpoint)) drifts.add(t.stack() + " " + String.format(Locale.ROOT, "%+.2f", t.rho()));
            }
            if (!drifts.isEmpty()) panelTitle += "; drifts: " + String.join(", ", drifts);
            XYChart chart = theme.chart(single ? Layout.SINGLE_WIDTH : Layout.PANEL_WIDTH,
                    single ? Layout.SINGLE_HEIGHT : Layout.PANEL_HEIGHT, panelTitle,
                    "run position (measured phase-1 runs by campaign, seq)", "relative throughput (rps / group median)");
            chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
            chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
            chart.getStyler().setxAxisTickLabelsFormattingFunction(x -> String.format(Locale.ROOT, "%.0f", x));
            Plots.segments(chart, MEDIAN_LINE, List.<double[]>of(new double[] {0, 1, last + 1, 1}), Theme.FRAME, Theme.THIN_LINE);
            for (String stack : device.listedStacks()) {
                Optional<DriftRuns> r = device.drift().runs().stream()
                        .filter(x -> x.stack().equals(stack) && x.endpoint().equals(endpoint)).findFirst();
                if (r.isEmpty()) continue;
                double[] x = java.util.Arrays.stream(r.get().positions()).asDoubleStream().toArray();
                Plots.scatter(chart, stack, x, relative(r.get()), theme.color(stack), theme.marker(stack));
            }
            chart.getStyler().setXAxisMin(0.0);
            chart.getStyler().setXAxisMax((double) last + 1);
            chart.getStyler().setYAxisMin(lo - pad);
            chart.getStyler().setYAxisMax(hi + pad);
            panels.add(chart);
        }
        return new Figure(NAME, title, caption(results, device), Layout.columns(panels.size()), panels);
    }
}
