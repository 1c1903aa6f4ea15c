package dev.tpm.figures;

import dev.tpm.paper.PaperCatalog;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/** PNG and SVG bytes of every figure of the SYNTHETIC fixture: deterministic, wide enough, no clock in them. */
class FigureWriterTest {
    private static final List<byte[]> PNG = new ArrayList<>();
    private static final List<byte[]> SVG = new ArrayList<>();
    private static final List<Figure> FIGURES = new ArrayList<>();

    /** Builds every figure twice from scratch and renders each build once. */
    @BeforeAll
    static void renderTwice() {
        for (int round = 0; round < 2; round++) {
            Results results = SyntheticResults.pi5();
            DeviceResults device = results.devices().get(0);
            Theme theme = new Theme(results.stackOrder());
            for (FigureBuilder b : PaperCatalog.CATALOG.figureBuilders()) {
                if (b.missingData(results, device) != null) continue; // warm_cold: the fixture has no phase 5
                Figure f = b.build(results, device, theme);
                if (round == 0) FIGURES.add(f);
                PNG.add(FigureWriter.png(f));
                SVG.add(FigureWriter.svg(f));
            }
        }
    }

    /**
     * A legend outside one panel's plot would make that plot smaller than the others': a figure of
     * several panels lists it below the subtitle instead, in rows as wide as the figure allows, and
     * every panel of it is painted the same way, without a legend.
     */
    @Test
    void aFigureOfSeveralPanelsHasItsLegendBelowTheSubtitleInRowsThatFit() {
        Results results = SyntheticResults.pi5();
        DeviceResults device = results.devices().get(0);
        Figure f = FiguresStage.finish(new EndpointRpsFigure().build(results, device, new Theme(results.stackOrder())), device);
        assertTrue(f.panels().size() > 1);
        assertTrue(f.panels().stream().noneMatch(c -> c.getStyler().isLegendVisible()), "no panel has a legend");
        assertEquals(SyntheticResults.STACKS, f.legend().stream().map(org.knowm.xchart.XYSeries::getName).toList());
        assertEquals(1, FigureWriter.legendRows(f).size(), "five stacks fit one row");
        Figure bare = f.withLegend(List.of());
        assertEquals(FigureWriter.LEGEND_ROW_HEIGHT + 8, FigureWriter.header(f) - FigureWriter.header(bare));

        // many entries wrap onto more rows, in their order, each row within the figure's width, and
        // the header grows by a row height each
        List<org.knowm.xchart.XYSeries> many = new ArrayList<>();
        for (int i = 0; i < 6; i++) many.addAll(f.legend());
        Figure wide = f.withLegend(many);
        List<List<FigureWriter.LegendEntry>> rows = FigureWriter.legendRows(wide);
        assertTrue(rows.size() > 1, rows.size() + " rows");
        assertEquals(many, rows.stream().flatMap(List::stream).map(FigureWriter.LegendEntry::series).toList());
        for (List<FigureWriter.LegendEntry> row : rows) {
            double w = row.stream().mapToDouble(FigureWriter.LegendEntry::width).sum() + (row.size() - 1) * FigureWriter.LEGEND_ENTRY_GAP;
            assertTrue(w <= FigureWriter.width(wide) - 2.0 * FigureWriter.LEGEND_ENTRY_GAP, "a row of " + w + " px");
        }
        assertEquals(rows.size() * FigureWriter.LEGEND_ROW_HEIGHT + 8, FigureWriter.header(wide) - FigureWriter.header(bare));
        BufferedImage image = FigureWriter.raster(wide);
        assertEquals(FigureWriter.pngHeight(wide), image.getHeight());
        assertEquals(Math.round(FigureWriter.height(wide) * FigureWriter.pngScale(wide)), image.getHeight());
    }

    @Test
    void twoRendersGiveIdenticalPngAndSvgBytes() {
        int n = FIGURES.size();
        Results results = SyntheticResults.pi5();
        assertEquals(PaperCatalog.CATALOG.figureBuilders().stream()
                .filter(b -> b.missingData(results, results.devices().get(0)) == null).count(), n);
        assertEquals(PaperCatalog.CATALOG.figureBuilders().size() - 2, n, "every figure but warm_cold and probe (no phase 5, no probe.csv)");
        for (int i = 0; i < n; i++) {
            assertArrayEquals(PNG.get(i), PNG.get(n + i), FIGURES.get(i).name() + ".png differs between renders");
            assertArrayEquals(SVG.get(i), SVG.get(n + i), FIGURES.get(i).name() + ".svg differs between renders");
        }
    }

