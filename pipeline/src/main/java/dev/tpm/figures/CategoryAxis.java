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
 * <p>How the names stay at the centres: XChart lays the ticks of an axis out on multiples of a
 * step of 1, 2 or 5 x 10^k, the smallest at which the label of the most characters fits between
 * two ticks, starting from a spacing hint. With a hint of one pixel, every step it tries up to 1
 * divides 1, so every centre gets a tick; {@link #rotation} makes the names fit between centres,
 * so it never tries a step above 1. The label function names the centres and leaves every other
 * tick blank (which is why the theme draws no tick marks). XChart would instead put the ticks at
 * the data's own x values if those, in order of first appearance, were equally spaced: the
 * chart's first series, an invisible one, lists 0, n + 1 and 0.5, which never are, and it also
 * spans the axis from 0 to n + 1.
 */
final class CategoryAxis {
    /** Name of the invisible first series. */
    static final String SPAN_SERIES = "__category_span";

    /** Characters of the longest name shown: XChart finds no tick spacing at all for a label of more than 20. */
    static final int MAX_NAME_CHARS = 20;

    private final List<String> labels;
    private final int steps;

    CategoryAxis(List<String> labels, int stepsPerCategory) {
        if (labels.isEmpty()) throw new IllegalArgumentException("no categories");
        if (stepsPerCategory < 2) throw new IllegalArgumentException("stepsPerCategory must be >= 2");
        this.labels = labels.stream().map(CategoryAxis::shown).toList();
        this.steps = stepsPerCategory;
    }

    /** A category's name as the axis shows it: cut to {@link #MAX_NAME_CHARS} characters, the last an ellipsis. */
    static String shown(String name) {
        return name.length() <= MAX_NAME_CHARS ? name : name.substring(0, MAX_NAME_CHARS - 1) + "\u2026";
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
        if (!chart.getSeriesCollection().isEmpty()) throw new IllegalStateException("install the category axis first");
        double nan = Double.NaN;
        XYSeries span = chart.addSeries(SPAN_SERIES, new double[] {0, labels.size() + 1, 0.5}, new double[] {nan, nan, nan});
        span.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        span.setMarker(SeriesMarkers.NONE);
        span.setShowInLegend(false);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(this::label);
        chart.getStyler().setXAxisTickMarkSpacingHint(1);
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
     * The name of the category centred at x, or a blank: a space between categories, and a blank
     * of its own at each end, a thin space and two, since XChart lays out no tick at all when the
     * labels of the axis's two ends are equal.
     */
    String label(double x) {
        double r = Math.rint(x);
        int i = (int) r;
        if (r == x && i >= 1 && i <= labels.size()) return labels.get(i - 1);
        if (x <= 0) return "\u2009";
        if (x >= labels.size() + 1) return "\u2009\u2009";
        return " ";
    }
}
