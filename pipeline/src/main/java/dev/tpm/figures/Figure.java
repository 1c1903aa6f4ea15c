package dev.tpm.figures;

import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * One figure before it is written: one or more chart panels laid out in a grid, all of the same
 * size. The writer draws {@code title} and the {@code subtitle} lines above them (a panel's own
 * chart title is its panel title, hidden on a single-panel figure).
 *
 * @param name file stem, e.g. {@code pareto}
 * @param caption one or two sentences for the report: what is drawn and how to read it
 * @param columns panels per row
 * @param legend the series the writer lists in a legend below the subtitle, for a figure whose
 *     panels carry none; empty when a panel carries the legend, or there is none
 * @param leftOut the stacks the figure leaves out and why (its builder's {@code leftOut}); the
 *     figures stage makes it the subtitle's second line
 */
public record Figure(String name, String title, String caption, int columns, List<XYChart> panels, List<String> subtitle,
        List<XYSeries> legend, LeftOut leftOut) {
    /** A figure without a subtitle yet (the figures stage adds the device's and the stacks left out). */
    public Figure(String name, String title, String caption, int columns, List<XYChart> panels) {
        this(name, title, caption, columns, panels, List.of(), List.of(), LeftOut.NONE);
    }

    /** This figure with the given subtitle lines (device and campaigns, stacks left out). */
    public Figure withSubtitle(List<String> lines) {
        return new Figure(name, title, caption, columns, panels, lines, legend, leftOut);
    }

    /** This figure with its legend below the subtitle, listing these series. */
    public Figure withLegend(List<XYSeries> series) {
        return new Figure(name, title, caption, columns, panels, subtitle, series, leftOut);
    }

    /** This figure with the stacks it leaves out, and why. */
    public Figure withLeftOut(LeftOut stacks) {
        return new Figure(name, title, caption, columns, panels, subtitle, legend, stacks);
    }

    public Figure {
        java.util.Objects.requireNonNull(leftOut);
        subtitle = List.copyOf(subtitle);
        legend = List.copyOf(legend);
        panels = List.copyOf(panels);
        if (panels.isEmpty()) throw new IllegalArgumentException("figure " + name + " has no panel");
        if (columns < 1) throw new IllegalArgumentException("figure " + name + ": columns must be >= 1");
        int w = panels.get(0).getWidth();
        int h = panels.get(0).getHeight();
        for (XYChart p : panels) {
            if (p.getWidth() != w || p.getHeight() != h) {
                throw new IllegalArgumentException("figure " + name + ": panels differ in size");
            }
        }
    }

    public XYChart panel(int i) {
        return panels.get(i);
    }

    public int rows() {
        return (panels.size() + columns - 1) / columns;
    }

    public int panelWidth() {
        return panels.get(0).getWidth();
    }

    public int panelHeight() {
        return panels.get(0).getHeight();
    }
}
