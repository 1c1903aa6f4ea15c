package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.paper.PaperCatalog;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/** Every SVG keeps its words as text, in DejaVu Sans with a generic fallback, under a title and a description. */
class SvgTextTest {
    private static final List<Figure> FIGURES = new ArrayList<>();
    private static final List<byte[]> SVG = new ArrayList<>();
    private static String deviceId;

    /** Every figure of the SYNTHETIC fixture, finished as the figures stage finishes it (subtitle, legend). */
    @BeforeAll
    static void render() {
        Results results = SyntheticResults.pi5();
        DeviceResults device = results.devices().get(0);
        deviceId = device.id();
        Theme theme = new Theme(results.stackOrder());
        for (FigureBuilder b : PaperCatalog.CATALOG.figureBuilders()) {
            if (b.missingData(results, device) != null) continue;
            Figure f = FiguresStage.finish(b.build(results, device, theme), device);
            FIGURES.add(f);
            SVG.add(FigureWriter.svg(f));
        }
    }

    static Document parse(byte[] svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg));
    }

    static List<Element> elements(Document doc, String tag) {
        NodeList nodes = doc.getElementsByTagName(tag);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) out.add((Element) nodes.item(i));
        return out;
    }

    static List<String> texts(Document doc) {
        return elements(doc, "text").stream().map(Element::getTextContent).toList();
    }

    private static List<Element> childElements(Element e) {
        List<Element> out = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c) out.add(c);
        }
        return out;
    }

    /**
     * A glyph outline in an SVG is a path with quadratic segments: DejaVu Sans is a TrueType font,
     * whose outlines are quadratic Béziers, and nothing else a figure draws (lines, boxes,
     * polygon markers, circles as cubic curves) has any.
     */
    static long glyphOutlines(Document doc) {
        return elements(doc, "path").stream().filter(p -> p.getAttribute("d").matches("(?s).*[Qq].*")).count();
    }

    @Test
    void everySvgHasItsTitleAndSubtitleFirstAndItsWordsAsTextInDejaVuSansOrSansSerif() throws Exception {
        assertTrue(FIGURES.size() >= 8, FIGURES.size() + " figures");
        for (int i = 0; i < FIGURES.size(); i++) {
            Figure f = FIGURES.get(i);
            Document doc = parse(SVG.get(i));
            List<Element> first = childElements(doc.getDocumentElement());
            assertEquals("title", first.get(0).getTagName(), f.name());
            assertEquals(f.title(), first.get(0).getTextContent(), f.name());
            assertEquals("desc", first.get(1).getTagName(), f.name());
            assertEquals(String.join("\n", f.subtitle()), first.get(1).getTextContent(), f.name());
            assertTrue(first.get(1).getTextContent().contains(deviceId), f.name() + ": desc names the device");

            List<String> texts = texts(doc);
            assertTrue(texts.contains(f.title()), f.name() + ": the title is text");
            for (String line : f.subtitle()) assertTrue(texts.contains(line), f.name() + ": subtitle line '" + line + "' is text");
            assertTrue(texts.stream().anyMatch(t -> t.contains(deviceId)), f.name() + ": the device name is text");
            for (XYChart p : f.panels()) {
                for (String axis : new String[] {p.getXAxisTitle(), p.getYAxisTitle()}) {
                    if (axis != null && !axis.isBlank()) assertTrue(texts.contains(axis), f.name() + ": axis title '" + axis + "' is text");
                }
                if (f.panels().size() > 1) assertTrue(texts.contains(p.getTitle()), f.name() + ": panel title '" + p.getTitle() + "'");
            }
            for (Element t : elements(doc, "text")) {
                String style = t.getAttribute("style");
                assertTrue(style.contains("font-family:\"DejaVu Sans\", sans-serif;"), f.name() + ": " + style);
                assertTrue(style.matches(".*font-size:\\d+(\\.\\d+)?px;.*"), f.name() + ": " + style);
                assertEquals("preserve", t.getAttribute("xml:space"), f.name());
            }
            assertEquals(0, glyphOutlines(doc), f.name() + " has words as glyph outlines");
        }
    }

    /** The outline check above would see a word drawn as outlines, as XChart draws it. */
    @Test
    void aWordFilledAsItsOutlineIsAPathWithQuadraticSegments() throws Exception {
        SvgGraphics g = new SvgGraphics(100, 30, null);
        Font font = Theme.font(Font.PLAIN, 13f);
        g.fill(new TextLayout("pi5-a", font, new FontRenderContext(null, false, true)).getOutline(null));
        Document doc = parse(g.document("t", List.of()).getBytes(StandardCharsets.UTF_8));
        assertTrue(glyphOutlines(doc) > 0);
        assertTrue(texts(doc).isEmpty());
    }

    /**
     * A small synthetic figure whose words need escaping, hold decimals and a word like a clip id,
     * two spaces in a row, and a turned axis title: each is one text, character for character.
     */
    @Test
    void wordsAreWrittenCharacterForCharacterAndEscaped() throws Exception {
        Theme theme = new Theme(List.of("a & b"));
        XYChart chart = theme.chart(600, 400, "R&D <fast> 0.125 clip7", "latency (µs) ≤ 0.125 clip7", "rate  (req/s)");
        chart.addSeries("a & b", new double[] {1, 2, 3}, new double[] {0.125, 0.5, 1});
        chart.getStyler().setXAxisLabelRotation(45);
        Figure f = FiguresStage.finish(new Figure("synthetic", "SYNTHETIC: \"quotes\" & <angles>", "caption", 1, List.of(chart)),
                "dev-x <lab> & co (campaign 2026-01-02-dev-x)");
        byte[] svg = FigureWriter.svg(f);
        Document doc = parse(svg);
        List<String> texts = texts(doc);
        assertTrue(texts.contains("SYNTHETIC: \"quotes\" & <angles>"), texts.toString());
        assertTrue(texts.contains("dev-x <lab> & co (campaign 2026-01-02-dev-x)"), texts.toString());
        assertTrue(texts.contains("latency (µs) ≤ 0.125 clip7"), texts.toString());
        assertTrue(texts.contains("rate  (req/s)"), texts.toString());
        assertTrue(texts.contains("a & b"), "the legend: " + texts);
        assertEquals("SYNTHETIC: \"quotes\" & <angles>", childElements(doc.getDocumentElement()).get(0).getTextContent());
        assertEquals(0, glyphOutlines(doc));
        // the y axis title is turned a quarter left, the tick labels an eighth, as group
        // transforms of whole degrees
        String text = new String(svg, StandardCharsets.UTF_8);
        assertTrue(text.contains("rotate(-90)"), "a turned title");
        assertTrue(text.contains("rotate(-45)"), "turned tick labels");
        assertFalse(text.contains("matrix("), "no rounded rotation matrix");
        assertArrayEqualsTwice(f, svg);
    }

    private static void assertArrayEqualsTwice(Figure f, byte[] svg) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(svg, FigureWriter.svg(f), "a second render gives the same bytes");
    }

    /**
     * A word laid out in a theme font and filled as its outline, moved and turned: one text, its
     * decimals and a word like a clip id left alone, in a group turned in whole degrees, in the
     * theme's family with the fallback, its size, no kerning or ligatures, spaces kept.
     */
    @Test
    void aFilledOutlineOfALaidOutWordIsWrittenAsThatWord() {
        String svg;
        try (SvgText.Recorder r = SvgText.Recorder.start()) {
            SvgGraphics g = new SvgGraphics(200, 100, r);
            Font font = Theme.font(Font.BOLD, 14f);
            TextLayout layout = new TextLayout("clip-55 at 0.12345 & 1.23456", font, g.getFontRenderContext());
            AffineTransform at = AffineTransform.getTranslateInstance(10.125, 50.004);
            at.rotate(-Math.PI / 4);
            g.setClip(new java.awt.geom.Rectangle2D.Double(0, 0, 200, 100));
            g.fill(layout.getOutline(at));
            svg = g.document("t", List.of("d"));
        }
        assertTrue(svg.contains("<g clip-path=\"url(#clip1)\" transform=\"translate(10.12 50) rotate(-45)\">\n"
                + "    <text xml:space=\"preserve\" style=\"fill:rgb(0,0,0);stroke:none;font-family:&quot;DejaVu Sans&quot;, sans-serif;"
                + "font-size:14px;font-weight:bold;font-kerning:none;font-variant-ligatures:none;\" x=\"0\" y=\"0\">"
                + "clip-55 at 0.12345 &amp; 1.23456</text>\n"), svg);
        assertFalse(svg.contains("matrix("), svg);
    }
}
