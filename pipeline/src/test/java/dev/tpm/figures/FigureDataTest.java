package dev.tpm.figures;

import dev.tpm.paper.PaperCatalog;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Endpoints;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.GroupSample;
import dev.tpm.results.Results;
import dev.tpm.results.StackPooled;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.Weighted;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;

/** Each figure checked through the data it draws (series, points, CIs, titles, log flags), on SYNTHETIC results. */
class FigureDataTest {
    private static final double EPS = 1e-12;
    private final Results results = SyntheticResults.pi5();
    private final DeviceResults device = results.devices().get(0);
    private final Theme theme = new Theme(results.stackOrder());

    static XYSeries series(XYChart chart, String name) {
        XYSeries s = chart.getSeries(name);
        assertNotNull(s, "no series '" + name + "' in " + chart.getSeriesCollection().stream().map(XYSeries::getName).toList());
        return s;
    }

    static double[] finite(double[] a) {
        return Arrays.stream(a).filter(x -> !Double.isNaN(x)).toArray();
    }

    static double min(double[] a) {
        return Arrays.stream(finite(a)).min().orElseThrow();
    }

    static double max(double[] a) {
        return Arrays.stream(finite(a)).max().orElseThrow();
    }

    /** Series a reader sees in the legend. */
    static List<String> legend(XYChart chart) {
        return chart.getSeriesCollection().stream().filter(XYSeries::isShowInLegend).map(XYSeries::getName).toList();
    }

    private Weighted declared(DeviceResults d, String stack) {
        return d.weighted().stream().filter(w -> w.mix().equals(d.declaredMix()) && w.stack().equals(stack))
                .findFirst().orElseThrow();
    }

    private String label(XYChart chart, double x) {
        return chart.getStyler().getxAxisTickLabelsFormattingFunction().apply(x);
    }

    // ---- pareto ----

    @Test
    void paretoPlacesEachStackAtItsWeightedPeakRssAndThroughputWithBothCis() {
        Figure f = new ParetoFigure().build(results, device, theme);
        XYChart c = f.panel(0);
        assertTrue(c.getTitle().startsWith("Figure 8"), c.getTitle());
        assertEquals("weighted peak RSS (MiB)", c.getXAxisTitle());
        assertEquals("weighted throughput (req/s)", c.getYAxisTitle());
        assertFalse(c.getStyler().isXAxisLogarithmic());
        assertFalse(c.getStyler().isYAxisLogarithmic());
        assertEquals(List.of("go", "rust", "python", "node", "dotnet", ParetoFigure.FRONTIER), legend(c));
        for (String stack : SyntheticResults.STACKS) {
            Weighted w = declared(device, stack);
            XYSeries p = series(c, stack);
            assertArrayEquals(new double[] {w.wPeakMib().value()}, p.getXData(), EPS);
            assertArrayEquals(new double[] {w.wRps().value()}, p.getYData(), EPS);
            XYSeries ci = series(c, stack + Plots.CI);
            assertEquals(w.wRps().lo(), min(ci.getYData()), EPS);
            assertEquals(w.wRps().hi(), max(ci.getYData()), EPS);
            assertEquals(w.wPeakMib().value(), min(ci.getXData()), EPS);
            assertEquals(w.wPeakMib().value(), max(ci.getXData()), EPS);
            XYSeries ciX = series(c, stack + Plots.CI_X);
            assertEquals(w.wPeakMib().lo(), min(ciX.getXData()), EPS);
            assertEquals(w.wPeakMib().hi(), max(ciX.getXData()), EPS);
            assertEquals(w.wRps().value(), min(ciX.getYData()), EPS);
            assertEquals(w.wRps().value(), max(ciX.getYData()), EPS);
        }
    }

