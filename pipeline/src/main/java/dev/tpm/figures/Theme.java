package dev.tpm.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.GraphicsEnvironment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import org.knowm.xchart.style.markers.Circle;
import org.knowm.xchart.style.markers.Diamond;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.Square;
import org.knowm.xchart.style.markers.TriangleDown;
import org.knowm.xchart.style.markers.TriangleUp;

/**
 * The one look of every figure: white background, DejaVu Sans, and for each stack a colour and a
 * marker fixed by its position in the results' stack order, so a stack looks the same in every
 * figure and on every device.
 */
public final class Theme {
    /** Font family of every text; Debian package fonts-dejavu-core installs it. */
    public static final String FONT_FAMILY = "DejaVu Sans";
    public static final String FONT_PACKAGE = "fonts-dejavu-core";

    /**
     * Okabe &amp; Ito (2008), "Color Universal Design", the colour-blind-safe palette without its
     * black (kept for frontier, medians and whiskers); yellow last because it is faint on white.
     */
    public static final List<Color> OKABE_ITO = List.of(
            new Color(0xE69F00), // orange
            new Color(0x56B4E9), // sky blue
            new Color(0x009E73), // bluish green
            new Color(0x0072B2), // blue
            new Color(0xD55E00), // vermillion
            new Color(0xCC79A7), // reddish purple
            new Color(0xF0E442)); // yellow

    /**
     * After Okabe &amp; Ito's seven, Paul Tol's "muted" scheme (Tol 2021, "Colour Schemes", SRON/EPS/TN/09-002)
     * without the hues Okabe-Ito already has: a seed study draws up to nine stacks in one figure, and no
     * two stacks of a figure share a colour (outputs.md v4).
     */
    public static final List<Color> TOL_MUTED = List.of(
            new Color(0x882255), // wine
            new Color(0x332288), // indigo
            new Color(0x999933), // olive
            new Color(0x661100), // brown
            new Color(0x44AA99), // teal
            new Color(0xAA4499), // purple
            new Color(0x888888)); // grey

    /** The named colours, in the order stacks get them: Okabe-Ito first, then Tol's muted. */
    public static final List<Color> PALETTE = java.util.stream.Stream.concat(OKABE_ITO.stream(), TOL_MUTED.stream()).toList();

    /**
     * Twelve shapes, one per stack position up to twelve: a stack's shape is its own in every figure
     * of up to twelve stacks, as its colour is (a figure read in grey, or by a colour-blind reader,
     * still tells the stacks apart). XChart's five, then {@link ShapeMarker}'s seven.
     */
    static final List<Marker> MARKERS = List.of(
            new Circle(), new Square(), new Diamond(), new TriangleUp(), new TriangleDown(), ShapeMarker.PENTAGON,
            ShapeMarker.STAR, ShapeMarker.HEXAGON, ShapeMarker.TRIANGLE_LEFT, ShapeMarker.TRIANGLE_RIGHT, ShapeMarker.PLUS,
            ShapeMarker.CROSS);

    public static final Color INK = Color.BLACK;
    public static final Color FRAME = new Color(0x666666);
    public static final Color GRID = new Color(0xDDDDDD);

