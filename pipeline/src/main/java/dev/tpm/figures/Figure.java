package dev.tpm.figures;

import java.util.List;
import org.knowm.xchart.XYChart;

/**
 * One figure before it is written: one or more chart panels laid out in a grid, all of the same
 * size. With several panels the writer draws {@code title} above them; a single panel carries the
 * title itself.
 *
 * @param name file stem, e.g. {@code pareto}
 * @param caption one or two sentences for the report: what is drawn and how to read it
 * @param columns panels per row
 */
public record Figure(String name, String title, String caption, int columns, List<XYChart> panels) {
    public Figure {
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
