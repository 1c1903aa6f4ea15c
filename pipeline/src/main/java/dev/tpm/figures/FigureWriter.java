package dev.tpm.figures;

import dev.tpm.output.Outputs;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.font.LineMetrics;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.RenderableSeries;
import org.knowm.xchart.style.markers.None;

/**
 * A figure as PNG and SVG bytes. The only place figures become bytes; the pipeline writes them.
 *
 * <p>Words: the PNG's are painted by Java2D in DejaVu Sans. The SVG keeps its words as text
 * (outputs.md), so that they can be searched, selected, read aloud and edited: each is a
 * {@code <text>} at the origin of the outline the PNG fills, in a group moved (and for a turned
 * axis title or tick label, turned) as that outline was ({@link SvgText} says how the words are
 * found, since XChart fills their outlines itself). Its style names {@code "DejaVu Sans",
 * sans-serif}, its size in px, no kerning and no ligatures (Java2D lays the PNG's text out without
 * either), and {@code xml:space="preserve"} keeps its spaces. The root {@code <svg>} begins with
 * {@code <title>} (the figure's title) and {@code <desc>} (its subtitle lines, one a line). A viewer
 * with DejaVu Sans draws the words as the PNG has them (SvgRendersLikePngTest compares the two); one
 * without it draws them in its own sans-serif, each word starting where the PNG's does, but as wide
 * as that font makes it, so a long label may run a little longer or shorter than in the PNG.
 *
 * <p>Determinism: Java2D rasterises the same commands to the same pixels on the same JDK and
 * fonts; {@link PngEncoder} adds no tIME or text chunk; the SVG holds the words themselves, not
 * their outlines, so it does not depend on how the JDK outlines a glyph. {@link SvgGraphics}
 * writes it as the figure is painted: clip ids numbered in order of first use, every coordinate
 * rounded half-even to 1/100 px ({@link SvgNumber}), never a hash code.
 */
public final class FigureWriter {
    /**
     * outputs.md: every PNG at least 1600 px wide. A figure at least that wide is rasterised at
     * its own size, one PNG pixel per SVG pixel; a narrower one is scaled up to 1600 px.
     */
    public static final int MIN_PNG_WIDTH_PX = 1600;
    /** Height of the band holding a figure's title (its first line). */
    static final int HEADER_HEIGHT = 40;
    /** Height of each further line of a title too long for one. */
    static final int TITLE_LINE_HEIGHT = 24;
    /** Height of each subtitle line below the title. */
    static final int SUBTITLE_LINE_HEIGHT = 22;
    /** Height of each row of a legend below the subtitle (of one line of names). */
    static final int LEGEND_ROW_HEIGHT = 24;
    /** Height of each further line of a legend name too long for one line. */
    static final int LEGEND_LINE_HEIGHT = 17;
    /**
     * The blank kept at the left and right edges: no title, subtitle or legend line comes closer
     * (outputs.md v4: nothing drawn outside the canvas); a longer one is wrapped onto more lines.
     */
    static final int SIDE_MARGIN = 16;
    /** A legend entry: its sample, this wide, then a gap, then the series' name; entries further apart. */
    static final int LEGEND_SAMPLE_WIDTH = 28;
    static final int LEGEND_SAMPLE_GAP = 6;
    static final int LEGEND_ENTRY_GAP = 22;
    /**
     * Text is measured and drawn with one context, so that the PNG and the SVG lay a legend out
     * alike; with fractional metrics, as the PNG's other text and a viewer's text are laid out (a
     * name laid out in whole-pixel advances would have its letters up to a pixel away from where
     * the SVG's viewer puts them).
     */
    private static final FontRenderContext FRC = new FontRenderContext(null, true, true);

    /** SVG coordinates to 1/100 px: invisible, and a third of the digits of a double printed in full. */
    static final int SVG_DECIMALS = 2;

    private FigureWriter() {}

    /** Adds {@code <stem>.png} and {@code <stem>.svg}, e.g. stem {@code figures/pi5-a/pareto}. */
    public static void add(Outputs out, String stem, Figure figure) {
        byte[][] files = pngAndSvg(figure);
        out.put(stem + ".png", files[0]);
        out.put(stem + ".svg", files[1]);
    }