    /**
     * The pipeline paints a figure once for both files (FigureWriter.pngAndSvg); its PNG is the
     * PNG painted alone, byte for byte, and its SVG the one svg() gives.
     */
    @Test
    void thePngPaintedWithTheSvgIsThePngPaintedAlone() {
        for (int i = 0; i < FIGURES.size(); i++) {
            byte[][] both = FigureWriter.pngAndSvg(FIGURES.get(i));
            assertArrayEquals(PNG.get(i), both[0], FIGURES.get(i).name() + ".png");
            assertArrayEquals(SVG.get(i), both[1], FIGURES.get(i).name() + ".svg");
        }
    }

    @Test
    void pngIsAtLeast1600PixelsWideAndScaledFromTheSvg() throws Exception {
        for (int i = 0; i < FIGURES.size(); i++) {
            Figure f = FIGURES.get(i);
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(PNG.get(i)));
            assertNotNull(image, f.name());
            assertTrue(image.getWidth() >= FigureWriter.MIN_PNG_WIDTH_PX, f.name() + ": " + image.getWidth());
            // its own size when it is wide enough, else scaled up to 1600 px, the same along both axes
            assertEquals(Math.max(FigureWriter.MIN_PNG_WIDTH_PX, FigureWriter.width(f)), image.getWidth(), f.name());
            double scale = image.getWidth() / (double) FigureWriter.width(f);
            assertTrue(scale >= 1, f.name());
            assertEquals(FigureWriter.height(f) * scale, image.getHeight(), 0.5, f.name());
        }
    }

    @Test
    void pngHoldsOnlyImageChunks() {
        for (int i = 0; i < FIGURES.size(); i++) {
            List<String> chunks = pngChunks(PNG.get(i));
            assertEquals("IHDR", chunks.get(0));
            assertEquals("IEND", chunks.get(chunks.size() - 1));
            for (String c : chunks) {
                assertTrue(List.of("IHDR", "IDAT", "IEND").contains(c), FIGURES.get(i).name() + " has chunk " + c);
            }
        }
    }

    static List<String> pngChunks(byte[] png) {
        return PngChunk.read(png).stream().map(PngChunk::type).toList();
    }

    @Test
    void svgIsWellFormedSizedAndHasNoClockOrHashInIt() throws Exception {
        Pattern date = Pattern.compile("\\d{4}-\\d{2}-\\d{2}|\\d{2}:\\d{2}:\\d{2}");
        Pattern clip = Pattern.compile("id=\"clip(\\d+)\"");
        for (int i = 0; i < FIGURES.size(); i++) {
            Figure f = FIGURES.get(i);
            String svg = new String(SVG.get(i), StandardCharsets.UTF_8);
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            Element root = factory.newDocumentBuilder().parse(new ByteArrayInputStream(SVG.get(i))).getDocumentElement();
            assertEquals("svg", root.getTagName());
            assertEquals(FigureWriter.width(f) + "px", root.getAttribute("width"));
            assertEquals(FigureWriter.height(f) + "px", root.getAttribute("height"));
            assertFalse(date.matcher(svg).find(), f.name() + ".svg holds a date or time");
            assertFalse(svg.contains("<script"), f.name());
            Matcher m = clip.matcher(svg);
            int expected = 1;
            while (m.find()) assertEquals(expected++, Integer.parseInt(m.group(1)), f.name() + ": clip ids in order");
            assertTrue(expected > 1, f.name() + " has clip paths");
        }
    }

    @Test
    void coordinatesHaveAtMostTwoDecimalsButWordsKeepTheirs() {
        // in the markup: a word is written as the PNG shows it, decimals and all
        for (byte[] svg : SVG) {
            String markup = new String(svg, StandardCharsets.UTF_8).replaceAll(">[^<]*</(text|title|desc)>", "></$1>");
            Matcher m = Pattern.compile(".{0,80}\\d\\.\\d{3,}.{0,20}").matcher(markup);
            assertFalse(m.find(), () -> m.group());
            assertFalse(markup.contains("-0\""), "no negative zero");
        }
    }

    @Test
    void multiPanelFiguresStackTheirPanelsInAGridUnderATitleBand() {
        Figure boxes = FIGURES.stream().filter(f -> f.name().equals(EndpointRpsFigure.NAME)).findFirst().orElseThrow();
        assertEquals(3, boxes.columns());
        assertEquals(2, boxes.rows());
        assertEquals(3 * boxes.panelWidth(), FigureWriter.width(boxes));
        assertEquals(FigureWriter.header(boxes) + 2 * boxes.panelHeight(), FigureWriter.height(boxes));
        Figure ratio = FIGURES.stream().filter(f -> f.name().equals(RatioFigure.NAME)).findFirst().orElseThrow();
        assertEquals(FigureWriter.header(ratio) + Layout.SINGLE_HEIGHT, FigureWriter.height(ratio));
    }
}