    @Test
    void paretoFrontierSeriesHoldsExactlyTheFrontierStacksInMemoryOrder() {
        XYSeries f = series(new ParetoFigure().build(results, device, theme).panel(0), ParetoFigure.FRONTIER);
        assertEquals(XYSeriesRenderStyle.Step, f.getXYSeriesRenderStyle().orElseThrow());
        // the fixture's frontier: rust (7.36 MiB), go (19.72), dotnet (47.65); node and python dominated
        List<String> order = List.of("rust", "go", "dotnet");
        assertArrayEquals(order.stream().mapToDouble(s -> declared(device, s).wPeakMib().value()).toArray(),
                f.getXData(), EPS);
        assertArrayEquals(order.stream().mapToDouble(s -> declared(device, s).wRps().value()).toArray(),
                f.getYData(), EPS);

        DeviceResults rustOnly = SyntheticResults.with(device, device.weighted(), device.stackPooled(), List.of("rust"));
        XYSeries one = series(new ParetoFigure().build(results, rustOnly, theme).panel(0), ParetoFigure.FRONTIER);
        assertArrayEquals(new double[] {declared(device, "rust").wPeakMib().value()}, one.getXData(), EPS);
    }

    @Test
    void paretoUsesALogAxisWhenMemorySpansMoreThanTwoDecades() {
        List<Weighted> wide = new ArrayList<>();
        for (Weighted w : device.weighted()) {
            Estimate mib = w.stack().equals("python") ? new Estimate(2000, 1900, 2100) : w.wPeakMib();
            wide.add(new Weighted(w.device(), w.mix(), w.stack(), w.wRps(), mib, w.wRpsPerMib(), w.wP99Ms(),
                    w.wEnergyMj(), w.rank(), w.ratioToBest()));
        }
        DeviceResults d = SyntheticResults.with(device, wide, device.stackPooled(), device.paretoFrontier());
        XYChart c = new ParetoFigure().build(results, d, theme).panel(0);
        assertTrue(c.getStyler().isXAxisLogarithmic(), "2100 / 7.15 spans more than two decades");
        assertFalse(c.getStyler().isYAxisLogarithmic());
        assertEquals("weighted peak RSS (MiB), log scale", c.getXAxisTitle());
    }

    // ---- endpoint box plots ----

    @Test
    void endpointRpsHasOnePanelPerEndpointAndOneBoxPerStackFromTheRuns() {
        Figure f = new EndpointRpsFigure().build(results, device, theme);
        List<String> endpoints = List.of("post_item", "get_item", "get_list", "put_item", "delete_item", "mixed");
        assertEquals(endpoints.size(), f.panels().size());
        for (int i = 0; i < endpoints.size(); i++) {
            XYChart c = f.panel(i);
            assertTrue(c.getTitle().contains(endpoints.get(i)), c.getTitle());
            assertEquals("throughput (req/s)", c.getYAxisTitle());
            assertEquals(SyntheticResults.STACKS, legend(c));
            for (int s = 0; s < SyntheticResults.STACKS.size(); s++) {
                String stack = SyntheticResults.STACKS.get(s);
                double[] runs = sample(stack, endpoints.get(i), Metrics.RPS);
                BoxStats b = BoxStats.of(runs);
                XYSeries box = series(c, stack);
                assertEquals(XYSeriesRenderStyle.PolygonArea, box.getXYSeriesRenderStyle().orElseThrow());
                assertEquals(b.q1(), min(box.getYData()), EPS);
                assertEquals(b.q3(), max(box.getYData()), EPS);
                assertEquals(s + 1.0, (min(box.getXData()) + max(box.getXData())) / 2, EPS);
                assertEquals(stack, label(c, s + 1.0));
                XYSeries median = series(c, stack + EndpointBoxes.MEDIAN);
                assertEquals(b.median(), min(median.getYData()), EPS);
                assertEquals(b.median(), max(median.getYData()), EPS);
                XYSeries whiskers = series(c, stack + EndpointBoxes.WHISKERS);
                assertEquals(b.lowerWhisker(), min(whiskers.getYData()), EPS);
                assertEquals(b.upperWhisker(), max(whiskers.getYData()), EPS);
                // the fixture's run 8 is 30 % slow: beyond the whisker
                double[] outliers = series(c, stack + EndpointBoxes.OUTLIERS).getYData();
                assertTrue(Arrays.stream(outliers).anyMatch(v -> v == runs[7]), stack + " " + endpoints.get(i));
                assertEquals(b.outliers().length, outliers.length);
            }
        }
    }