    public static final int MARKER_SIZE = 10;
    public static final BasicStroke DATA_LINE = new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    public static final BasicStroke THIN_LINE = new BasicStroke(1.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    public static final BasicStroke WHISKER = new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER);
    public static final BasicStroke FRONTIER = new BasicStroke(
            2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 5f}, 0f);
    /**
     * The second line of a stack beside its solid one (hello_blog's p50 beside its p99), on a series of
     * few points. XChart strokes each segment between two data points as a line of its own, so a dash
     * pattern starts afresh at every point: these dashes read only where segments are longer than a
     * dash and a gap (see {@link #DOTTED_LINE} for densely sampled series).
     */
    public static final BasicStroke DASHED_LINE = new BasicStroke(
            2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {9f, 5f}, 0f);
    /**
     * The second line of a stack on a densely sampled series (a memory series' PSS beside its RSS): a
     * dash and a gap of 1.5 px each, shorter than the few pixels between two samples of a phase-3
     * series, so that the pattern survives XChart starting it afresh at every sample, where a longer
     * dash would cover every segment and draw the line solid.
     */
    public static final BasicStroke DOTTED_LINE = new BasicStroke(
            2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {1.5f, 1.5f}, 0f);
    /** Width of an open marker's outline. */
    public static final float OPEN_MARKER_OUTLINE = 1.8f;

    private final List<String> stackOrder;
    private final Map<String, Integer> position = new HashMap<>();
    private final List<Color> colors = new ArrayList<>();

    /** @param stackOrder every stack, in {@code Results.stackOrder()} */
    public Theme(List<String> stackOrder) {
        this.stackOrder = List.copyOf(stackOrder);
        for (int i = 0; i < this.stackOrder.size(); i++) position.putIfAbsent(this.stackOrder.get(i), i);
        java.util.Set<Integer> used = new java.util.HashSet<>();
        for (int i = 0; i < this.stackOrder.size(); i++) {
            Color c = colorAt(i);
            // an RGB that an earlier position took (only possible far past the named colours): the next free blue
            while (!used.add(c.getRGB())) c = new Color(c.getRed(), c.getGreen(), (c.getBlue() + 1) % 256);
            colors.add(c);
        }
        requireFont();
    }

    public List<String> stackOrder() {
        return stackOrder;
    }

    /** The stack's colour: the i-th of {@link #PALETTE}, past it one of {@link #extraColor}; no two stacks share one. */
    public Color color(String stack) {
        return colors.get(index(stack));
    }

    /** The colour of the stack at position i of any order: never the colour of another position. */
    static Color colorAt(int i) {
        return i < PALETTE.size() ? PALETTE.get(i) : extraColor(i - PALETTE.size());
    }

    /**
     * The k-th colour past the named palette, for a figure of more stacks than it has: hues a golden
     * angle apart, at two saturation and brightness levels that alternate, each dark enough to read on
     * white. Distinct from each other (hue, saturation and brightness together never repeat) and from
     * the named colours (checked by ThemeTest over the first thousand).
     */
    static Color extraColor(int k) {
        double goldenTurn = 0.3819660112501051; // 1 - 1/phi
        float hue = (float) ((0.05 + k * goldenTurn) % 1.0);
        boolean even = k % 2 == 0;
        Color c = Color.getHSBColor(hue, even ? 0.85f : 0.55f, even ? 0.62f : 0.78f);
        for (Color named : PALETTE) {
            if (named.getRGB() == c.getRGB()) return new Color(c.getRed(), c.getGreen(), c.getBlue() ^ 1);
        }
        return c;
    }

    /** The stack's colour at the given opacity (0-255), for box fills. */
    public Color fill(String stack, int alpha) {
        Color c = color(stack);
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), alpha);
    }

    public Marker marker(String stack) {
        return MARKERS.get(index(stack) % MARKERS.size());
    }

    /**
     * The stack's marker shape drawn open (a white inside, an outline in the series' colour): for
     * values that are to be told apart from the stack's others, e.g. a median of fewer than min_n
     * runs, or hello_blog's p50 beside its p99 (XChart has no open markers).
     */
    public OpenMarker openMarker(String stack) {
        return new OpenMarker(marker(stack));
    }

    private int index(String stack) {
        Integer i = position.get(stack);
        if (i == null) throw new IllegalArgumentException("stack '" + stack + "' is not in the stack order " + stackOrder);
        return i;
    }

    /**
     * DejaVu Sans in this style and size, as a font that lets the SVG writer keep the words laid
     * out in it as text ({@link SvgText}); it paints as the plain font.
     */
    public static Font font(int style, float size) {
        return new SvgText.TextFont(new Font(FONT_FAMILY, style, 1).deriveFont(style, size));
    }

    public static Font titleFont() {
        return font(Font.BOLD, 17f);
    }

    /** An XY chart in this theme, not yet holding any series. */
    public XYChart chart(int widthPx, int heightPx, String title, String xAxisTitle, String yAxisTitle) {
        XYChart chart = new XYChartBuilder().width(widthPx).height(heightPx)
                .title(title).xAxisTitle(xAxisTitle).yAxisTitle(yAxisTitle).build();
        XYStyler s = chart.getStyler();
        s.setLocale(Locale.ROOT);
        s.setAntiAlias(true);
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setLegendBackgroundColor(Color.WHITE);
        s.setChartFontColor(INK);
        s.setAxisTickLabelsColor(INK);
        // no tick marks: a grid line runs from every labelled value, and the category axes would
        // otherwise get a mark at every grid step (XChart 4 keeps the unlabelled ticks); and no
        // line along the axes, which without its marks only doubled the plot's border
        s.setAxisTicksMarksVisible(false);
        s.setAxisTicksLineVisible(false);
        // numbers end at the axis, units under units (XChart aligns them left by default)
        s.setYAxisLabelAlignment(AxesChartStyler.TextAlignment.Right);
        s.setPlotBorderVisible(true);
        s.setPlotBorderColor(FRAME);
        s.setLegendBorderColor(FRAME);
        s.setPlotGridLinesColor(GRID);
        s.setPlotGridLinesStroke(new BasicStroke(1f));
        s.setChartTitleBoxVisible(false);
        s.setChartTitleFont(titleFont());
        s.setAxisTitleFont(font(Font.PLAIN, 14f));
        s.setAxisTickLabelsFont(font(Font.PLAIN, 13f));
        s.setLegendFont(font(Font.PLAIN, 13f));
        s.setAnnotationTextFont(font(Font.PLAIN, 13f));
        s.setAnnotationTextFontColor(INK);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setLegendPadding(8);
        s.setLegendSeriesLineLength(28);
        s.setChartPadding(12);
        s.setMarkerSize(MARKER_SIZE);
        s.setErrorBarsColorSeriesColor(true);
        return chart;
    }

    /** Fails loudly instead of letting Java2D fall back to another font (and other bytes). */
    private static void requireFont() {
        String[] families = GraphicsEnvironment.getLocalGraphicsEnvironment().getAvailableFontFamilyNames(Locale.ROOT);
        if (!Arrays.asList(families).contains(FONT_FAMILY)) {
            throw new IllegalStateException("font family '" + FONT_FAMILY + "' is not installed (Debian package "
                    + FONT_PACKAGE + "); figures would fall back to another font. Installed: "
                    + new ArrayList<>(Arrays.asList(families)));
        }
    }

    /**
     * A marker of the same shape, place and size as one of XChart's filled {@link #MARKERS} (their
     * geometry as XChart 4 draws them), drawn as a white shape with an outline in the colour XChart
     * sets for the series' markers. Its outline covers the filled marker of the same shape at the
     * same point, so a point drawn open over a line's filled marker reads as open.
     */
    public static final class OpenMarker extends Marker {
        private static final BasicStroke OUTLINE = new BasicStroke(OPEN_MARKER_OUTLINE, BasicStroke.CAP_BUTT,
                BasicStroke.JOIN_MITER);
        /** XChart's Diamond is 1.3 times the marker size across. */
        private static final double DIAMOND_SCALE = 1.3;
        private final Marker filled;

        OpenMarker(Marker filled) {
            this.filled = filled;
        }

        /** The filled marker whose shape this one draws open. */
        public Marker filled() {
            return filled;
        }

        @Override
        public void paint(Graphics2D g, double x, double y, int size) {
            Shape shape = shape(filled, x, y, size);
            java.awt.Color outline = g.getColor();
            g.setColor(Color.WHITE);
            g.fill(shape);
            g.setColor(outline);
            g.setStroke(OUTLINE);
            g.draw(shape);
        }

        static Shape shape(Marker filled, double x, double y, int size) {
            double h = size / 2.0;
            if (filled instanceof ShapeMarker m) return m.shape(x, y, size);
            if (filled instanceof Square) return new Rectangle2D.Double(x - h, y - h, size, size);
            if (filled instanceof Diamond) {
                double d = h * DIAMOND_SCALE;
                return polygon(x - d, y, x, y - d, x + d, y, x, y + d);
            }
            if (filled instanceof TriangleUp) return polygon(x - h, y + h - 1, x + h, y + h - 1, x, y - h - 1);
            if (filled instanceof TriangleDown) return polygon(x - h, y - h + 1, x, y + h + 1, x + h, y - h + 1);
            return new Ellipse2D.Double(x - h, y - h, size, size);
        }

        private static Shape polygon(double... xy) {
            Path2D.Double p = new Path2D.Double();
            p.moveTo(xy[0], xy[1]);
            for (int i = 2; i < xy.length; i += 2) p.lineTo(xy[i], xy[i + 1]);
            p.closePath();
            return p;
        }
    }
}
