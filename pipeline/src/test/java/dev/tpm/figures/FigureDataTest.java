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
        // every value positive: both axes on log scales, though neither spans two decades
        assertEquals("weighted peak RSS (MiB), log scale", c.getXAxisTitle());
        assertEquals("weighted throughput (req/s), log scale", c.getYAxisTitle());
        assertTrue(c.getStyler().isXAxisLogarithmic());
        assertTrue(c.getStyler().isYAxisLogarithmic());
        assertTrue(f.caption().contains("Both axes on log scales."), f.caption());
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

    /** SYNTHETIC: a throughput CI reaching 0 rules the log y axis out; memory, every value positive, stays log. */
    @Test
    void paretoAxisWithAZeroFallsBackToLinear() {
        List<Weighted> zero = new ArrayList<>();
        for (Weighted w : device.weighted()) {
            Estimate rps = w.stack().equals("python") ? new Estimate(100, 0, 300) : w.wRps();
            zero.add(new Weighted(w.device(), w.mix(), w.stack(), rps, w.wPeakMib(), w.wRpsPerMib(), w.wP99Ms(),
                    w.wEnergyMj(), w.rank(), w.ratioToBest()));
        }
        DeviceResults d = SyntheticResults.with(device, zero, device.stackPooled(), device.paretoFrontier());
        Figure f = new ParetoFigure().build(results, d, theme);
        XYChart c = f.panel(0);
        assertTrue(c.getStyler().isXAxisLogarithmic());
        assertFalse(c.getStyler().isYAxisLogarithmic());
        assertEquals("weighted peak RSS (MiB), log scale", c.getXAxisTitle());
        assertEquals("weighted throughput (req/s)", c.getYAxisTitle());
        assertTrue(f.caption().contains("Memory on a log scale; throughput on a linear scale (a value of 0 rules a log"
                + " scale out)."), f.caption());
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
            assertEquals("throughput (req/s), log scale", c.getYAxisTitle());
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

    /**
     * The fixture's throughputs span a factor of about 3 (python's 969 to .NET's 2461 req/s):
     * never a log axis by the two-decade rule, and yet on a linear axis from 0 the boxes flatten.
     * Every run positive: every panel on one log scale, said in its axis title and the caption.
     */
    @Test
    void endpointRpsPanelsShareOneLogScaleWhenEveryRunIsPositive() {
        assertFalse(Plots.wantsLog(device.samples().stream().filter(g -> g.metric().equals(Metrics.RPS))
                .flatMapToDouble(g -> Arrays.stream(g.values()))), "the fixture spans less than two decades");
        Figure f = new EndpointRpsFigure().build(results, device, theme);
        XYChart first = f.panel(0);
        for (XYChart c : f.panels()) {
            assertTrue(c.getStyler().isYAxisLogarithmic(), c.getTitle());
            assertTrue(c.getYAxisTitle().endsWith(", log scale"), c.getYAxisTitle());
            assertEquals(first.getStyler().getYAxisMin(), c.getStyler().getYAxisMin(), c.getTitle());
            assertEquals(first.getStyler().getYAxisMax(), c.getStyler().getYAxisMax(), c.getTitle());
        }
        double lowest = device.samples().stream().filter(g -> g.metric().equals(Metrics.RPS))
                .flatMapToDouble(g -> Arrays.stream(g.values())).min().orElseThrow();
        assertTrue(first.getStyler().getYAxisMin() > 0 && first.getStyler().getYAxisMin() < lowest);
        assertTrue(f.caption().contains("every panel on one log scale"), f.caption());
    }

    /** A run of 0 (a p99 below the load generator's whole millisecond) cannot sit on a log axis: linear, said so. */
    @Test
    void endpointP99FallsBackToOneLinearScaleWhenARunIsZero() {
        List<GroupSample> samples = device.samples().stream().map(g -> !(g.stack().equals("rust")
                && g.endpoint().equals(Endpoints.GET_ITEM) && g.metric().equals(Metrics.LAT_P99_MS)) ? g
                : new GroupSample(g.device(), g.stack(), g.endpoint(), g.metric(), zeroFirst(g.values()))).toList();
        DeviceResults withZero = device.toBuilder().samples(samples).build();
        Figure f = new EndpointP99Figure().build(results, withZero, theme);
        for (XYChart c : f.panels()) {
            assertFalse(c.getStyler().isYAxisLogarithmic(), c.getTitle());
            assertEquals("p99 latency (ms)", c.getYAxisTitle());
            assertEquals(0.0, c.getStyler().getYAxisMin(), c.getTitle());
        }
        assertTrue(f.caption().contains("every panel on one linear scale"), f.caption());
        assertTrue(new EndpointP99Figure().caption(results, device).contains("every panel on one log scale"));
    }

    private static double[] zeroFirst(double[] v) {
        double[] out = v.clone();
        out[0] = 0;
        return out;
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
        // every ratio positive: a log axis, said in the axis title and the caption
        assertTrue(log);
        assertEquals("weighted throughput per MiB (req/s/MiB), log scale", c.getYAxisTitle());
        assertTrue(new SensitivityFigure().caption(results, device).contains("Log scale"));
    }

    /**
     * SYNTHETIC: python's read-heavy ratio with a CI down to 0: no log axis can hold it, so the mixes
     * fall back to bars from 0 on a linear axis, and the caption says why.
     */
    @Test
    void sensitivityWithAZeroFallsBackToBarsOnALinearAxis() {
        List<Weighted> zero = new ArrayList<>();
        for (Weighted w : device.weighted()) {
            Estimate ratio = w.stack().equals("python") && w.mix().equals("read_heavy") ? new Estimate(3, 0, 6) : w.wRpsPerMib();
            zero.add(new Weighted(w.device(), w.mix(), w.stack(), w.wRps(), w.wPeakMib(), ratio, w.wP99Ms(),
                    w.wEnergyMj(), w.rank(), w.ratioToBest()));
        }
        DeviceResults d = SyntheticResults.with(device, zero, device.stackPooled(), device.paretoFrontier());
        Figure f = new SensitivityFigure().build(results, d, theme);
        XYChart c = f.panel(0);
        assertFalse(c.getStyler().isYAxisLogarithmic());
        assertEquals("weighted throughput per MiB (req/s/MiB)", c.getYAxisTitle());
        assertEquals(XYSeriesRenderStyle.PolygonArea, series(c, "rust").getXYSeriesRenderStyle().orElseThrow());
        assertTrue(f.caption().contains("Linear scale from 0 (a ratio of 0 rules a log scale out)."), f.caption());
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
        // every median and CI end positive: both on a log scale, and the titles say so
        assertEquals("median throughput (req/s), log scale", rps.getYAxisTitle());
        assertEquals("median p99 latency (ms), log scale", p99.getYAxisTitle());
        assertTrue(rps.getStyler().isYAxisLogarithmic());
        assertTrue(p99.getStyler().isYAxisLogarithmic(), "about 4 ms to 740 ms");
        assertTrue(f.caption().contains("Both y axes on log scales (equal ratios, equal heights)."), f.caption());
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

    /** SYNTHETIC: the fixture's sweep with python's throughput and p99 set to fixed values at every level. */
    private DeviceResults sweepWithPython(double rps, double p99Ms) {
        List<SweepPoint> pts = device.sweep().stream().map(p -> p.stack().equals("python")
                ? new SweepPoint(p.device(), p.stack(), p.concurrency(), p.n(), new Estimate(rps, rps * 0.95, rps * 1.05),
                        new Estimate(p99Ms, p99Ms, p99Ms * 1.1), p.peakRssMib(), p.endpoints())
                : p).toList();
        return device.toBuilder().sweep(pts).build();
    }

    /**
     * SYNTHETIC: python at 200 req/s beside stacks at tens of thousands (more than two decades): a
     * linear axis would flatten python's line against the floor; the throughput panel is on a log
     * axis, its title and the caption say so, and after the figures stage its range runs between 1-2-5
     * ticks around every value.
     */
    @Test
    void sweepThroughputSpanningTwoDecadesIsOnALogAxis() {
        DeviceResults d = sweepWithPython(200, 40);
        double maxRps = d.sweep().stream().mapToDouble(p -> p.rps().hi()).max().orElseThrow();
        assertTrue(maxRps / 190 > 100, "the fixture spans more than two decades: " + maxRps);
        Figure f = new SweepFigure().build(results, d, theme);
        XYChart rps = f.panel(SweepFigure.RPS_PANEL);
        assertTrue(rps.getStyler().isYAxisLogarithmic());
        assertEquals("median throughput (req/s), log scale", rps.getYAxisTitle());
        assertTrue(f.caption().contains("Both y axes on log scales"), f.caption());
        Figure finished = FiguresStage.finish(f, "synthetic device");
        XYChart done = finished.panel(SweepFigure.RPS_PANEL);
        assertTrue(done.getStyler().isYAxisLogarithmic());
        double lo = done.getStyler().getYAxisMin();
        double hi = done.getStyler().getYAxisMax();
        assertTrue(lo <= 190 && hi >= maxRps, lo + " .. " + hi);
        assertEquals(Plots.floor125(lo), lo, EPS);
        assertEquals(Plots.ceil125(hi), hi, EPS);
    }

    /**
     * SYNTHETIC: a p99 of 0 (below a load generator's whole millisecond) has no place on a log axis:
     * that panel falls back to linear (title without "log scale", the caption says why), while the
     * throughput panel, every value positive, stays on its log axis.
     */
    @Test
    void sweepPanelWithAZeroFallsBackToLinear() {
        DeviceResults d = sweepWithPython(500, 0);
        Figure f = new SweepFigure().build(results, d, theme);
        XYChart rps = f.panel(SweepFigure.RPS_PANEL);
        XYChart p99 = f.panel(SweepFigure.P99_PANEL);
        assertTrue(rps.getStyler().isYAxisLogarithmic());
        assertFalse(p99.getStyler().isYAxisLogarithmic());
        assertEquals("median p99 latency (ms)", p99.getYAxisTitle());
        assertTrue(f.caption().contains("Throughput on a log scale (equal ratios, equal heights); p99 latency on a linear"
                + " scale from 0 (a value of 0 rules a log scale out)."), f.caption());
        assertEquals(0.0, min(series(p99, "python").getYData()), EPS);
    }

    /** The fixture's levels all have n = 10 >= min_n: no open markers, and the legend does not mention them. */
    @Test
    void sweepWithoutSmallLevelsHasNoOpenMarkers() {
        Figure f = new SweepFigure().build(results, device, theme);
        for (XYChart c : f.panels()) {
            for (XYSeries s : c.getSeriesCollection()) assertFalse(s.getName().endsWith(SweepFigure.SMALL_N), s.getName());
            assertEquals(SyntheticResults.STACKS, legend(c));
        }
        assertFalse(f.caption().contains("n < min_n"), f.caption());
    }

    /** Levels of fewer than min_n runs: their medians again as open markers of the stack's shape, and a legend entry. */
    @Test
    void sweepMarksMediansOfFewerThanMinNRunsOpen() {
        int minN = results.facts().config().minN();
        // SYNTHETIC: go's and rust's two lowest levels with 3 runs
        List<SweepPoint> pts = device.sweep().stream().map(p -> (p.stack().equals("go") || p.stack().equals("rust"))
                && p.concurrency() <= 60 ? new SweepPoint(p.device(), p.stack(), p.concurrency(), 3, p.rps(), p.p99Ms(),
                        p.peakRssMib(), p.endpoints()) : p).toList();
        DeviceResults small = device.toBuilder().sweep(pts).build();
        Figure f = new SweepFigure().build(results, small, theme);
        for (XYChart c : f.panels()) {
            boolean rps = c == f.panel(SweepFigure.RPS_PANEL);
            for (String stack : SyntheticResults.STACKS) {
                XYSeries open = c.getSeries(stack + SweepFigure.SMALL_N);
                if (!stack.equals("go") && !stack.equals("rust")) {
                    assertNull(open, stack);
                    continue;
                }
                List<SweepPoint> few = SweepFigure.points(small, stack).stream().filter(p -> p.n() < minN).toList();
                assertEquals(2, few.size());
                assertArrayEquals(new double[] {0, 1}, open.getXData(), EPS);
                assertArrayEquals(few.stream().mapToDouble(p -> (rps ? p.rps() : p.p99Ms()).value()).toArray(),
                        open.getYData(), EPS);
                assertEquals(XYSeriesRenderStyle.Scatter, open.getXYSeriesRenderStyle().orElseThrow());
                Theme.OpenMarker marker = (Theme.OpenMarker) open.getMarker();
                assertEquals(theme.marker(stack).getClass(), marker.filled().getClass(), stack);
                assertEquals(theme.color(stack), open.getMarkerColor());
                assertFalse(open.isShowInLegend());
                // the line still runs through every median, with the stack's filled marker
                assertEquals(theme.marker(stack).getClass(), series(c, stack).getMarker().getClass());
            }
            String key = "open marker: median of n < min_n = " + minN + " runs, no CI";
            assertEquals(key, legend(c).get(legend(c).size() - 1));
            assertTrue(series(c, key).getMarker() instanceof Theme.OpenMarker);
        }
        assertTrue(f.caption().contains("an open marker is a median of fewer runs (n < min_n)"), f.caption());
    }

    /** The fixture's memory series with a PSS of 90 % of their RSS (SYNTHETIC, as the fixture). */
    private DeviceResults withPss() {
        List<MemorySeries> series = device.memorySeries().stream().map(m -> new MemorySeries(m.file(), m.campaign(),
                m.device(), m.stack(), m.endpoint(), m.run(), m.concurrency(), m.intervalMs(), m.startedAt(), m.tMs(),
                m.rssKib(), Arrays.stream(m.rssKib()).map(k -> k * 9 / 10).toArray())).toList();
        return device.toBuilder().memorySeries(series).build();
    }

    @Test
    void memoryDrawsEveryStackInItsOwnPanelWithRssAndPssToldApart() {
        DeviceResults device = withPss();
        Figure f = new MemoryFigure().build(results, device, theme);
        assertTrue(f.title().startsWith("RSS and PSS over time"), f.title());
        assertEquals(SyntheticResults.STACKS.size(), f.panels().size());
        for (int p = 0; p < f.panels().size(); p++) {
            XYChart c = f.panel(p);
            String stack = SyntheticResults.STACKS.get(p);
            assertEquals(stack + " (own scale)", c.getTitle());
            assertEquals(MemoryFigure.TIME_AXIS, c.getXAxisTitle());
            assertEquals("process-tree memory (MiB)", c.getYAxisTitle());
            List<MemorySeries> files = MemoryFigure.series(device, stack, Endpoints.GET_ITEM);
            assertEquals(2, files.size());
            for (MemorySeries m : files) {
                XYSeries rss = series(c, stack + MemoryFigure.SERIES_SEPARATOR + m.file());
                assertFalse(rss.isShowInLegend());
                assertEquals(theme.color(stack), rss.getLineColor());
                assertEquals(Theme.DATA_LINE, rss.getLineStyle(), "RSS solid");
                for (int i = 0; i < m.samples(); i++) {
                    assertEquals(m.tMs()[i] / 1000.0, rss.getXData()[i], EPS);
                    assertEquals(m.rssKib()[i] / 1024.0, rss.getYData()[i], EPS);
                }
                double[] pss = MemoryFigure.pssMib(m);
                assertNotNull(pss, "the fixture collects PSS");
                XYSeries dotted = series(c, stack + MemoryFigure.PSS + MemoryFigure.SERIES_SEPARATOR + m.file());
                assertArrayEquals(pss, dotted.getYData(), EPS);
                assertFalse(dotted.isShowInLegend());
                assertEquals(theme.color(stack), dotted.getLineColor(), "the stack's colour for both");
                assertEquals(Theme.DOTTED_LINE, dotted.getLineStyle(), "PSS dotted");
                assertFalse(Arrays.equals(rss.getLineStyle().getDashArray(), dotted.getLineStyle().getDashArray()));
                assertNull(rss.getLineStyle().getDashArray());
            }
            // the legend says which line is which, in ink, and nothing else (the panel title names the stack)
            assertEquals(List.of(MemoryFigure.RSS_KEY, MemoryFigure.PSS_KEY), legend(c));
            assertEquals(Theme.DATA_LINE, series(c, MemoryFigure.RSS_KEY).getLineStyle());
            assertEquals(Theme.DOTTED_LINE, series(c, MemoryFigure.PSS_KEY).getLineStyle());
            assertEquals(Theme.INK, series(c, MemoryFigure.PSS_KEY).getLineColor());
        }
        assertTrue(f.caption().contains("t = 0 is the idle reading taken just before the load starts"), f.caption());
    }

    /** One legend for the memory figure: below its subtitle, none in the panels. */
    @Test
    void memoryHasOneLegendForTheWholeFigure() {
        Figure f = FiguresStage.finish(new MemoryFigure().build(results, withPss(), theme), device);
        assertEquals(List.of(MemoryFigure.RSS_KEY, MemoryFigure.PSS_KEY), f.legend().stream().map(XYSeries::getName).toList());
        for (XYChart c : f.panels()) assertFalse(c.getStyler().isLegendVisible(), c.getTitle());
    }

    /** Without PSS anywhere (the fixture collects none) the legend has no PSS entry and no line is dotted. */
    @Test
    void memoryWithoutPssHasOnlyTheRssEntry() {
        assertTrue(device.memorySeries().stream().allMatch(m -> m.pssKib() == null));
        Figure f = new MemoryFigure().build(results, device, theme);
        for (XYChart c : f.panels()) {
            assertEquals(List.of(MemoryFigure.RSS_KEY), legend(c));
            for (XYSeries s : c.getSeriesCollection()) assertFalse(s.getName().contains(MemoryFigure.PSS), s.getName());
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
        DeviceResults noRust = SyntheticResults.with(d, withoutRust, d.stackPooled(), d.paretoFrontier());
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