    @Test
    void endpointP99UsesLogPanelsWhereTheWriteSpikesSpanMoreThanTwoDecades() {
        Figure f = new EndpointP99Figure().build(results, device, theme);
        Map<String, XYChart> byEndpoint = new HashMap<>();
        for (XYChart c : f.panels()) {
            for (String e : Endpoints.ALL) if (c.getTitle().contains("(" + e + ")")) byEndpoint.put(e, c);
        }
        // the write spikes span more than two decades: every panel on the same log scale, same range
        XYChart get = byEndpoint.get(Endpoints.GET_ITEM);
        for (XYChart c : f.panels()) {
            assertTrue(c.getStyler().isYAxisLogarithmic(), c.getTitle());
            assertEquals("p99 latency (ms), log scale", c.getYAxisTitle());
            assertEquals(get.getStyler().getYAxisMin(), c.getStyler().getYAxisMin(), c.getTitle());
            assertEquals(get.getStyler().getYAxisMax(), c.getStyler().getYAxisMax(), c.getTitle());
        }
        double[] dotnetPost = sample("dotnet", Endpoints.POST_ITEM, Metrics.LAT_P99_MS);
        assertEquals(BoxStats.of(dotnetPost).median(),
                min(series(byEndpoint.get(Endpoints.POST_ITEM), "dotnet" + EndpointBoxes.MEDIAN).getYData()), EPS);
    }

    private double[] sample(String stack, String endpoint, String metric) {
        for (GroupSample g : device.samples()) {
            if (g.stack().equals(stack) && g.endpoint().equals(endpoint) && g.metric().equals(metric)) return g.values();
        }
        throw new AssertionError("no sample " + stack + " " + endpoint + " " + metric);
    }

    @Test
    void manyOrLongCategoryLabelsAreTurnedSoEveryStackKeepsItsLabel() {
        assertEquals(0, new EndpointRpsFigure().build(results, device, theme).panel(0).getStyler()
                .getXAxisLabelRotation());
        Results hello = SyntheticResults.helloWorld();
        XYChart c = new EndpointRpsFigure().build(hello, hello.devices().get(0), new Theme(hello.stackOrder()))
                .panel(0);
        assertTrue(c.getStyler().getXAxisLabelRotation() > 0);
        assertEquals(c.getTitle(), new EndpointRpsFigure().title(hello, hello.devices().get(0)));
        for (int s = 0; s < SyntheticResults.HELLO_STACKS.size(); s++) {
            assertEquals(SyntheticResults.HELLO_STACKS.get(s), label(c, s + 1.0));
        }
        assertTrue(label(c, 1.5).isBlank(), "between categories");
    }

    // ---- bars with CIs ----

    /** A bar's estimate: value = polygon top, CI = whisker span, at the category centre. */
    private static void assertBar(XYChart c, String stack, double centre, Estimate e) {
        XYSeries bar = series(c, stack);
        assertEquals(XYSeriesRenderStyle.PolygonArea, bar.getXYSeriesRenderStyle().orElseThrow());
        assertEquals(0.0, min(bar.getYData()), EPS);
        assertEquals(e.value(), max(bar.getYData()), EPS);
        assertEquals(centre, (min(bar.getXData()) + max(bar.getXData())) / 2, EPS);
        XYSeries ci = series(c, stack + Plots.CI);
        assertEquals(e.lo(), min(ci.getYData()), EPS);
        assertEquals(e.hi(), max(ci.getYData()), EPS);
    }

    @Test
    void ratioDrawsTheDeclaredMixRatioPerStackWithItsCi() {
        XYChart c = new RatioFigure().build(results, device, theme).panel(0);
        assertTrue(c.getTitle().contains("Table 14"), c.getTitle());
        assertEquals("weighted throughput per MiB (req/s/MiB)", c.getYAxisTitle());
        assertFalse(c.getStyler().isYAxisLogarithmic(), "310 / 3.9 is under two decades");
        for (int s = 0; s < SyntheticResults.STACKS.size(); s++) {
            String stack = SyntheticResults.STACKS.get(s);
            assertBar(c, stack, s + 1.0, declared(device, stack).wRpsPerMib());
            assertEquals(stack, label(c, s + 1.0));
        }
        assertEquals(SyntheticResults.STACKS, legend(c));
    }

