package dev.tpm.figures;

import dev.tpm.results.Estimate;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Point estimates with their CIs per stack, optionally grouped (one group per mix): bars from zero
 * on a linear axis, points on a log axis (a bar has no zero to start from there). Each stack in its
 * theme colour; the CI a whisker from lo to hi.
 */
final class CategoryValues {
    /** Grid steps per category when each stack is its own category; a bar is 6 steps wide. */
    private static final int SINGLE_STEPS = 8;
    private static final int SINGLE_HALF_WIDTH = 3;
    /** Gap between a bar's top (or CI) and its value label, as a fraction of the tallest. */
    private static final double LABEL_PAD = 0.035;
    /** Name of the invisible point that keeps the value labels inside the plot. */
    static final String HEADROOM = "__headroom";

    private CategoryValues() {}

    /**
     * One category per stack.
     *
     * @param values one estimate per stack, same order; missing estimates are left out
     */
    /**
     * A whole one-panel figure of one estimate per stack: a log axis (with dots) when the values
     * span more than two decades, bars from zero otherwise.
     */
    static Figure figure(Theme theme, String name, String title, String caption, String yLabel, List<String> stacks,
            List<Estimate> values) {
        boolean log = Plots.wantsLog(Plots.span(values));
        XYChart chart = theme.chart(Layout.SINGLE_WIDTH, Layout.SINGLE_HEIGHT, title, "stack", Plots.yTitle(yLabel, log));
        perStack(chart, theme, stacks, values, log);
        return new Figure(name, title, caption, 1, List.of(chart));
    }

    static void perStack(XYChart chart, Theme theme, List<String> stacks, List<Estimate> values, boolean log) {
        CategoryAxis axis = new CategoryAxis(stacks, SINGLE_STEPS);
        axis.install(chart);
        double top = values.stream().filter(e -> !e.isMissing()).mapToDouble(CategoryValues::top).max().orElse(0);
        double pad = LABEL_PAD * top;
        for (int s = 0; s < stacks.size(); s++) {
            Estimate e = values.get(s);
            if (e.isMissing()) continue;
            draw(chart, theme, stacks.get(s), log,
                    List.of(new Slot(axis.centre(s), axis.x(s, -SINGLE_HALF_WIDTH), axis.x(s, SINGLE_HALF_WIDTH),
                            axis.x(s, -1), axis.x(s, 1), e)));
            if (!log) {
                chart.addAnnotation(new AnnotationText(Layout.number(e.value()), axis.centre(s), top(e) + pad, false));
            }
        }
        if (!log && top > 0) {
            // room above the tallest label: a point that is never drawn
            Plots.scatter(chart, HEADROOM, new double[] {axis.x(-1, 0)}, new double[] {top + 2 * pad}, Theme.INK,
                    SeriesMarkers.NONE).setShowInLegend(false);
        }
        chart.getStyler().setYAxisLogarithmic(log);
    }

    /** The highest point drawn for an estimate: its CI's upper end, or the value without a CI. */
    private static double top(Estimate e) {
        return Plots.hasCi(e) ? Math.max(e.value(), e.hi()) : e.value();
    }

    /**
     * One category per group; inside it one bar per stack, side by side in stack order.
     *
     * @param values values[g][s]: group g, stack s; missing estimates are left out
     */
    static void grouped(XYChart chart, Theme theme, List<String> groups, List<String> stacks, Estimate[][] values,
            boolean log) {
        int k = stacks.size();
        // 4 steps per bar, 2 steps of margin at each side of a group
        int steps = 4 * (k + 1);
        CategoryAxis axis = new CategoryAxis(groups, steps);
        axis.install(chart);
        for (int s = 0; s < k; s++) {
            List<Slot> slots = slots(axis, groups.size(), k, s, values);
            if (!slots.isEmpty()) draw(chart, theme, stacks.get(s), log, slots);
        }
        chart.getStyler().setYAxisLogarithmic(log);
    }

    /**
     * Stack s's slots, one per group with a value: 4 steps per stack inside a group of k stacks, 2
     * steps of margin at each side.
     */
    private static List<Slot> slots(CategoryAxis axis, int groups, int k, int s, Estimate[][] values) {
        List<Slot> slots = new ArrayList<>();
        int left = -2 * (k + 1) + 2 + 4 * s;
        for (int g = 0; g < groups; g++) {
            Estimate e = values[g][s];
            if (e.isMissing()) continue;
            slots.add(new Slot(axis.x(g, left + 2), axis.x(g, left), axis.x(g, left + 4),
                    axis.x(g, left + 1), axis.x(g, left + 3), e));
        }
        return slots;
    }

    /**
     * One category per group (a unit); inside it one point per stack with its CI whisker, side by
     * side in stack order, on a log or a linear axis alike: points and not bars, so that a line drawn
     * across the groups (a model's mean) reads against them.
     *
     * @param values values[g][s]: group g, stack s; missing estimates are left out
     * @return the axis, for what is drawn over the points ({@link #pointSpan})
     */
    static CategoryAxis points(XYChart chart, Theme theme, List<String> groups, List<String> stacks, Estimate[][] values,
            boolean log) {
        int k = stacks.size();
        CategoryAxis axis = new CategoryAxis(groups, 4 * (k + 1));
        axis.install(chart);
        for (int s = 0; s < k; s++) {
            List<Slot> slots = slots(axis, groups.size(), k, s, values);
            // a stack without a value on any unit keeps its legend entry through the other panels
            if (!slots.isEmpty()) draw(chart, theme, stacks.get(s), true, slots);
        }
        chart.getStyler().setYAxisLogarithmic(log);
        return axis;
    }

    /** From stack s's point in group {@code first} to its point in group {@code last}, one grid step beyond each. */
    static double[] pointSpan(CategoryAxis axis, int first, int last, int stacks, int s) {
        int centre = -2 * (stacks + 1) + 4 + 4 * s;
        return new double[] {axis.x(first, centre - 1), axis.x(last, centre + 1)};
    }

    /** Where one estimate goes: its centre, bar edges and whisker-cap ends, all on the grid. */
    private record Slot(double centre, double left, double right, double capLeft, double capRight, Estimate value) {}

    private static void draw(XYChart chart, Theme theme, String stack, boolean log, List<Slot> slots) {
        List<double[]> whiskers = new ArrayList<>();
        for (Slot sl : slots) {
            if (Plots.hasCi(sl.value())) {
                whiskers.addAll(Plots.verticalCi(sl.centre(), sl.value().lo(), sl.value().hi(), sl.capLeft(),
                        sl.capRight()));
            }
        }
        if (log) {
            if (!whiskers.isEmpty()) Plots.segments(chart, stack + Plots.CI, whiskers, theme.color(stack), Theme.WHISKER);
            double[] x = slots.stream().mapToDouble(Slot::centre).toArray();
            double[] y = slots.stream().mapToDouble(sl -> sl.value().value()).toArray();
            Plots.scatter(chart, stack, x, y, theme.color(stack), theme.marker(stack));
        } else {
            List<double[][]> bars = new ArrayList<>();
            for (Slot sl : slots) bars.add(Plots.rect(sl.left(), sl.right(), 0, sl.value().value()));
            Plots.polygons(chart, stack, bars, theme.color(stack), null);
            if (!whiskers.isEmpty()) Plots.segments(chart, stack + Plots.CI, whiskers, Theme.INK, Theme.WHISKER);
        }
    }
}
