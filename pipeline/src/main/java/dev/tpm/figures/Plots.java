package dev.tpm.figures;

import dev.tpm.results.Estimate;
import java.awt.BasicStroke;
import java.awt.Color;
import java.math.BigDecimal;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.DoubleStream;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Drawing primitives on an XY chart: points, lines, NaN-separated segments (XChart breaks a line
 * at a NaN y), filled polygons. XChart's own error bars are symmetric; bootstrap CIs are not, so
 * every CI here is a segment from lo to hi.
 */
final class Plots {
    /**
     * The range rule of the bar charts ({@link CategoryValues}: ratio, startup, energy) and of the
     * node-pi memory panels: a log axis where values span more than two decades, i.e. max / min >
     * 10^2. A bar chart prints each bar's value above it, so below that span every value can still
     * be read; figures that compare stacks' lines or boxes without labels use {@link #logScale}.
     */
    static final double LOG_AXIS_RATIO = 100.0;

    /** Suffixes of the helper series of a stack (CI whiskers, box parts): never in the legend. */
    static final String CI = " CI";
    static final String CI_X = " CI x";

    private Plots() {}

    /** True when every value is positive and finite and they span more than two decades ({@link #LOG_AXIS_RATIO}). */
    static boolean wantsLog(DoubleStream values) {
        double[] v = values.filter(x -> !Double.isNaN(x)).toArray();
        if (v.length == 0) return false;
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (double x : v) {
            if (!(x > 0) || Double.isInfinite(x)) return false;
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        return max / min > LOG_AXIS_RATIO;
    }

    /**
     * The figures' one rule for an axis that compares stacks by unlabelled marks (boxes, lines,
     * points): log whenever there are values and every one is positive and finite, linear from 0
     * otherwise. The stacks' throughputs differ by more than a decade (about 2,000 to 90,000 req/s on
     * one device), and on a linear axis the slow stacks' marks flatten against the floor, while on a
     * log axis equal ratios are equal heights, the same for a slow stack as for a fast one, and its
     * 1-2-5 ticks ({@link #logTicks125}) read every value. A value of 0 (a p99 below a load
     * generator's whole millisecond) has no place on a log axis: then the whole axis is linear.
     * Used by endpoint_rps and endpoint_p99 ({@link EndpointBoxes#logAxis}), sweep, hello_blog,
     * hello_blog_next, pareto and sensitivity; each says "log scale" in its axis title
     * ({@link #yTitle}).
     */
    static boolean logScale(DoubleStream values) {
        double[] v = values.filter(x -> !Double.isNaN(x)).toArray();
        if (v.length == 0) return false;
        for (double x : v) if (!(x > 0) || Double.isInfinite(x)) return false;
        return true;
    }

    /** Value, lo and hi of the estimates that are present. */
    static DoubleStream span(List<Estimate> estimates) {
        return estimates.stream().filter(e -> !e.isMissing())
                .flatMapToDouble(e -> DoubleStream.of(e.value(), e.lo(), e.hi()));
    }

    static boolean hasCi(Estimate e) {
        return !e.isMissing() && !Double.isNaN(e.lo()) && !Double.isNaN(e.hi());
    }

    static XYSeries scatter(XYChart chart, String name, double[] x, double[] y, Color color, Marker marker) {
        XYSeries s = chart.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
        s.setMarker(marker);
        s.setMarkerColor(color);
        s.setLineColor(color);
        return s;
    }

    static XYSeries line(XYChart chart, String name, double[] x, double[] y, Color color, BasicStroke stroke,
            Marker marker) {
        XYSeries s = chart.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
        s.setLineStyle(stroke);
        s.setLineColor(color);
        s.setMarker(marker == null ? SeriesMarkers.NONE : marker);
        s.setMarkerColor(color);
        return s;
    }

    /**
     * Separate straight segments {x1, y1, x2, y2} as one hidden series, each segment followed by a
     * NaN y that ends it.
     */
    static XYSeries segments(XYChart chart, String name, List<double[]> segs, Color color, BasicStroke stroke) {
        double[] x = new double[segs.size() * 3];
        double[] y = new double[segs.size() * 3];
        int i = 0;
        for (double[] s : segs) {
            x[i] = s[0];
            y[i++] = s[1];
            x[i] = s[2];
            y[i++] = s[3];
            x[i] = s[2];
            y[i++] = Double.NaN;
        }
        XYSeries s = line(chart, name, x, y, color, stroke, null);
        s.setShowInLegend(false);
        return s;
    }

    /** Closed polygons [[x...], [y...]] as one series, filled, outlined when {@code outline} is set. */
    static XYSeries polygons(XYChart chart, String name, List<double[][]> polys, Color fill, Color outline) {
        int n = 0;
        for (double[][] p : polys) n += p[0].length + 2;
        double[] x = new double[n];
        double[] y = new double[n];
        int i = 0;
        for (double[][] p : polys) {
            int m = p[0].length;
            for (int j = 0; j < m; j++) {
                x[i] = p[0][j];
                y[i++] = p[1][j];
            }
            x[i] = p[0][0]; // back to the start, so the outline closes
            y[i++] = p[1][0];
            x[i] = p[0][0];
            y[i++] = Double.NaN;
        }
        XYSeries s = chart.addSeries(name, x, y);
        s.setXYSeriesRenderStyle(XYSeriesRenderStyle.PolygonArea);
        s.setMarker(SeriesMarkers.NONE);
        s.setFillColor(fill);
        if (outline == null) {
            s.setLineStyle(SeriesLines.NONE);
            s.setLineColor(fill);
        } else {
            s.setLineStyle(Theme.THIN_LINE);
            s.setLineColor(outline);
        }
        return s;
    }

    /** Axis-aligned rectangle as a polygon. */
    static double[][] rect(double x0, double x1, double y0, double y1) {
        return new double[][] {{x0, x1, x1, x0}, {y0, y0, y1, y1}};
    }

    /** A vertical CI at x, with caps of half-width {@code cap} (0 for none). */
    static List<double[]> verticalCi(double x, double lo, double hi, double capLeft, double capRight) {
        List<double[]> segs = new ArrayList<>();
        segs.add(new double[] {x, lo, x, hi});
        if (capLeft != x) {
            segs.add(new double[] {capLeft, lo, capRight, lo});
            segs.add(new double[] {capLeft, hi, capRight, hi});
        }
        return segs;
    }

    /**
     * A legend entry that explains a line style or marker rather than naming a stack ("RSS: solid
     * line"), drawn in ink: a series of one point at (x, NaN), which XChart never draws, at an x the
     * chart plots anyway so that it leaves the axis as it is.
     *
     * @param stroke the line the entry shows, or null for a marker alone
     * @param marker the marker it shows, or null for a line alone
     */
    static XYSeries key(XYChart chart, String name, double x, BasicStroke stroke, Marker marker) {
        XYSeries s = stroke == null
                ? scatter(chart, name, new double[] {x}, new double[] {Double.NaN}, Theme.INK, marker)
                : line(chart, name, new double[] {x}, new double[] {Double.NaN}, Theme.INK, stroke, marker);
        s.setShowInLegend(true);
        return s;
    }

    /** Series a chart's legend lists. */
    static int legendEntries(XYChart chart) {
        return (int) chart.getSeriesCollection().stream().filter(XYSeries::isShowInLegend).count();
    }

    /**
     * Every log axis of the chart has a tick and a grid line at each 1-9 x 10^k and a label at each
     * 1, 2 and 5 x 10^k (outputs.md), and runs from a labelled value to a labelled value (its data,
     * or the range a figure set, widened to the nearest 1, 2 or 5 x 10^k): every plotted value lies
     * between two labelled ticks at most 2.5 times apart, and no labels crowd each other near the
     * top of a decade.
     */
    static void logTicks125(XYChart chart) {
        var s = chart.getStyler();
        if (s.isYAxisLogarithmic()) {
            s.setYAxisLogarithmicDecadeOnly(false);
            s.setyAxisTickLabelsFormattingFunction(Plots::label125);
            double[] r = extent(chart, s.getYAxisMin(), s.getYAxisMax(), XYSeries::getYData);
            if (r != null) {
                s.setYAxisMin(floor125(r[0]));
                s.setYAxisMax(ceil125(r[1]));
            }
        }
        if (s.isXAxisLogarithmic()) {
            s.setXAxisLogarithmicDecadeOnly(false);
            s.setxAxisTickLabelsFormattingFunction(Plots::label125);
            double[] r = extent(chart, s.getXAxisMin(), s.getXAxisMax(), XYSeries::getXData);
            if (r != null) {
                s.setXAxisMin(floor125(r[0]));
                s.setXAxisMax(ceil125(r[1]));
            }
        }
    }

    /** The axis's range as set, else the positive finite values its series plot; null when there are none. */
    private static double[] extent(XYChart chart, Double setMin, Double setMax, Function<XYSeries, double[]> data) {
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (XYSeries series : chart.getSeriesCollection()) {
            for (double v : data.apply(series)) {
                if (v > 0 && !Double.isInfinite(v)) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        if (setMin != null && setMin > 0) min = setMin;
        if (setMax != null && setMax > 0) max = setMax;
        return max > 0 && min <= max ? new double[] {min, max} : null;
    }

    /** The largest 1, 2 or 5 x 10^k at or below v > 0. */
    static double floor125(double v) {
        int k = (int) Math.floor(Math.log10(v));
        for (int m : new int[] {10, 5, 2, 1}) {
            double c = m * Math.pow(10, k);
            if (c <= v * (1 + 1e-12)) return c;
        }
        return Math.pow(10, k - 1) * 5;
    }

    /** The smallest 1, 2 or 5 x 10^k at or above v > 0. */
    static double ceil125(double v) {
        int k = (int) Math.floor(Math.log10(v));
        for (int m : new int[] {1, 2, 5, 10}) {
            double c = m * Math.pow(10, k);
            if (c >= v * (1 - 1e-12)) return c;
        }
        return Math.pow(10, k + 1) * 2;
    }

    /**
     * The label of a log axis tick at v: v in plain digits, grouped by thousands, when v is 1, 2 or
     * 5 x 10^k, else a blank (a space: XChart cannot lay out an empty label). XChart computes its
     * ticks as 10^k x j, so v is compared with the nearest such value, not for equality.
     */
    static String label125(double v) {
        if (!(v > 0) || Double.isInfinite(v)) return " ";
        int k = (int) Math.floor(Math.log10(v));
        double j = v / Math.pow(10, k);
        long m = Math.round(j);
        if (m == 10) {
            m = 1;
            k++;
        }
        if (Math.abs(j - Math.rint(j)) > 1e-6 * j || (m != 1 && m != 2 && m != 5)) return " ";
        BigDecimal exact = BigDecimal.valueOf(m).scaleByPowerOfTen(k);
        DecimalFormat format = new DecimalFormat("#,##0", DecimalFormatSymbols.getInstance(Locale.ROOT));
        format.setMaximumFractionDigits(Math.max(0, -k));
        return format.format(exact);
    }

    static String yTitle(String title, boolean log) {
        return log ? title + ", log scale" : title;
    }
}