    public static int width(Figure f) {
        return f.columns() * f.panelWidth();
    }

    public static int height(Figure f) {
        return header(f) + f.rows() * f.panelHeight();
    }

    /** The PNG's width in pixels: the figure's own width, or {@link #MIN_PNG_WIDTH_PX} if that is more. */
    public static int pngWidth(Figure f) {
        return Math.max(MIN_PNG_WIDTH_PX, width(f));
    }

    /** The PNG's height: the figure's height at {@link #pngScale}, to the nearest pixel. */
    public static int pngHeight(Figure f) {
        return (int) Math.round(height(f) * pngScale(f));
    }

    /** PNG pixels per SVG pixel, the same along both axes: 1 for a figure of 1600 px or more. */
    public static double pngScale(Figure f) {
        return pngWidth(f) / (double) width(f);
    }

    /**
     * The figure's PNG and SVG, {@code {png, svg}}, from one painting ({@link TeeGraphics}): the PNG
     * as {@link #png} paints it alone, byte for byte; the SVG laid out as the PNG is.
     */
    public static byte[][] pngAndSvg(Figure f) {
        BufferedImage image = blankRaster(f);
        Graphics2D g = rasterGraphics(image, f);
        String svg;
        try (SvgText.Recorder r = SvgText.Recorder.start()) {
            SvgGraphics s = new SvgGraphics(width(f), height(f), r);
            paint(new TeeGraphics(g, s, pngScale(f)), f);
            svg = s.document(f.title(), f.subtitle());
        } finally {
            g.dispose();
        }
        return new byte[][] {PngEncoder.encode(image), svg.getBytes(StandardCharsets.UTF_8)};
    }

    /** The PNG painted alone. */
    public static byte[] png(Figure f) {
        return PngEncoder.encode(raster(f));
    }

    /** The SVG, as {@link #pngAndSvg} paints it. */
    public static byte[] svg(Figure f) {
        return pngAndSvg(f)[1];
    }

    /** The figure painted alone at {@link #pngScale} into an RGB image. */
    static BufferedImage raster(Figure f) {
        BufferedImage image = blankRaster(f);
        Graphics2D g = rasterGraphics(image, f);
        try {
            paint(g, f);
        } finally {
            g.dispose();
        }
        return image;
    }

    private static BufferedImage blankRaster(Figure f) {
        return new BufferedImage(pngWidth(f), pngHeight(f), BufferedImage.TYPE_INT_RGB);
    }

