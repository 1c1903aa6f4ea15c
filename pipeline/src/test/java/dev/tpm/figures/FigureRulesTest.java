package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.Endpoints;
import dev.tpm.model.StackInfo;
import dev.tpm.testing.Campaigns;
import dev.tpm.model.Studies;
import dev.tpm.output.Outputs;
import dev.tpm.paper.Stages;
import dev.tpm.pipeline.Pipeline;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.Verification;
import dev.tpm.testing.SyntheticData;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Stroke;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;

/**
 * outputs.md v4's three rules for figures, checked on every figure of the shipped data and on
 * SYNTHETIC data no figure was laid out for (a long device id and campaign id, twelve stacks with
 * long ids, values three decades either side of the example's; a seed study with eleven stacks):
 * nothing drawn outside the canvas (a PNG whose outermost two pixels carry ink fails), no two stacks
 * of a figure share a colour (an SVG whose legend has two stacks with one fill fails), and every
 * colour and line style drawn is explained in the legend.
 */
class FigureRulesTest {
    /** The repository's figures (another folder with -Dtpm.figures=DIR). */
    private static final Path SHIPPED = System.getProperty("tpm.figures") != null ? Path.of(System.getProperty("tpm.figures"))
            : Files.isDirectory(Path.of("..", "figures")) ? Path.of("..", "figures") : Path.of("figures");
    /** Ink: a pixel darker than this in grey. */
    private static final int INK_GREY = 128;
    /** The band at each edge that must stay blank, in pixels. */
    private static final int EDGE_PX = 2;

