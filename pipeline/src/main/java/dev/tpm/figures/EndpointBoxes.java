package dev.tpm.figures;

import dev.tpm.model.Endpoints;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.GroupSample;
import dev.tpm.results.Results;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;

/**
 * Box plots of one metric's measured phase-1 runs, one panel per endpoint, one box per stack
 * (DeviceResults.samples). Shared by {@link EndpointRpsFigure} and {@link EndpointP99Figure}.
 */
final class EndpointBoxes {
    /** Suffixes of a stack's box parts; the box itself is named after the stack. */
    static final String WHISKERS = " whiskers";
    static final String MEDIAN = " median";
    static final String OUTLIERS = " outliers";

    /** Opacity (of 255) of a box's fill: light enough for the black median to stand out. */
    private static final int BOX_FILL_ALPHA = 110;
    private static final int STEPS = 8;
    private static final int BOX_HALF_WIDTH = 3;
    private static final int CAP_HALF_WIDTH = 1;

    private EndpointBoxes() {}

    /** Endpoints with runs of the metric, in data.md's order. */
    static List<String> endpoints(DeviceResults d, String metric) {
        TreeSet<String> set = new TreeSet<>((a, b) -> Endpoints.order(a) != Endpoints.order(b)
                ? Integer.compare(Endpoints.order(a), Endpoints.order(b)) : a.compareTo(b));
        for (GroupSample s : d.samples()) {
            if (s.metric().equals(metric) && present(s.values()).length > 0) set.add(s.endpoint());
        }
        return new ArrayList<>(set);
    }

    /** The stack's runs of (endpoint, metric); empty when it has none. */
    static double[] values(DeviceResults d, String stack, String endpoint, String metric) {
        for (GroupSample s : d.samples()) {
            if (s.stack().equals(stack) && s.endpoint().equals(endpoint) && s.metric().equals(metric)) {
                return present(s.values());
            }
        }
        return new double[0];
    }

    private static double[] present(double[] v) {
        return Arrays.stream(v).filter(x -> !Double.isNaN(x)).toArray();
    }

    /** Every run of the metric on the endpoints drawn. */
    private static double[] runs(DeviceResults device, String metric, List<String> endpoints) {
        return device.samples().stream().filter(s -> s.metric().equals(metric) && endpoints.contains(s.endpoint()))
                .flatMapToDouble(s -> Arrays.stream(present(s.values()))).toArray();
    }

    /**
     * One scale for every panel, by the figures' rule ({@link Plots#logScale}) over every run drawn:
     * log whenever every run is positive, so that a box's height is its runs' relative spread, the
     * same for a slow stack as for a fast one. Quartiles and medians do not depend on the axis (the
     * whiskers' 1.5 IQR is still taken on the values). A run of 0 makes every panel linear from 0.
     */
    static boolean logAxis(DeviceResults device, String metric) {
        return Plots.logScale(Arrays.stream(runs(device, metric, endpoints(device, metric))));
    }

