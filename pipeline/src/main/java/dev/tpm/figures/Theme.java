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

    /** Five shapes: coprime with the seven colours, so 35 stacks get distinct (colour, shape) pairs. */
    private static final List<Marker> MARKERS = List.of(
            new Circle(), new Square(), new Diamond(), new TriangleUp(), new TriangleDown());

    public static final Color INK = Color.BLACK;
    public static final Color FRAME = new Color(0x666666);
    public static final Color GRID = new Color(0xDDDDDD);

    public static final int MARKER_SIZE = 10;
    public static final BasicStroke DATA_LINE = new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    public static final BasicStroke THIN_LINE = new BasicStroke(1.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    public static final BasicStroke WHISKER = new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER);
    public static final BasicStroke FRONTIER = new BasicStroke(
            2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 5f}, 0f);

    private final List<String> stackOrder;
    private final Map<String, Integer> position = new HashMap<>();

    /** @param stackOrder every stack, in {@code Results.stackOrder()} */
    public Theme(List<String> stackOrder) {
        this.stackOrder = List.copyOf(stackOrder);
        for (int i = 0; i < this.stackOrder.size(); i++) position.putIfAbsent(this.stackOrder.get(i), i);
        requireFont();
    }

    public List<String> stackOrder() {
        return stackOrder;
    }

    public Color color(String stack) {
        return OKABE_ITO.get(index(stack) % OKABE_ITO.size());
    }

    /** The stack's colour at the given opacity (0-255), for box fills. */
    public Color fill(String stack, int alpha) {
        Color c = color(stack);
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), alpha);
    }

    public Marker marker(String stack) {
        return MARKERS.get(index(stack) % MARKERS.size());
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
}
