package dev.tpm.figures;

import dev.tpm.testing.Campaigns;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.Endpoints;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.StackInfo;
import dev.tpm.model.Studies;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.Verification;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** The seed studies' figures checked through the series they draw, on SYNTHETIC rows and memory series. */
class StudyFiguresTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double EPS = 1e-12;
    private static final List<String> BLOG = List.of("flask-dev", "node-http", "go-http");
    private static final List<String> PI = List.of("node-express", "node-fastify");

    private static Campaign campaign(String id, String study, List<String> stacks) {
        Device d = Device.of("vm", "synthetic VM", null, 2, null, null, null, null, null, null, null, null, null, "none");
        List<StackInfo> infos = stacks.stream().map(s -> new StackInfo(s, "lang", "framework", null, 1)).toList();
        return Campaigns.of(id, d, JSON.createObjectNode().put("host", "same"), JSON.createObjectNode(), infos,
                JSON.createObjectNode().put("study", study));
    }

    /** SYNTHETIC: p50 and p99 of GET / at c = 10 and 50, p99 three times p50, every stack a different level. */
    private static List<LoadgenSummary> blogRows() {
        List<LoadgenSummary> rows = new ArrayList<>();
        for (int s = 0; s < BLOG.size(); s++) {
            for (int c : new int[] {10, 50}) {
                double p50 = (s + 1) * c / 10.0;
                rows.add(new LoadgenSummary("vm", Studies.HELLO_BLOG, 1, BLOG.get(s), Endpoints.HELLO, c, 5, 1000 * (s + 1),
                        1100 * (s + 1), p50, 2 * p50, 3 * p50, 10, 90, s + 1, Double.NaN, null));
            }
        }
        return rows;
    }

    /** SYNTHETIC: a node-pi memory series per stack, idle at t = 0, then higher under the load. */
    private static List<MemorySeries> piSeries() {
        List<MemorySeries> out = new ArrayList<>();
        for (int s = 0; s < PI.size(); s++) {
            long idle = 50_000 + 10_000L * s;
            out.add(new MemorySeries("raw/c-pi/phase3/" + PI.get(s) + "-hello_json-1.json", "c-pi", "vm", PI.get(s),
                    Endpoints.HELLO_JSON, 1, 50, 1000, "2026-12-01T00:00:00.000Z", new long[] {0, 1000, 2000},
                    new long[] {idle, 2 * idle, 2 * idle + 100}, null));
        }
        return out;
    }

    private static Results results() {
        return results(blogRows());
    }

    private static Results results(List<LoadgenSummary> blog) {
        Dataset ds = new Dataset(Path.of("data"), AnalysisConfig.defaults(), SyntheticResults.mixes(),
                List.of(campaign("c-blog", Studies.HELLO_BLOG, BLOG), campaign("c-pi", Studies.NODE_PI, PI)), List.of(),
                List.of(), piSeries(), List.of(), List.of());
        return new Results(dev.tpm.testing.TestFacts.of(ds, blog), new Verification(0, "0".repeat(64)), List.of(), List.of(),
                List.of(), List.of(), blog,
                List.of());
    }

    private static List<String> legend(XYChart c) {
        return c.getSeriesCollection().stream().filter(XYSeries::isShowInLegend).map(XYSeries::getName).toList();
    }

    /**
     * SYNTHETIC rows of hello-blog-next: GET / and GET /json at c = 10 and 50, flask-dev at 1,000 req/s
     * and go-http at 90,000: every panel's medians are positive, so each panel's throughput is on a log
     * axis, said in its title; a median of 0 turns the panels that draw it linear.
     */
    @Test
    void helloBlogNextThroughputIsOnALogAxisWhenEveryMedianIsPositive() {
        List<LoadgenSummary> rows = new ArrayList<>();
        double[] rps = {1000, 40_000, 90_000};
        for (int s = 0; s < BLOG.size(); s++) {
            for (String endpoint : List.of(Endpoints.HELLO, Endpoints.HELLO_JSON)) {
                for (int c : new int[] {10, 50}) {
                    rows.add(new LoadgenSummary("vm", Studies.HELLO_BLOG_NEXT, 1, BLOG.get(s), endpoint, c, 5, rps[s], rps[s],
                            1, 2, 3, 10, 90, s + 1));
                }
            }
        }
        Figure f = new HelloBlogNextFigure().build(nextResults(rows));
        assertFalse(f.panels().isEmpty());
        for (XYChart c : f.panels()) {
            assertTrue(c.getStyler().isYAxisLogarithmic(), c.getTitle());
            assertEquals("median throughput (req/s), log scale", c.getYAxisTitle(), c.getTitle());
        }
        assertTrue(f.caption().contains("on a log scale (its axis title says so) unless one of its medians is 0"), f.caption());

        List<LoadgenSummary> zero = rows.stream().map(x -> x.stack().equals("flask-dev") && x.concurrency() == 10
                ? new LoadgenSummary(x.device(), x.study(), x.phase(), x.stack(), x.endpoint(), x.concurrency(), x.n(), 0, 0,
                        1, 2, 3, 10, 90, 0)
                : x).toList();
        // each panel decides for itself (its title says how): linear where flask-dev's 0 is drawn, log elsewhere
        boolean anyLinear = false;
        for (XYChart c : new HelloBlogNextFigure().build(nextResults(zero)).panels()) {
            boolean flask = c.getSeriesCollection().stream().anyMatch(x -> x.getName().startsWith("flask-dev"));
            anyLinear |= flask;
            assertEquals(!flask, c.getStyler().isYAxisLogarithmic(), c.getTitle());
            assertEquals(flask ? "median throughput (req/s)" : "median throughput (req/s), log scale", c.getYAxisTitle(),
                    c.getTitle());
        }
        assertTrue(anyLinear);
    }

    /**
     * SYNTHETIC rows: GET / of the blog's three stacks at c = 10 and 50, and at 1,000 connections for
     * node-http and go-http only (flask-dev's runs there failed). The 1,000-connection panel, which
     * gives the legend, still draws flask-dev's phase-1 points, so every stack drawn is named.
     */
    @Test
    void helloBlogNextNamesAStackWithoutARunAtOneThousandConnections() {
        List<LoadgenSummary> rows = new ArrayList<>();
        for (int s = 0; s < BLOG.size(); s++) {
            for (int c : new int[] {10, 50}) {
                rows.add(new LoadgenSummary("vm", Studies.HELLO_BLOG_NEXT, 1, BLOG.get(s), Endpoints.HELLO, c, 5, 1000.0 * (s + 1),
                        1000.0 * (s + 1), 1, 2, 3, 10, 90, s + 1));
            }
            if (!BLOG.get(s).equals("flask-dev")) {
                rows.add(new LoadgenSummary("vm", Studies.HELLO_BLOG_NEXT, 2, BLOG.get(s), Endpoints.HELLO, 1000, 5, 900.0 * (s + 1),
                        900.0 * (s + 1), 1, 2, 3, 10, 90, s + 1));
            }
        }
        Figure f = new HelloBlogNextFigure().build(nextResults(rows));
        // the stacks, and the key saying GET / is the thick line
        assertEquals(new TreeSet<>(List.of("GET /: thick line", "flask-dev", "go-http", "node-http")),
                f.panels().stream().flatMap(c -> legend(c).stream()).collect(Collectors.toCollection(TreeSet::new)));
        XYChart many = f.panels().stream().filter(c -> c.getTitle().startsWith("c = 1000")).findFirst().orElseThrow();
        assertArrayEquals(new double[] {10, 50}, series(many, "flask-dev").getXData());
        assertArrayEquals(new double[] {10, 50, 1000}, series(many, "go-http").getXData());
    }

    private static XYSeries series(XYChart c, String name) {
        return c.getSeriesCollection().stream().filter(x -> x.getName().equals(name)).findFirst().orElseThrow();
    }

    private static Results nextResults(List<LoadgenSummary> rows) {
        Dataset ds = new Dataset(Path.of("data"), AnalysisConfig.defaults(), SyntheticResults.mixes(),
                List.of(campaign("c-next", Studies.HELLO_BLOG_NEXT, BLOG)), List.of(), List.of(), List.of(), List.of(),
                List.of());
        return new Results(dev.tpm.testing.TestFacts.of(ds, rows), new Verification(0, "0".repeat(64)), List.of(), List.of(),
                List.of(), List.of(), rows,
                List.of());
    }

    /**
     * SYNTHETIC rows: flask-dev at 1,000 req/s beside go-http at 3,000 and, in the second check,
     * 100,000 (two decades): every median positive, so the throughput panel is on a log axis whose
     * title and the caption say so, whatever the span.
     */
    @Test
    void helloBlogThroughputIsOnALogAxisWhenEveryMedianIsPositive() {
        Figure f = new HelloBlogFigure().build(results());
        XYChart rps = f.panel(0);
        assertTrue(rps.getStyler().isYAxisLogarithmic());
        assertEquals("median throughput (req/s), log scale", rps.getYAxisTitle());
        assertTrue(f.panel(1).getStyler().isYAxisLogarithmic());
        assertEquals("median latency (ms), log scale", f.panel(1).getYAxisTitle());
        assertTrue(f.caption().contains("per stack and device; both y axes on log scales. Devices:"), f.caption());

        List<LoadgenSummary> wide = blogRows().stream().map(x -> x.stack().equals("go-http") ? withRps(x, 100_000) : x).toList();
        XYChart wideRps = new HelloBlogFigure().build(results(wide)).panel(0);
        assertTrue(wideRps.getStyler().isYAxisLogarithmic());
        assertArrayEquals(new double[] {100_000, 100_000}, wideRps.getSeries("go-http").getYData(), EPS);
    }

    /** SYNTHETIC: a p50 of 0 turns the latency panel linear (and the caption says why); throughput stays log. */
    @Test
    void helloBlogLatencyWithAZeroFallsBackToLinear() {
        List<LoadgenSummary> zero = blogRows().stream().map(x -> x.stack().equals("go-http") && x.concurrency() == 10
                ? new LoadgenSummary(x.device(), x.study(), x.phase(), x.stack(), x.endpoint(), x.concurrency(), x.n(),
                        x.rpsMedian(), x.rpsBest(), 0, x.latP90Ms(), x.latP99Ms(), x.peakRssMib(), x.cpuPct(),
                        x.ratioToSlowest(), x.hostBusy(), x.saturatedRuns())
                : x).toList();
        Figure f = new HelloBlogFigure().build(results(zero));
        assertTrue(f.panel(0).getStyler().isYAxisLogarithmic());
        assertFalse(f.panel(1).getStyler().isYAxisLogarithmic());
        assertEquals("median latency (ms)", f.panel(1).getYAxisTitle());
        assertTrue(f.caption().contains("throughput on a log scale, latency on a linear scale from 0 (a value of 0 rules a log"
                + " scale out)"),
                f.caption());
    }

    private static LoadgenSummary withRps(LoadgenSummary x, double rps) {
        return new LoadgenSummary(x.device(), x.study(), x.phase(), x.stack(), x.endpoint(), x.concurrency(), x.n(), rps,
                rps * 1.1, x.latP50Ms(), x.latP90Ms(), x.latP99Ms(), x.peakRssMib(), x.cpuPct(), x.ratioToSlowest(),
                x.hostBusy(), x.saturatedRuns());
    }

    @Test
    void helloBlogTellsP50FromP99ByDashAndMarkerNotByWidthAlone() {
        Results r = results();
        Theme theme = new Theme(BLOG);
        Figure f = new HelloBlogFigure().build(r);
        assertEquals(2, f.panels().size());
        XYChart lat = f.panel(1);
        for (String stack : BLOG) {
            XYSeries p99 = lat.getSeries(stack);
            XYSeries p50 = lat.getSeries(stack + HelloBlogFigure.P50);
            assertNotNull(p99, stack);
            assertNotNull(p50, stack);
            List<LoadgenSummary> rows = blogRows().stream().filter(x -> x.stack().equals(stack)).toList();
            assertArrayEquals(rows.stream().mapToDouble(LoadgenSummary::latP99Ms).toArray(), p99.getYData(), EPS);
            assertArrayEquals(rows.stream().mapToDouble(LoadgenSummary::latP50Ms).toArray(), p50.getYData(), EPS);
            assertEquals(theme.color(stack), p99.getLineColor());
            assertEquals(theme.color(stack), p50.getLineColor(), "the stack's colour for both");
            assertNull(p99.getLineStyle().getDashArray(), "p99 solid");
            assertNotNull(p50.getLineStyle().getDashArray(), "p50 dashed");
            assertEquals(Theme.DASHED_LINE, p50.getLineStyle());
            assertEquals(p99.getLineStyle().getLineWidth(), p50.getLineStyle().getLineWidth(), "not told apart by width");
            assertEquals(theme.marker(stack).getClass(), p99.getMarker().getClass(), "p99: the stack's filled marker");
            Theme.OpenMarker open = (Theme.OpenMarker) p50.getMarker();
            assertEquals(theme.marker(stack).getClass(), open.filled().getClass(), "p50: the same shape, open");
            assertFalse(p50.isShowInLegend());
        }
        // one legend: the stacks, then which line is which, on the latency panel only
        List<String> expected = new ArrayList<>(BLOG);
        expected.add(HelloBlogFigure.P99_KEY);
        expected.add(HelloBlogFigure.P50_KEY);
        assertEquals(expected, legend(lat));
        assertEquals(List.of(), legend(f.panel(0)));
        assertEquals(Theme.DASHED_LINE, lat.getSeries(HelloBlogFigure.P50_KEY).getLineStyle());
        assertTrue(lat.getSeries(HelloBlogFigure.P50_KEY).getMarker() instanceof Theme.OpenMarker);
        Figure finished = FiguresStage.finish(f, r.facts().study(Studies.HELLO_BLOG).describe());
        assertEquals(expected, finished.legend().stream().map(XYSeries::getName).toList());
        assertTrue(f.caption().contains("p50 latency (dashed line, open markers)"), f.caption());
        assertFalse(f.caption().contains("thin"), f.caption());
    }

    @Test
    void nodePiMemorySaysThatTZeroIsTheIdleReadingBeforeTheLoad() {
        Results r = results();
        Theme theme = new Theme(PI);
        Figure f = new NodePiMemoryFigure().build(r);
        XYChart c = f.panel(0);
        assertEquals(MemoryFigure.TIME_AXIS, c.getXAxisTitle());
        assertTrue(c.getXAxisTitle().contains("t = 0: idle, just before the load starts"), c.getXAxisTitle());
        for (MemorySeries m : piSeries()) {
            XYSeries idle = c.getSeries(m.stack() + NodePiMemoryFigure.IDLE);
            assertNotNull(idle, m.stack());
            assertArrayEquals(new double[] {0}, idle.getXData(), EPS);
            assertArrayEquals(new double[] {m.rssKib()[0] / 1024.0}, idle.getYData(), EPS);
            assertEquals(theme.color(m.stack()), idle.getMarkerColor());
            assertTrue(idle.getMarker() instanceof Theme.OpenMarker);
            assertFalse(idle.isShowInLegend());
            XYSeries line = c.getSeries(m.stack());
            assertArrayEquals(Arrays.stream(m.rssKib()).mapToDouble(k -> k / 1024.0).toArray(), line.getYData(), EPS);
        }
        List<String> expected = new ArrayList<>(PI);
        expected.add(NodePiMemoryFigure.IDLE_KEY);
        assertEquals(expected, legend(c));
        assertTrue(f.caption().contains("t = 0 (open markers) is the idle reading taken just before the load starts"),
                f.caption());
    }
}
