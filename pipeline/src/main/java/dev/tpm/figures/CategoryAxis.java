package dev.tpm.figures;

import java.awt.Font;
import java.awt.Shape;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Named categories (stacks, mixes) on the x axis of an XY chart. Category i (0-based) is centred
 * at x = i + 1 and the axis runs from 0 to n + 1. Every x a figure draws is a whole number of
 * grid steps (1/stepsPerCategory) from 0, computed by {@link #x}.
 *
 * <p>Why the grid: XChart puts ticks exactly at the data's x values when those, in order of first
 * appearance, are equally spaced. The first series of the chart, an invisible one, lists every
 * grid position in ascending order; all later x values repeat some of them, so the ticks fall on
 * the grid and the label function keeps only the whole numbers (the category centres) distinct,
 * which makes XChart thin the ticks to exactly those.
 */
final class CategoryAxis {
    /** Name of the invisible first series. */
    static final String GRID_SERIES = "__category_grid";

    private final List<String> labels;
    private final int steps;

    CategoryAxis(List<String> labels, int stepsPerCategory) {
        if (labels.isEmpty()) throw new IllegalArgumentException("no categories");
        if (stepsPerCategory < 2) throw new IllegalArgumentException("stepsPerCategory must be >= 2");
        this.labels = List.copyOf(labels);
        this.steps = stepsPerCategory;
    }

    List<String> labels() {
        return labels;
    }

    int stepsPerCategory() {
        return steps;
    }

    /** Centre of category i moved by {@code offsetSteps} grid steps. */
    double x(int category, int offsetSteps) {
        return (double) ((category + 1) * steps + offsetSteps) / steps;
    }

    double centre(int category) {
        return x(category, 0);
    }

    /** Call on a fresh chart, before any other series. */
    void install(XYChart chart) {
        if (!chart.getSeriesMap().isEmpty()) throw new IllegalStateException("install the category axis first");
        int last = (labels.size() + 1) * steps;
        double[] x = new double[last + 1];
        double[] y = new double[last + 1];
        for (int j = 0; j <= last; j++) {
            x[j] = (double) j / steps;
            y[j] = Double.NaN;
        }
        XYSeries grid = chart.addSeries(GRID_SERIES, x, y);
        grid.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        grid.setMarker(SeriesMarkers.NONE);
        grid.setShowInLegend(false);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(this::label);
        chart.getStyler().setPlotGridVerticalLinesVisible(false);
        chart.getStyler().setXAxisLabelRotation(rotation(chart));
    }

    /** Share of a chart's width its plot area gets, a lower bound (legend, y axis and padding take the rest). */
    private static final double PLOT_SHARE = 0.7 * 0.92;

    /**
     * 0, 45 or 90 degrees: the first at which the longest label fits between two category centres,
     * measured as XChart measures it (a label fits when 1.1 times its width is below the spacing);
     * otherwise XChart would silently label only every other category.
     */
    int rotation(XYChart chart) {
        double spacing = chart.getWidth() * PLOT_SHARE / (labels.size() + 1);
        Font font = chart.getStyler().getAxisTickLabelsFont();
        FontRenderContext frc = new FontRenderContext(null, true, false);
        for (int degrees : new int[] {0, 45}) {
            double widest = 0;
            for (String l : labels) {
                Shape outline = new TextLayout(l, font, frc)
                        .getOutline(degrees == 0 ? null : AffineTransform.getRotateInstance(-Math.toRadians(degrees)));
                widest = Math.max(widest, outline.getBounds().getWidth());
            }
            if (widest * 1.1 < spacing) return degrees;
        }
        return 90;
    }

    /**
     * Category label at a centre; the two ends get distinct blank labels (XChart rejects empty
     * ones); other grid positions all get the same blank, so tick sets that include them repeat
     * a label and are rejected by XChart.
     */
    String label(double x) {
        double r = Math.rint(x);
        if (r != x) return " ";
        int i = (int) r;
        if (i >= 1 && i <= labels.size()) return labels.get(i - 1);
        return i <= 0 ? "\u2009" : "\u2009\u2009";
    }
}