    @Test
    void startupDrawsPooledMediansAndSwitchesToLogPointsOverTwoDecades() {
        XYChart c = new StartupFigure().build(results, device, theme).panel(0);
        for (int s = 0; s < SyntheticResults.STACKS.size(); s++) {
            StackPooled p = device.stackPooled().get(s);
            assertBar(c, p.stack(), s + 1.0, p.startupMs());
        }
        assertEquals("startup time, spawn to first GET /health (ms)", c.getYAxisTitle());

        DeviceResults d = SyntheticResults.withSlowPython(device);
        XYChart log = new StartupFigure().build(results, d, theme).panel(0);
        assertTrue(log.getStyler().isYAxisLogarithmic(), "5200 / 10.6 spans more than two decades");
        assertTrue(log.getYAxisTitle().endsWith("log scale"));
        XYSeries python = series(log, "python");
        assertEquals(XYSeriesRenderStyle.Scatter, python.getXYSeriesRenderStyle().orElseThrow());
        assertArrayEquals(new double[] {3.0}, python.getXData(), EPS);
        assertArrayEquals(new double[] {5000}, python.getYData(), EPS);
        XYSeries ci = series(log, "python" + Plots.CI);
        assertEquals(4800, min(ci.getYData()), EPS);
        assertEquals(5200, max(ci.getYData()), EPS);
    }

    @Test
    void energyDrawsWeightedEnergyAndSaysThePowerIsAnEstimate() {
        Figure f = new EnergyFigure().build(results, device, theme);
        XYChart c = f.panel(0);
        assertTrue(c.getTitle().contains("PMIC estimate"), c.getTitle());
        assertTrue(f.caption().contains("PMIC"), f.caption());
        assertEquals("weighted energy per request (mJ)", c.getYAxisTitle());
        for (int s = 0; s < SyntheticResults.STACKS.size(); s++) {
            String stack = SyntheticResults.STACKS.get(s);
            assertBar(c, stack, s + 1.0, declared(device, stack).wEnergyMj());
        }
        DeviceResults noPower = SyntheticResults.phase1Only().devices().get(0);
        assertNotNull(new EnergyFigure().missingData(results, noPower));
    }

    @Test
    void sensitivityGroupsEveryMixAndDrawsEachStacksRatioWithItsCi() {
        XYChart c = new SensitivityFigure().build(results, device, theme).panel(0);
        List<String> mixes = List.of("illustrative", "read_heavy", "uniform", "write_heavy");
        for (int g = 0; g < mixes.size(); g++) assertEquals(mixes.get(g), label(c, g + 1.0));
        assertEquals(SyntheticResults.STACKS, legend(c));
        boolean log = c.getStyler().isYAxisLogarithmic();
        for (String stack : SyntheticResults.STACKS) {
            XYSeries s = series(c, stack);
            double[] tops = new double[mixes.size()];
            for (int g = 0; g < mixes.size(); g++) {
                String mix = mixes.get(g);
                tops[g] = device.weighted().stream().filter(w -> w.mix().equals(mix) && w.stack().equals(stack))
                        .findFirst().orElseThrow().wRpsPerMib().value();
            }
            if (log) {
                assertArrayEquals(tops, s.getYData(), EPS);
            } else {
                // one rectangle per mix, each ended by a NaN
                assertEquals(mixes.size(), Arrays.stream(s.getYData()).filter(Double::isNaN).count());
                assertEquals(max(tops), max(s.getYData()), EPS);
            }
        }
        // the fixture's ratios run from 3.1 (python, write-heavy) to 380 (rust): more than two decades
        assertTrue(log);
    }

    // ---- sweep and memory ----

