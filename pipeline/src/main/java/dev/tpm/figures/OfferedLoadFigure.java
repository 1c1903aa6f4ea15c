package dev.tpm.figures;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.OfferedLoad;
import dev.tpm.results.Results;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Cross;

/**
 * Phase 4 (analysis.md 10): median p99 latency against the offered rate, both on log axes, one line
 * per stack in its colour and marker with the CI of the median p99, the latency target as a
 * horizontal dashed line, and the rates at which the server did not keep up marked with a cross.
 * One panel per endpoint, all on the same scale. Reads DeviceResults.offeredLoad.
 */
public final class OfferedLoadFigure implements FigureBuilder {
    public static final String NAME = "offered_load";
    static final String TARGET = "target p99";
    static final String NOT_KEPT_UP = "did not keep up";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return device.offeredLoad().stream().anyMatch(p -> p.latP99Ms().value() > 0) ? null
                : "no measured phase-4 runs (open loop at offered load)";
    }

    /** The stats stage's one line already says that phase 4 is absent. */
    @Override
    public boolean reportsLacking() {
        return false;
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device, "Latency at offered load, phase 4 (new; no paper figure)");
    }

    private static Set<String> shown(DeviceResults device) {
        Set<String> shown = new LinkedHashSet<>();
        device.offeredLoad().forEach(p -> shown.add(p.stack()));
        return shown;
    }

    @Override
    public LeftOut leftOut(Results results, DeviceResults device) {
        return Layout.leftOut(device, shown(device), "no measured phase-4 runs");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        var cfg = results.facts().config();
        return "Median p99 latency of the measured phase-4 runs (open loop, latency from each request's scheduled"
                + " start) at each offered rate, per stack, both axes logarithmic; whiskers: " + Layout.ciLevel(results)
                + " bootstrap CIs of the median, drawn only for rates of at least min_n = " + cfg.minN() + " runs; an open"
                + " marker is a median of fewer runs, without a CI. Dashed line: the target,"
                + " latency_slo_ms = " + dev.tpm.codec.Num.csv(cfg.latencySloMs()) + " ms. Crosses: rates at which the median"
                + " achieved rate fell below kept_up_ratio = " + dev.tpm.codec.Num.csv(cfg.keptUpRatio()) + " x the offered rate."
                + leftOut(results, device).captionSuffix();
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        double slo = results.facts().config().latencySloMs();
        List<String> endpoints = device.offeredLoad().stream().map(OfferedLoad::endpoint).distinct().toList();
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = 0;
        double yMin = slo;
        double yMax = slo;
        for (OfferedLoad p : device.offeredLoad()) {
            xMin = Math.min(xMin, p.offeredRps());
            xMax = Math.max(xMax, p.offeredRps());
            Estimate e = p.latP99Ms();
            for (double v : new double[] {e.value(), e.lo(), e.hi()}) {
                if (v > 0) {
                    yMin = Math.min(yMin, v);
                    yMax = Math.max(yMax, v);
                }
            }
        }
        List<XYChart> panels = new ArrayList<>();
        for (String endpoint : endpoints) {
            String panelTitle = endpoints.size() > 1 ? Layout.endpoint(endpoint) : title(results, device);
            panels.add(panel(device, theme, endpoint, panelTitle, slo, xMin, xMax, yMin, yMax,
                    results.facts().config().minN()));
        }
        return new Figure(NAME, title(results, device), caption(results, device), Layout.columns(panels.size()), panels);
    }

    private static XYChart panel(DeviceResults d, Theme theme, String endpoint, String panelTitle, double slo,
            double xMin, double xMax, double yMin, double yMax, int minN) {
        XYChart chart = theme.chart(Layout.PANEL_WIDTH + 160, Layout.PANEL_HEIGHT + 120, panelTitle,
                "offered rate (req/s, log scale) on " + Layout.endpoint(endpoint), "median p99 latency (ms, log scale)");
        var s = chart.getStyler();
        s.setXAxisLogarithmic(true);
        s.setYAxisLogarithmic(true);
        s.setXAxisMin(xMin);
        s.setXAxisMax(xMax);
        s.setYAxisMin(yMin);
        s.setYAxisMax(yMax);
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Horizontal);
        List<double[]> notKeptUp = new ArrayList<>();
        boolean anySmall = false;
        for (String stack : d.listedStacks()) {
            List<OfferedLoad> pts = d.offeredLoad().stream()
                    .filter(p -> p.stack().equals(stack) && p.endpoint().equals(endpoint) && p.latP99Ms().value() > 0).toList();
            if (pts.isEmpty()) continue;
            List<double[]> whiskers = new ArrayList<>();
            for (OfferedLoad p : pts) {
                if (Plots.hasCi(p.latP99Ms())) whiskers.add(new double[] {p.offeredRps(), p.latP99Ms().lo(), p.offeredRps(), p.latP99Ms().hi()});
                if (!p.keptUp()) notKeptUp.add(new double[] {p.offeredRps(), p.latP99Ms().value()});
            }
            if (!whiskers.isEmpty()) Plots.segments(chart, stack + Plots.CI, whiskers, theme.color(stack), Theme.WHISKER);
            Plots.line(chart, stack, pts.stream().mapToDouble(OfferedLoad::offeredRps).toArray(),
                    pts.stream().mapToDouble(p -> p.latP99Ms().value()).toArray(), theme.color(stack), Theme.DATA_LINE,
                    theme.marker(stack));
            // a median of fewer than min_n runs, open over its filled marker, as the sweep draws it
            List<OfferedLoad> small = pts.stream().filter(p -> p.n() < minN).toList();
            if (!small.isEmpty()) {
                anySmall = true;
                Plots.scatter(chart, stack + SweepFigure.SMALL_N, small.stream().mapToDouble(OfferedLoad::offeredRps).toArray(),
                        small.stream().mapToDouble(p -> p.latP99Ms().value()).toArray(), theme.color(stack),
                        theme.openMarker(stack)).setShowInLegend(false);
            }
        }
        // the target across the whole x range, dashed, in ink
        XYSeries target = Plots.line(chart, TARGET + " = " + dev.tpm.codec.Num.csv(slo) + " ms", new double[] {xMin, xMax},
                new double[] {slo, slo}, Theme.INK, Theme.FRONTIER, null);
        target.setShowInLegend(true);
        if (!notKeptUp.isEmpty()) {
            Plots.scatter(chart, NOT_KEPT_UP, notKeptUp.stream().mapToDouble(p -> p[0]).toArray(),
                    notKeptUp.stream().mapToDouble(p -> p[1]).toArray(), Theme.INK, new Cross());
        }
        if (anySmall) Plots.key(chart, SweepFigure.smallNKey(minN), xMin, null, new Theme.OpenMarker(new org.knowm.xchart.style.markers.Circle()));
        return chart;
    }
}