    @Test
    void everyShippedFigureKeepsTheRules() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(SHIPPED)) {
            files = walk.filter(p -> p.toString().endsWith(".png") || p.toString().endsWith(".svg")).sorted().toList();
        }
        assertFalse(files.isEmpty(), "no figure under " + SHIPPED.toAbsolutePath());
        List<String> problems = new ArrayList<>();
        for (Path p : files) problems.addAll(fileProblems(p.toString(), Files.readAllBytes(p)));
        assertEquals(List.of(), problems);
    }

    @Test
    void everyFigureOfLongIdsTwelveStacksAndExtremeValuesKeepsTheRules(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("data");
        SyntheticData.writeStress(data);
        Pipeline p = Stages.paper(data, 2, new PrintWriter(new StringWriter()));
        PipelineContext context = p.load();
        Outputs out = p.generate(context);
        List<String> problems = new ArrayList<>();
        int figures = 0;
        for (Map.Entry<String, byte[]> e : out.files().entrySet()) {
            if (!e.getKey().startsWith("figures/") || e.getKey().endsWith(".html")) continue;
            figures++;
            problems.addAll(fileProblems(e.getKey(), e.getValue()));
            if (System.getProperty("tpm.stress.out") != null) { // for looking at them: -Dtpm.stress.out=DIR
                Path file = Path.of(System.getProperty("tpm.stress.out")).resolve(e.getKey());
                Files.createDirectories(file.getParent());
                Files.write(file, e.getValue());
            }
        }
        DrawnFigures drawn = context.handedOn(DrawnFigures.class).orElseThrow();
        for (Map.Entry<String, Figure> e : drawn.byStem().entrySet()) problems.addAll(figureProblems(e.getKey(), e.getValue()));
        assertTrue(figures >= 20, "figures drawn: " + figures + " " + out.skipped());
        // the stacks are in the figures: a legend of all twelve, with the long ids
        Figure pareto = drawn.byStem().values().stream().filter(f -> f.name().equals("pareto")).findFirst().orElseThrow();
        assertEquals(SyntheticData.STRESS_STACKS, pareto.legend().stream().filter(s -> !isInk(colour(s))).count());
        assertEquals(List.of(), problems);
    }

    @Test
    void seedStudyFiguresOfElevenStacksAndLongIdsKeepTheRules() throws IOException {
        String device = SyntheticData.STRESS_DEVICE;
        List<String> extra = List.of("elixir-phoenix-cowboy-on-the-beam", "crystal-http-server-standard-library",
                "java-vertx-reactive-four-event-loops");
        List<String> all = new ArrayList<>(List.of("flask-dev", "node-http", "go-http", "flask-gunicorn", "go-gin",
                "go-fasthttp", "rust-actix", "rust-axum-hello"));
        all.addAll(extra);
        List<LoadgenSummary> rows = new ArrayList<>();
        for (int s = 0; s < all.size(); s++) {
            double level = Math.pow(10, s % 7 - 1); // 0.1 to 100,000 req/s
            for (String endpoint : List.of(Endpoints.HELLO, Endpoints.HELLO_JSON, Endpoints.SLEEP)) {
                for (int c : new int[] {10, 50}) {
                    rows.add(new LoadgenSummary(device, Studies.HELLO_BLOG_NEXT, 1, all.get(s), endpoint, c, 5, level * c,
                            level * c, 1, 2, 3, 10, 90, s + 1));
                }
            }
            rows.add(new LoadgenSummary(device, Studies.HELLO_BLOG_NEXT, 2, all.get(s), Endpoints.HELLO, 1000, 5, level * 900,
                    level * 900, 1, 2, 3, 10, 90, s + 1));
            for (int c : new int[] {10, 50}) {
                rows.add(new LoadgenSummary(device, Studies.HELLO_BLOG, 1, all.get(s), Endpoints.HELLO, c, 5, level * c, level * c,
                        0.001 * (s + 1), 0.002 * (s + 1), 5000.0 * (s + 1), 10, 90, s + 1));
            }
        }
        String campaign = SyntheticData.STRESS_CAMPAIGN;
        Dataset ds = new Dataset(Path.of("data"), AnalysisConfig.defaults(), SyntheticResults.mixes(),
                List.of(campaign(campaign + "-next", device, Studies.HELLO_BLOG_NEXT, all),
                        campaign(campaign + "-blog", device, Studies.HELLO_BLOG, all)),
                List.of(), List.of(), List.of(), List.of(), List.of());
        Results results = new Results(dev.tpm.testing.TestFacts.of(ds, rows), new Verification(0, "0".repeat(64)), List.of(),
                List.of(), List.of(), List.of(), rows, List.of());
        List<String> problems = new ArrayList<>();
        Outputs out = new Outputs();
        FiguresStage.runStudies(List.of(new HelloBlogNextFigure(), new HelloBlogFigure()), results, out);
        assertEquals(4, out.files().size(), out.skipped().toString());
        for (Map.Entry<String, byte[]> e : out.files().entrySet()) problems.addAll(fileProblems(e.getKey(), e.getValue()));
        DrawnFigures drawn = FiguresStage.built(List.of(), List.of(new HelloBlogNextFigure(), new HelloBlogFigure()), results);
        for (Map.Entry<String, Figure> e : drawn.byStem().entrySet()) problems.addAll(figureProblems(e.getKey(), e.getValue()));
        Figure next = drawn.get("figures/hello_blog_next").orElseThrow();
        assertEquals(all.size(), next.legend().stream().filter(s -> !isInk(colour(s))).count());
        assertEquals(List.of(), problems);
    }

    /**
     * The units figure (drawn once across devices) on three synthetic units of one model with three
     * stacks, on two models of two units, and on data it was not drawn for: three units with long
     * ids, nine stacks over five decades, one unit at 0.4 x the others.
     */
    @Test
    void theUnitsFigureOfThreeUnitsKeepsTheRules() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Results results : List.of(dev.tpm.analysis.UnitsFixture.results(), dev.tpm.analysis.UnitsFixture.twoModels(),
                dev.tpm.analysis.UnitsFixture.stress())) {
            problems.addAll(unitsFigureProblems(results));
        }
        assertEquals(List.of(), problems);
    }

    private static List<String> unitsFigureProblems(Results results) throws IOException {
        Outputs out = new Outputs();
        FiguresStage.runStudies(List.of(new UnitsFigure()), results, out);
        List<String> problems = new ArrayList<>();
        if (System.getProperty("tpm.units.out") != null) {
            for (Map.Entry<String, byte[]> e : out.files().entrySet()) {
                Path file = Path.of(System.getProperty("tpm.units.out"), results.units().size() + "-" + e.getKey().replace('/', '-'));
                Files.createDirectories(file.getParent());
                Files.write(file, e.getValue());
            }
        }
        for (Map.Entry<String, byte[]> e : out.files().entrySet()) problems.addAll(fileProblems(e.getKey(), e.getValue()));
        DrawnFigures drawn = FiguresStage.built(List.of(), List.of(new UnitsFigure()), results);
        for (Map.Entry<String, Figure> e : drawn.byStem().entrySet()) problems.addAll(figureProblems(e.getKey(), e.getValue()));
        assertEquals(2, out.files().size(), out.skipped().toString());
        return problems;
    }

    /** Version 6: the probe figure on SYNTHETIC data it was not drawn for (two campaigns in rounds, a step, a resumed probe). */
    @Test
    void theProbeFigureKeepsTheRules() throws IOException {
        Results results = dev.tpm.analysis.ProbeFixture.results();
        DrawnFigures drawn = FiguresStage.built(List.of(new ProbeFigure()), List.of(), results);
        List<String> problems = new ArrayList<>();
        assertEquals(1, drawn.byStem().size(), drawn.byStem().keySet().toString()); // the device with a probe only
        for (Map.Entry<String, Figure> e : drawn.byStem().entrySet()) {
            problems.addAll(figureProblems(e.getKey(), e.getValue()));
            problems.addAll(fileProblems(e.getKey() + ".png", FigureWriter.png(e.getValue())));
            problems.addAll(fileProblems(e.getKey() + ".svg", FigureWriter.svg(e.getValue())));
        }
        assertEquals(List.of(), problems);
    }

    /** The checker fails a figure cut at its edge and a legend with two stacks in one colour. */
    @Test
    void theChecksFailWhatTheyAreFor() throws IOException {
        BufferedImage inked = new BufferedImage(40, 30, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < 40; x++) for (int y = 0; y < 30; y++) inked.setRGB(x, y, 0xFFFFFF);
        inked.setRGB(39, 15, 0x202020);
        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
        ImageIO.write(inked, "png", png);
        assertEquals(1, fileProblems("x.png", png.toByteArray()).size());
        inked.setRGB(39, 15, 0xFFFFFF);
        inked.setRGB(37, 15, 0x202020);
        png.reset();
        ImageIO.write(inked, "png", png);
        assertEquals(List.of(), fileProblems("x.png", png.toByteArray()));

        Theme theme = new Theme(List.of("a", "b"));
        XYChart chart = theme.chart(400, 300, "t", "x", "y");
        Plots.line(chart, "a", new double[] {1, 2}, new double[] {1, 2}, theme.color("a"), Theme.DATA_LINE, theme.marker("a"));
        Plots.line(chart, "b", new double[] {1, 2}, new double[] {2, 3}, theme.color("a"), Theme.DATA_LINE, theme.marker("b"));
        Plots.line(chart, "c", new double[] {1, 2}, new double[] {2, 4}, theme.color("b"), Theme.DASHED_LINE, theme.marker("b"))
                .setShowInLegend(false);
        Figure f = FiguresStage.finish(new Figure("t", "title", "caption", 1, List.of(chart)), "device");
        byte[] svg = FigureWriter.svg(f);
        assertTrue(fileProblems("t.svg", svg).stream().anyMatch(s -> s.contains("share the colour")), fileProblems("t.svg", svg).toString());
        List<String> figure = figureProblems("t", f);
        assertTrue(figure.stream().anyMatch(s -> s.contains("share the colour")), figure.toString());
        assertTrue(figure.stream().anyMatch(s -> s.contains("not in the legend")), figure.toString());
    }

    private static Campaign campaign(String id, String device, String study, List<String> stacks) {
        ObjectMapper json = new ObjectMapper();
        Device d = Device.of(device, "synthetic VM", null, 2, null, null, null, null, null, null, null, null, null, "none");
        List<StackInfo> infos = stacks.stream().map(s -> new StackInfo(s, "lang", "framework", null, 1)).toList();
        return Campaigns.of(id, d, json.createObjectNode().put("host", "same"), json.createObjectNode(), infos,
                json.createObjectNode().put("study", study));
    }

    /** Problems of a written figure file: ink at a PNG's edge; two SVG legend stacks of one colour. */
    static List<String> fileProblems(String name, byte[] bytes) throws IOException {
        List<String> problems = new ArrayList<>();
        if (name.endsWith(".png")) {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
            int w = image.getWidth();
            int h = image.getHeight();
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    boolean edge = x < EDGE_PX || y < EDGE_PX || x >= w - EDGE_PX || y >= h - EDGE_PX;
                    if (!edge) {
                        x = Math.max(x, w - EDGE_PX - 1);
                        continue;
                    }
                    int rgb = image.getRGB(x, y);
                    double grey = 0.299 * ((rgb >> 16) & 0xFF) + 0.587 * ((rgb >> 8) & 0xFF) + 0.114 * (rgb & 0xFF);
                    if (grey < INK_GREY) {
                        problems.add(name + ": ink at its edge, pixel (" + x + ", " + y + ")");
                        return problems;
                    }
                }
            }
        } else if (name.endsWith(".svg")) {
            Map<String, List<String>> byColour = new LinkedHashMap<>();
            for (String[] entry : svgLegend(new String(bytes, StandardCharsets.UTF_8))) {
                if (entry[1].equals("ink")) continue;
                byColour.computeIfAbsent(entry[1], k -> new ArrayList<>()).add(entry[0]);
            }
            byColour.forEach((c, names) -> {
                if (names.size() > 1) problems.add(name + ": legend entries " + names + " share the colour " + c);
            });
        }
        return problems;
    }

    /**
     * The legend the writer draws below the subtitle, read back from the SVG: each entry is a group of
     * sample shapes followed by the group of its name's first line. Returns {name, colour} pairs; the
     * colour is the sample's first fill (its marker or box), else its stroke, "ink" when grey.
     */
    static List<String[]> svgLegend(String svg) {
        int panels = svg.indexOf("clip-path=");
        String header = panels < 0 ? svg : svg.substring(0, panels);
        Pattern entry = Pattern.compile("<g>((?:(?!</g>).)*?)</g>\\s*<g transform=\"translate\\([^)]*\\)\">\\s*<text[^>]*>([^<]*)</text>",
                Pattern.DOTALL);
        Pattern fill = Pattern.compile("fill:rgb\\((\\d+),(\\d+),(\\d+)\\)");
        Pattern stroke = Pattern.compile("stroke:rgb\\((\\d+),(\\d+),(\\d+)\\)");
        List<String[]> out = new ArrayList<>();
        Matcher m = entry.matcher(header);
        while (m.find()) {
            Matcher c = fill.matcher(m.group(1));
            String colour = null;
            while (c.find()) {
                if (!(c.group(1).equals("255") && c.group(2).equals("255") && c.group(3).equals("255"))) {
                    colour = c.group(1) + "," + c.group(2) + "," + c.group(3);
                    break;
                }
            }
            if (colour == null) {
                Matcher s = stroke.matcher(m.group(1));
                if (s.find()) colour = s.group(1) + "," + s.group(2) + "," + s.group(3);
            }
            if (colour == null) continue;
            String[] rgb = colour.split(",");
            boolean grey = rgb[0].equals(rgb[1]) && rgb[1].equals(rgb[2]);
            out.add(new String[] {m.group(2), grey ? "ink" : colour});
        }
        return out;
    }

    /**
     * Problems of a built figure: two legend entries in one colour; a colour, or a line style of a
     * stack's line, drawn in a panel but in no legend entry; a panel's or axis's title wider than its
     * panel.
     */
    static List<String> figureProblems(String stem, Figure f) {
        List<String> problems = new ArrayList<>();
        Map<Integer, String> legendColours = new HashMap<>();
        Set<String> legendStrokes = new HashSet<>();
        for (XYSeries s : f.legend()) {
            Color c = colour(s);
            if (style(s) == XYSeriesRenderStyle.Line) legendStrokes.add(strokeKey(s.getLineStyle()));
            if (isInk(c)) continue;
            String before = legendColours.putIfAbsent(c.getRGB() & 0xFFFFFF, s.getName());
            if (before != null) problems.add(stem + ": legend entries " + before + " and " + s.getName() + " share the colour " + c);
        }
        for (XYChart chart : f.panels()) {
            for (XYSeries s : chart.getSeriesCollection()) {
                if (!drawsSomething(s)) continue;
                Color c = colour(s);
                // a panel of one stack (memory) names it in its title
                boolean panelNamesIt = chart.getTitle() != null && chart.getTitle().startsWith(s.getName().split(" ")[0] + " ");
                if (!isInk(c) && !legendColours.containsKey(c.getRGB() & 0xFFFFFF) && !panelNamesIt) {
                    problems.add(stem + ": series " + s.getName() + "'s colour " + c + " is not in the legend");
                }
                if (style(s) == XYSeriesRenderStyle.Line && !isHelper(s)
                        && !legendStrokes.contains(strokeKey(s.getLineStyle()))) {
                    problems.add(stem + ": series " + s.getName() + "'s line style " + strokeKey(s.getLineStyle())
                            + " is not in the legend");
                }
            }
            var st = chart.getStyler();
            if (f.panels().size() > 1 && st.isChartTitleVisible()
                    && FigureWriter.advance(chart.getTitle(), st.getChartTitleFont()) > chart.getWidth()) {
                problems.add(stem + ": panel title '" + chart.getTitle() + "' is wider than its panel");
            }
            if (FigureWriter.advance(chart.getXAxisTitle(), st.getAxisTitleFont()) > chart.getWidth() - 100) {
                problems.add(stem + ": x-axis title '" + chart.getXAxisTitle() + "' is wider than its panel");
            }
            if (FigureWriter.advance(chart.getYAxisTitle(), st.getAxisTitleFont()) > chart.getHeight() - 80) {
                problems.add(stem + ": y-axis title '" + chart.getYAxisTitle() + "' is taller than its panel");
            }
        }
        return problems;
    }

    /** A series with at least one finite point, drawn (not only a legend key). */
    private static boolean drawsSomething(XYSeries s) {
        return Arrays.stream(s.getYData()).anyMatch(Double::isFinite);
    }

    /** CI whiskers, box parts, other segments: styled as the caption says, never legend entries of their own. */
    private static boolean isHelper(XYSeries s) {
        return !s.isShowInLegend() && (s.getMarker() == null || s.getMarker() instanceof org.knowm.xchart.style.markers.None);
    }

    static Color colour(XYSeries s) {
        XYSeriesRenderStyle style = style(s);
        if (style == XYSeriesRenderStyle.Scatter) return s.getMarkerColor();
        if (style == XYSeriesRenderStyle.Area || style == XYSeriesRenderStyle.PolygonArea || style == XYSeriesRenderStyle.StepArea) {
            return s.getFillColor() != null ? s.getFillColor() : s.getLineColor();
        }
        return s.getMarker() != null && !(s.getMarker() instanceof org.knowm.xchart.style.markers.None)
                ? s.getMarkerColor() : s.getLineColor();
    }

    private static XYSeriesRenderStyle style(XYSeries s) {
        Object o = s.getXYSeriesRenderStyle();
        return o instanceof java.util.Optional<?> opt ? (XYSeriesRenderStyle) opt.orElse(null) : (XYSeriesRenderStyle) o;
    }

    private static boolean isInk(Color c) {
        return c == null || (c.getRed() == c.getGreen() && c.getGreen() == c.getBlue());
    }

    private static String strokeKey(Stroke stroke) {
        if (!(stroke instanceof BasicStroke b)) return String.valueOf(stroke);
        return b.getLineWidth() + (b.getDashArray() == null ? " solid" : " dash " + Arrays.toString(b.getDashArray()));
    }
}