    @Test
    void sweepHasAThroughputAndALatencyPanelWithTheMediansAndCis() {
        Figure f = new SweepFigure().build(results, device, theme);
        assertEquals(2, f.panels().size());
        XYChart rps = f.panel(SweepFigure.RPS_PANEL);
        XYChart p99 = f.panel(SweepFigure.P99_PANEL);
        assertEquals("concurrency (connections, log2 scale)", rps.getXAxisTitle());
        // doubling levels one unit apart, labelled with the concurrency
        assertEquals(List.of("30", "60", "120", "240", " "), List.of(SweepFigure.xLabel(device, 0), SweepFigure.xLabel(device, 1),
                SweepFigure.xLabel(device, 2), SweepFigure.xLabel(device, 3), SweepFigure.xLabel(device, 0.5)));
        assertEquals("median throughput (req/s)", rps.getYAxisTitle());
        assertFalse(rps.getStyler().isYAxisLogarithmic());
        assertTrue(p99.getStyler().isYAxisLogarithmic(), "about 4 ms to 740 ms");
        for (String stack : SyntheticResults.STACKS) {
            List<SweepPoint> pts = SweepFigure.points(device, stack);
            XYSeries line = series(rps, stack);
            assertArrayEquals(new double[] {0, 1, 2, 3}, line.getXData(), EPS);
            assertArrayEquals(pts.stream().mapToDouble(p -> p.rps().value()).toArray(), line.getYData(), EPS);
            assertArrayEquals(pts.stream().mapToDouble(p -> p.p99Ms().value()).toArray(),
                    series(p99, stack).getYData(), EPS);
            double[] ci = series(rps, stack + Plots.CI).getYData();
            for (int i = 0; i < pts.size(); i++) {
                assertEquals(pts.get(i).rps().lo(), ci[3 * i], EPS);
                assertEquals(pts.get(i).rps().hi(), ci[3 * i + 1], EPS);
                assertTrue(Double.isNaN(ci[3 * i + 2]));
            }
        }
    }

    @Test
    void memoryDrawsEveryStackInItsOwnPanelWithRssAndPssToldApart() {
        Figure f = new MemoryFigure().build(results, device, theme);
        assertEquals(SyntheticResults.STACKS.size(), f.panels().size());
        for (int p = 0; p < f.panels().size(); p++) {
            XYChart c = f.panel(p);
            String stack = SyntheticResults.STACKS.get(p);
            assertEquals(stack + " (own scale)", c.getTitle());
            assertEquals("time since the series start (s)", c.getXAxisTitle());
            assertEquals("process-tree memory (MiB)", c.getYAxisTitle());
            List<MemorySeries> files = MemoryFigure.series(device, stack, Endpoints.GET_ITEM);
            assertEquals(2, files.size());
            XYSeries first = series(c, "RSS");
            XYSeries second = series(c, stack + MemoryFigure.SERIES_SEPARATOR + files.get(1).file());
            assertTrue(first.isShowInLegend());
            assertFalse(second.isShowInLegend());
            assertEquals(theme.color(stack), first.getLineColor());
            MemorySeries m = files.get(0);
            for (int i = 0; i < m.samples(); i++) {
                assertEquals(m.tMs()[i] / 1000.0, first.getXData()[i], EPS);
                assertEquals(m.rssKib()[i] / 1024.0, first.getYData()[i], EPS);
            }
            double[] pss = MemoryFigure.pssMib(m);
            if (pss != null) {
                XYSeries dashed = series(c, "PSS");
                assertArrayEquals(pss, dashed.getYData(), EPS);
                assertEquals(Theme.FRONTIER, dashed.getLineStyle(), "PSS dashed");
                assertEquals(Theme.DATA_LINE, first.getLineStyle(), "RSS solid");
            }
        }
    }

    // ---- across figures ----

    private List<Figure> all(Results r, DeviceResults d) {
        List<Figure> figures = new ArrayList<>();
        for (FigureBuilder b : PaperCatalog.CATALOG.figureBuilders()) {
            if (b.missingData(r, d) == null) {
                Figure f = b.build(r, d, theme);
                assertEquals(b.name(), f.name());
                assertEquals(b.title(r, d), f.title());
                assertEquals(b.caption(r, d), f.caption());
                figures.add(f);
            }
        }
        return figures;
    }

    private static Color colourOf(XYSeries s) {
        return switch (s.getXYSeriesRenderStyle().orElseThrow()) {
            case PolygonArea -> new Color(s.getFillColor().getRGB() & 0xFFFFFF); // a box's fill is translucent
            case Scatter -> s.getMarkerColor();
            default -> s.getLineColor();
        };
    }