    /** The image's graphics, white, antialiased, scaled to {@link #pngScale}: ready for {@link #paint}. */
    private static Graphics2D rasterGraphics(BufferedImage image, Figure f) {
        Graphics2D g = image.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        // the whole raster white first: a height that scales to a half pixel rounds up to a row the
        // scaled canvas covers only in part, which would otherwise stay black
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, image.getWidth(), image.getHeight());
        g.scale(pngScale(f), pngScale(f));
        return g;
    }

    static int header(Figure f) {
        List<List<LegendEntry>> rows = legendRows(f);
        int legend = 0;
        for (List<LegendEntry> row : rows) legend += rowHeight(row);
        return subtitleBottom(f) + (rows.isEmpty() ? 0 : legend + 8);
    }

    private static int subtitleBottom(Figure f) {
        List<String> sub = subtitleLines(f);
        return titleBottom(f) + sub.size() * SUBTITLE_LINE_HEIGHT + (sub.isEmpty() ? 0 : 6);
    }

    private static int titleBottom(Figure f) {
        return HEADER_HEIGHT + (titleLines(f).size() - 1) * TITLE_LINE_HEIGHT;
    }

    /** The room a header line has: the figure's width less {@link #SIDE_MARGIN} at each side. */
    static double room(Figure f) {
        return width(f) - 2.0 * SIDE_MARGIN;
    }

    /** The title as drawn: wrapped to {@link #room}. */
    static List<String> titleLines(Figure f) {
        return wrap(f.title(), Theme.titleFont(), room(f));
    }

    /** The subtitle as drawn: each of its lines wrapped to {@link #room}. */
    static List<String> subtitleLines(Figure f) {
        List<String> lines = new ArrayList<>();
        for (String line : f.subtitle()) lines.addAll(wrap(line, subtitleFont(), room(f)));
        return lines;
    }

    private static Font subtitleFont() {
        return Theme.font(Font.PLAIN, 14f);
    }

    /**
     * The text broken into lines no wider than {@code room} in this font: at spaces, as many words a
     * line as fit; a word wider than the room on its own (a long campaign id) is broken after as many
     * of its characters as fit. Every line but an empty text's one has at least one character.
     */
    static List<String> wrap(String text, Font font, double room) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ", -1)) {
            String candidate = line.length() == 0 ? word : line + " " + word;
            if (advance(candidate, font) <= room) {
                line.setLength(0);
                line.append(candidate);
                continue;
            }
            if (line.length() > 0) lines.add(line.toString());
            line.setLength(0);
            String rest = word;
            while (rest.length() > 1 && advance(rest, font) > room) {
                int cut = rest.length() - 1;
                while (cut > 1 && advance(rest.substring(0, cut), font) > room) cut--;
                lines.add(rest.substring(0, cut));
                rest = rest.substring(cut);
            }
            line.append(rest);
        }
        if (line.length() > 0 || lines.isEmpty()) lines.add(line.toString());
        return lines;
    }

    /** The width of the text in this font, as the header lays it out (fractional metrics). */
    static double advance(String text, Font font) {
        if (text.isEmpty()) return 0;
        TextLayout layout = new TextLayout(text, font, FRC);
        return Math.max(layout.getAdvance(), layout.getBounds().getMaxX());
    }

    /**
     * A legend entry as laid out: its series, its name as text (one layout a line, the name wrapped
     * to the figure's room), and its width, sample and gap included.
     */
    record LegendEntry(XYSeries series, List<TextLayout> name, double width) {}

    private static int rowHeight(List<LegendEntry> row) {
        int lines = row.stream().mapToInt(e -> e.name().size()).max().orElse(1);
        return LEGEND_ROW_HEIGHT + (lines - 1) * LEGEND_LINE_HEIGHT;
    }

    /** The figure's legend entries in rows no wider than the figure's room, each row's entries in order. */
    static List<List<LegendEntry>> legendRows(Figure f) {
        List<List<LegendEntry>> rows = new ArrayList<>();
        double room = room(f);
        List<LegendEntry> row = new ArrayList<>();
        double used = 0;
        for (XYSeries s : f.legend()) {
            List<TextLayout> name = new ArrayList<>();
            double widest = 0;
            for (String line : wrap(s.getName(), legendFont(), room - LEGEND_SAMPLE_WIDTH - LEGEND_SAMPLE_GAP)) {
                TextLayout layout = new TextLayout(line.isEmpty() ? " " : line, legendFont(), FRC);
                name.add(layout);
                widest = Math.max(widest, advance(line, legendFont()));
            }
            LegendEntry e = new LegendEntry(s, name, LEGEND_SAMPLE_WIDTH + LEGEND_SAMPLE_GAP + widest);
            if (!row.isEmpty() && used + LEGEND_ENTRY_GAP + e.width() > room) {
                rows.add(row);
                row = new ArrayList<>();
                used = 0;
            }
            used += (row.isEmpty() ? 0 : LEGEND_ENTRY_GAP) + e.width();
            row.add(e);
        }
        if (!row.isEmpty()) rows.add(row);
        return rows;
    }

    private static Font legendFont() {
        return Theme.font(Font.PLAIN, 13f);
    }

    /**
     * Draws the legend rows, each centred, below the subtitle; the first lines of a row's names on one
     * baseline, a wrapped name's further lines below its first, its sample beside the first.
     */
    private static void paintLegend(Graphics2D g, Figure f) {
        List<List<LegendEntry>> rows = legendRows(f);
        LineMetrics m = legendFont().getLineMetrics("Xg", FRC);
        double top = subtitleBottom(f);
        for (List<LegendEntry> row : rows) {
            double width = -LEGEND_ENTRY_GAP;
            for (LegendEntry e : row) width += LEGEND_ENTRY_GAP + e.width();
            double x = (width(f) - width) / 2;
            double centreY = top + 0.5 * LEGEND_ROW_HEIGHT;
            double baseline = centreY + (m.getAscent() - m.getDescent()) / 2;
            for (LegendEntry e : row) {
                paintSample(g, e.series(), x, centreY);
                g.setColor(Theme.INK);
                for (int i = 0; i < e.name().size(); i++) {
                    g.fill(e.name().get(i).getOutline(AffineTransform.getTranslateInstance(
                            x + LEGEND_SAMPLE_WIDTH + LEGEND_SAMPLE_GAP, baseline + i * LEGEND_LINE_HEIGHT)));
                }
                x += e.width() + LEGEND_ENTRY_GAP;
            }
            top += rowHeight(row);
        }
    }

    /** The series' sample as XChart's legend draws it: a line with its marker, a marker, or a box. */
    private static void paintSample(Graphics2D g, XYSeries s, double x, double centreY) {
        Graphics2D sg = (Graphics2D) g.create();
        try {
            double mid = x + LEGEND_SAMPLE_WIDTH / 2.0;
            switch (s.getLegendRenderType()) {
                case Line -> {
                    // a series that left its look to XChart's defaults has none until XChart paints it
                    sg.setColor(s.getLineColor() == null ? Theme.INK : s.getLineColor());
                    sg.setStroke(s.getLineStyle() == null ? Theme.DATA_LINE : s.getLineStyle());
                    sg.draw(new Line2D.Double(x, centreY, x + LEGEND_SAMPLE_WIDTH, centreY));
                    marker(sg, s, mid, centreY);
                }
                case Scatter -> marker(sg, s, mid, centreY);
                case Box, BoxNoOutline -> {
                    Rectangle2D box = new Rectangle2D.Double(mid - 7, centreY - 7, 14, 14);
                    sg.setColor(s.getFillColor());
                    sg.fill(box);
                    if (s.getLegendRenderType() == RenderableSeries.LegendRenderType.Box) {
                        sg.setColor(s.getLineColor());
                        sg.setStroke(Theme.THIN_LINE);
                        sg.draw(box);
                    }
                }
            }
        } finally {
            sg.dispose();
        }
    }

    private static void marker(Graphics2D g, XYSeries s, double x, double y) {
        if (s.getMarker() == null || s.getMarker() instanceof None) return;
        g.setColor(s.getMarkerColor() == null ? Theme.INK : s.getMarkerColor());
        g.setStroke(new BasicStroke(1f));
        s.getMarker().paint(g, x, y, Theme.MARKER_SIZE);
    }

    /** Draws one line of text centred horizontally with its vertical centre at {@code centreY}. */
    private static void centred(Graphics2D g, String text, Font font, double width, double centreY) {
        if (text.isEmpty()) return;
        TextLayout layout = new TextLayout(text, font, g.getFontRenderContext());
        Rectangle2D b = layout.getBounds();
        double x = (width - b.getWidth()) / 2 - b.getX();
        double y = centreY - b.getHeight() / 2 - b.getY();
        g.fill(layout.getOutline(AffineTransform.getTranslateInstance(x, y)));
    }

    private static void paint(Graphics2D g, Figure f) {
        g.setColor(Color.WHITE);
        g.fill(new Rectangle2D.Double(0, 0, width(f), height(f)));
        g.setColor(Theme.INK);
        List<String> title = titleLines(f);
        for (int i = 0; i < title.size(); i++) {
            centred(g, title.get(i), Theme.titleFont(), width(f), HEADER_HEIGHT / 2.0 + 4 + i * TITLE_LINE_HEIGHT);
        }
        List<String> subtitle = subtitleLines(f);
        int top = titleBottom(f);
        for (int i = 0; i < subtitle.size(); i++) {
            centred(g, subtitle.get(i), subtitleFont(), width(f), top + (i + 0.5) * SUBTITLE_LINE_HEIGHT);
        }
        paintLegend(g, f);
        top = header(f);
        for (int i = 0; i < f.panels().size(); i++) {
            XYChart chart = f.panel(i);
            int col = i % f.columns();
            int row = i / f.columns();
            Graphics2D pg = (Graphics2D) g.create();
            try {
                pg.translate(col * f.panelWidth(), top + row * f.panelHeight());
                pg.clip(new Rectangle2D.Double(0, 0, f.panelWidth(), f.panelHeight()));
                chart.paint(pg, f.panelWidth(), f.panelHeight());
            } finally {
                pg.dispose();
            }
        }
    }
}
