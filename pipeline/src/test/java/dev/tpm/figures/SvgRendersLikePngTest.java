package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.weisj.jsvg.SVGDocument;
import com.github.weisj.jsvg.parser.DocumentLimits;
import com.github.weisj.jsvg.parser.LoaderContext;
import com.github.weisj.jsvg.parser.SVGLoader;
import com.github.weisj.jsvg.view.ViewBox;
import dev.tpm.paper.PaperCatalog;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.awt.Color;
import java.awt.Component;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every SVG, drawn by an SVG renderer (jsvg) at its PNG's size, looks like that PNG: its words
 * in the same places, in the same font, as wide. A word left out, or moved by 1 px, fails.
 *
 * <p>The comparison: both images in grey, each blurred by a 9 x 9 box (the two renderers
 * antialias edges differently), then cut into 16 x 16 px tiles (8 x 8 px of the figure); a
 * tile differs when the mean absolute difference of its pixels exceeds {@link #TILE_LIMIT} of
 * 255. The same figure from the two renderers differs by at most about 2 in a tile, in this
 * fixture's figures and in those of the shipped data alike; a tick label "20" left out gives 70,
 * one digit of it left out 63, the label moved right by 2 px 27 and by 1 px 15.
 */
class SvgRendersLikePngTest {
    static final int BLUR_RADIUS_PX = 4;
    static final int TILE_PX = 16;
    static final double TILE_LIMIT = 8;

    private static final List<Figure> FIGURES = new ArrayList<>();
    private static final List<BufferedImage> PNG = new ArrayList<>();
    private static final List<String> SVG = new ArrayList<>();

    @BeforeAll
    static void render() throws Exception {
        Results results = SyntheticResults.pi5();
        DeviceResults device = results.devices().get(0);
        Theme theme = new Theme(results.stackOrder());
        for (FigureBuilder b : PaperCatalog.CATALOG.figureBuilders()) {
            if (b.missingData(results, device) != null) continue;
            Figure f = FiguresStage.finish(b.build(results, device, theme), device);
            FIGURES.add(f);
            PNG.add(ImageIO.read(new ByteArrayInputStream(FigureWriter.png(f))));
            SVG.add(new String(FigureWriter.svg(f), StandardCharsets.UTF_8));
        }
    }

    /**
     * The SVG drawn by jsvg on white, scaled to the PNG's size. jsvg does not keep spaces
     * (it ignores xml:space), so a space after a space in a word is given to it as a no-break
     * space, which DejaVu Sans draws as wide; a viewer honours xml:space="preserve".
     */
    static BufferedImage rasterise(String svg, int width, int height) {
        Matcher words = Pattern.compile("(<text[^>]*>)([^<]*)</text>").matcher(svg);
        StringBuilder spaced = new StringBuilder(svg.length());
        while (words.find()) {
            words.appendReplacement(spaced, Matcher.quoteReplacement(words.group(1) + words.group(2).replace("  ", " \u00A0") + "</text>"));
        }
        words.appendTail(spaced);
        // a memory figure's lines hold more points than jsvg's default limit of paths
        LoaderContext context = LoaderContext.builder().documentLimits(new DocumentLimits(
                DocumentLimits.DEFAULT_MAX_NESTING_DEPTH, DocumentLimits.DEFAULT_MAX_USE_NESTING_DEPTH, 1_000_000)).build();
        SVGDocument doc = new SVGLoader().load(new ByteArrayInputStream(spaced.toString().getBytes(StandardCharsets.UTF_8)), null,
                context);
        assertNotNull(doc, "jsvg read the SVG");
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            doc.render((Component) null, g, new ViewBox(0, 0, width, height));
        } finally {
            g.dispose();
        }
        return image;
    }

    /** The largest mean absolute difference of a tile between the two images, grey and blurred. */
    static double worstTile(BufferedImage a, BufferedImage b) {
        assertEquals(a.getWidth(), b.getWidth());
        assertEquals(a.getHeight(), b.getHeight());
        int w = a.getWidth(), h = a.getHeight();
        double[] da = blur(grey(a), w, h);
        double[] db = blur(grey(b), w, h);
        double worst = 0;
        for (int ty = 0; ty + TILE_PX <= h; ty += TILE_PX) {
            for (int tx = 0; tx + TILE_PX <= w; tx += TILE_PX) {
                double sum = 0;
                for (int y = ty; y < ty + TILE_PX; y++) {
                    for (int x = tx; x < tx + TILE_PX; x++) sum += Math.abs(da[y * w + x] - db[y * w + x]);
                }
                worst = Math.max(worst, sum / (TILE_PX * TILE_PX));
            }
        }
        return worst;
    }

    private static double[] grey(BufferedImage image) {
        int w = image.getWidth(), h = image.getHeight();
        int[] rgb = image.getRGB(0, 0, w, h, null, 0, w);
        double[] out = new double[w * h];
        for (int i = 0; i < rgb.length; i++) {
            int c = rgb[i];
            out[i] = 0.299 * ((c >> 16) & 255) + 0.587 * ((c >> 8) & 255) + 0.114 * (c & 255);
        }
        return out;
    }

    /** A (2r+1) x (2r+1) box mean, the box cut at the image's edges: rows, then columns, each a running sum. */
    private static double[] blur(double[] in, int w, int h) {
        int r = BLUR_RADIUS_PX;
        double[] rows = new double[w * h];
        for (int y = 0; y < h; y++) {
            double sum = 0;
            int n = 0;
            for (int x = -r; x < w; x++) {
                if (x + r < w) { sum += in[y * w + x + r]; n++; }
                if (x - r - 1 >= 0) { sum -= in[y * w + x - r - 1]; n--; }
                if (x >= 0) rows[y * w + x] = sum / n;
            }
        }
        double[] out = new double[w * h];
        for (int x = 0; x < w; x++) {
            double sum = 0;
            int n = 0;
            for (int y = -r; y < h; y++) {
                if (y + r < h) { sum += rows[(y + r) * w + x]; n++; }
                if (y - r - 1 >= 0) { sum -= rows[(y - r - 1) * w + x]; n--; }
                if (y >= 0) out[y * w + x] = sum / n;
            }
        }
        return out;
    }

    private static double worstTile(int i, String svg) {
        BufferedImage png = PNG.get(i);
        return worstTile(png, rasterise(svg, png.getWidth(), png.getHeight()));
    }

    @Test
    void everySvgRendersLikeItsPng() {
        assertTrue(FIGURES.size() >= 8, FIGURES.size() + " figures");
        for (int i = 0; i < FIGURES.size(); i++) {
            double worst = worstTile(i, SVG.get(i));
            assertTrue(worst < TILE_LIMIT, FIGURES.get(i).name() + ": a tile differs by " + worst + " of 255");
        }
    }

    private static int pareto() {
        for (int i = 0; i < FIGURES.size(); i++) if (FIGURES.get(i).name().equals(ParetoFigure.NAME)) return i;
        throw new AssertionError("no pareto figure");
    }

    /** The comparison sees a tick label left out, a digit of it left out, the label moved 1 px, and the subtitle left out. */
    @Test
    void aMissingOrMovedWordFailsTheComparison() {
        int i = pareto();
        String svg = SVG.get(i);
        assertTrue(worstTile(i, svg) < TILE_LIMIT);
        String label = "\">20</text>";
        assertTrue(svg.contains(label), "pareto has a tick label 20");
        assertTrue(worstTile(i, svg.replaceFirst(Pattern.quote(label), "\"></text>")) > TILE_LIMIT, "label left out");
        assertTrue(worstTile(i, svg.replaceFirst(Pattern.quote(label), "\">2</text>")) > TILE_LIMIT, "digit left out");

        int at = svg.indexOf(label);
        int group = svg.lastIndexOf("<g ", at);
        Matcher m = Pattern.compile("translate\\((-?[\\d.]+) (-?[\\d.]+)\\)").matcher(svg);
        assertTrue(m.find(group) && m.start() < at, "the label's group is moved by a translation");
        String moved = svg.substring(0, m.start()) + "translate(" + (Double.parseDouble(m.group(1)) + 1) + " " + m.group(2) + ")"
                + svg.substring(m.end());
        assertTrue(worstTile(i, moved) > TILE_LIMIT, "label moved 1 px right");

        String device = FIGURES.get(i).subtitle().get(0);
        String subtitle = "\">" + SvgText.escape(device) + "</text>";
        assertTrue(svg.contains(subtitle), "the subtitle is a text");
        assertTrue(worstTile(i, svg.replace(subtitle, "\"></text>")) > TILE_LIMIT, "subtitle left out");
    }
}