    @Test
    void aStackHasTheSameColourInEveryFigure() {
        Map<String, Color> seen = new HashMap<>();
        int checked = 0;
        for (Figure f : all(results, device)) {
            for (XYChart c : f.panels()) {
                for (String stack : SyntheticResults.STACKS) {
                    XYSeries s = c.getSeries(stack);
                    if (s == null) continue;
                    Color colour = colourOf(s);
                    Color first = seen.putIfAbsent(stack, colour);
                    assertEquals(first == null ? colour : first, colour, f.name() + " " + stack);
                    assertEquals(theme.color(stack), colour, f.name() + " " + stack);
                    checked++;
                }
            }
        }
        // ten figures name a series after each of five stacks: the box figures and the drift figure have six
        // panels and the sweep two (the memory figure names its lines RSS and PSS, one panel per stack);
        // offered_load one
        assertEquals(5 * (1 + 6 + 6 + 1 + 1 + 1 + 2 + 1 + 6 + 1), checked);
    }

    @Test
    void everyPanelHasALegendAxisTitlesWithUnitsAndATitleNamingThePaper() {
        for (Figure f : all(results, device)) {
            String title = f.panels().size() == 1 ? f.panel(0).getTitle() : f.title();
            assertEquals(f.title(), title);
            assertTrue(title.matches(".*(Figure 8|Table \\d+|paper).*"), title);
            for (XYChart c : f.panels()) {
                assertTrue(c.getStyler().isLegendVisible(), f.name());
                assertFalse(legend(c).isEmpty(), f.name());
                assertTrue(c.getYAxisTitle().matches(".*\\(.+\\).*"), f.name() + ": " + c.getYAxisTitle());
                assertFalse(c.getXAxisTitle().isBlank(), f.name());
            }
        }
    }

    @Test
    void figuresWithoutTheirDataSayWhy() {
        DeviceResults bare = SyntheticResults.phase1Only().devices().get(0);
        Results r = SyntheticResults.phase1Only();
        assertNotNull(new SweepFigure().missingData(r, bare));
        assertNotNull(new MemoryFigure().missingData(r, bare));
        assertNotNull(new EnergyFigure().missingData(r, bare));
        assertNull(new ParetoFigure().missingData(r, bare));
        assertNull(new EndpointRpsFigure().missingData(r, bare));
        assertNull(new SensitivityFigure().missingData(r, bare));
    }

    /** A stack a figure cannot draw is named in the caption, never silently dropped. */
    @Test
    void captionsNameTheStacksLeftOutForLackOfValues() {
        DeviceResults d = device;
        List<Weighted> withoutRust = d.weighted().stream().filter(w -> !w.stack().equals("rust")).toList();
        DeviceResults noRust = new DeviceResults(d.device(), d.campaigns(), d.stacks(), d.declaredMix(), d.groupStats(),
                d.samples(), d.omnibus(), d.posthoc(), d.posthocSummary(), withoutRust, d.sensitivity(),
                d.stackPooled(), d.sweep(), d.sweepSummary(), d.memory(), d.memorySeries(), d.exclusions(),
                d.runCounts(), d.implications(), d.paretoFrontier());
        for (FigureBuilder f : List.of(new ParetoFigure(), new RatioFigure(), new SensitivityFigure())) {
            String caption = f.caption(results, noRust);
            assertTrue(caption.endsWith(" Not shown (no weighted value): rust."), f.name() + ": " + caption);
            assertFalse(f.caption(results, d).contains("Not shown"), f.name() + " shows every stack");
        }
        // a row with its missing reason: the reason is named with the stack
        List<Weighted> rustMissing = d.weighted().stream().map(w -> !w.stack().equals("rust") ? w
                : new Weighted(w.device(), w.mix(), w.stack(), Estimate.MISSING, Estimate.MISSING, Estimate.MISSING,
                        Estimate.MISSING, Estimate.MISSING, 0, Double.NaN, "delete_item: 0 measured of 10 (10 error_rate)"))
                .toList();
        DeviceResults missing = d.toBuilder().weighted(rustMissing).build();
        assertTrue(new ParetoFigure().caption(results, missing).endsWith(
                " Not shown (no weighted value): rust (delete_item: 0 measured of 10 (10 error_rate))."));
    }
}
