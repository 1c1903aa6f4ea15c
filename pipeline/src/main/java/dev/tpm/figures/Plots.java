package dev.tpm.figures;

import dev.tpm.results.Estimate;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
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
    /** outputs.md: a log axis where values span more than two decades, i.e. max / min > 10^2. */
    static final double LOG_AXIS_RATIO = 100.0;

    /** Suffixes of the helper series of a stack (CI whiskers, box parts): never in the legend. */
    static final String CI = " CI";
    static final String CI_X = " CI x";

    private Plots() {}

    /** True when every value is positive and finite and they span more than two decades. */
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

    /** Series a chart's legend lists. */
    static int legendEntries(XYChart chart) {
        return (int) chart.getSeriesCollection().stream().filter(XYSeries::isShowInLegend).count();
    }

    /**
     * Every log axis of the chart labels each 1-9 x 10^k, not only the decades, so that every plotted
     * value can be read (XChart's log axes cannot label 1, 2 and 5 alone).
     */
    static void logTicks125(XYChart chart) {
        var s = chart.getStyler();
        if (s.isYAxisLogarithmic()) {
            s.setYAxisLogarithmicDecadeOnly(false);
        }
        if (s.isXAxisLogarithmic()) {
            s.setXAxisLogarithmicDecadeOnly(false);
        }
    }

    static String yTitle(String title, boolean log) {
        return log ? title + ", log scale" : title;
    }
}