    static Figure build(Results results, DeviceResults device, Theme theme, String name, String metric,
            String figureTitle, String yTitle, String caption) {
        List<String> endpoints = endpoints(device, metric);
        boolean single = endpoints.size() == 1;
        int minN = results.facts().config().minN();
        // one scale for every panel, log whenever it can place every run
        double[] all = runs(device, metric, endpoints);
        boolean log = logAxis(device, metric);
        double min = Arrays.stream(all).min().orElse(0);
        double max = Arrays.stream(all).max().orElse(1);
        double pad = log ? 1.15 : (max - Math.min(0, min)) * 0.05;
        List<XYChart> panels = new ArrayList<>();
        for (String endpoint : endpoints) {
            List<String> stacks = new ArrayList<>();
            List<double[]> runs = new ArrayList<>();
            List<String> without = new ArrayList<>();
            for (String stack : device.listedStacks()) {
                double[] v = values(device, stack, endpoint, metric);
                if (v.length > 0) {
                    stacks.add(stack);
                    runs.add(v);
                } else {
                    without.add(stack);
                }
            }
            String panelTitle = single ? figureTitle : Layout.endpoint(endpoint);
            if (!without.isEmpty()) panelTitle += "; no runs: " + String.join(", ", without);
            XYChart chart = theme.chart(
                    single ? Layout.SINGLE_WIDTH : Layout.PANEL_WIDTH, single ? Layout.SINGLE_HEIGHT : Layout.PANEL_HEIGHT,
                    panelTitle, "stack", Plots.yTitle(yTitle, log));
            if (!single) chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
            if (!single) chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
            CategoryAxis axis = new CategoryAxis(stacks, STEPS);
            axis.install(chart);
            for (int i = 0; i < stacks.size(); i++) {
                if (runs.get(i).length < minN) {
                    points(chart, theme, axis, i, stacks.get(i), runs.get(i));
                } else {
                    box(chart, theme, axis, i, stacks.get(i), BoxStats.of(runs.get(i)));
                }
            }
            if (runs.stream().anyMatch(r -> r.length > 0 && r.length < minN)) {
                Plots.key(chart, "points: every run of a group of n < min_n = " + minN + " (no box)", axis.centre(0), null,
                        new org.knowm.xchart.style.markers.Circle());
            }
            chart.getStyler().setYAxisLogarithmic(log);
            chart.getStyler().setYAxisMin(log ? min / pad : Math.min(0, min));
            chart.getStyler().setYAxisMax(log ? max * pad : max + pad);
            panels.add(chart);
        }
        return new Figure(name, figureTitle, caption, Layout.columns(panels.size()), panels);
    }

    /** A group below min_n: its runs as points (a box of two or three runs would suggest a distribution). */
    static final String POINTS = " runs (n < min_n)";

    private static void points(XYChart chart, Theme theme, CategoryAxis axis, int i, String stack, double[] v) {
        double[] x = new double[v.length];
        Arrays.fill(x, axis.centre(i));
        Plots.scatter(chart, stack + POINTS, x, v, theme.color(stack), theme.marker(stack)).setShowInLegend(false);
    }

    private static void box(XYChart chart, Theme theme, CategoryAxis axis, int i, String stack, BoxStats b) {
        double left = axis.x(i, -BOX_HALF_WIDTH);
        double right = axis.x(i, BOX_HALF_WIDTH);
        double centre = axis.centre(i);
        double capL = axis.x(i, -CAP_HALF_WIDTH);
        double capR = axis.x(i, CAP_HALF_WIDTH);
        Plots.polygons(chart, stack, List.<double[][]>of(Plots.rect(left, right, b.q1(), b.q3())),
                theme.fill(stack, BOX_FILL_ALPHA), theme.color(stack));
        Plots.segments(chart, stack + WHISKERS, List.of(
                new double[] {centre, b.q3(), centre, b.upperWhisker()},
                new double[] {centre, b.q1(), centre, b.lowerWhisker()},
                new double[] {capL, b.upperWhisker(), capR, b.upperWhisker()},
                new double[] {capL, b.lowerWhisker(), capR, b.lowerWhisker()}),
                theme.color(stack), Theme.WHISKER);
        Plots.segments(chart, stack + MEDIAN, List.<double[]>of(new double[] {left, b.median(), right, b.median()}),
                Theme.INK, Theme.WHISKER);
        if (b.outliers().length > 0) {
            double[] x = new double[b.outliers().length];
            Arrays.fill(x, centre);
            Plots.scatter(chart, stack + OUTLIERS, x, b.outliers(), theme.color(stack), theme.marker(stack))
                    .setShowInLegend(false);
        }
    }

    static String caption(String what, boolean log) {
        return what + " of every measured phase-1 run, per endpoint and stack, every panel on one "
                + (log ? "log scale (a box's height is its runs' relative spread)" : "linear scale (a run of 0 rules a log"
                        + " scale out)") + ". Box:"
                + " quartiles (type-7 quantiles) with the median in black; whiskers: the most extreme runs within "
                + BoxStats.TUKEY_FENCE + " IQR of the box; markers: runs beyond them. A group of fewer than min_n"
                + " runs is drawn as its runs (points), not as a box.";
    }
}
