package dev.tpm.figures;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Studies;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.DoubleStream;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Circle;
import org.knowm.xchart.style.markers.Marker;

/**
 * hello_blog (studies.md, seed 001): per device, median throughput against concurrency per stack,
 * and the medians of p50 and p99 latency against concurrency, told apart by line and marker (p99: a
 * solid line with the stack's filled markers; p50: a dashed line with open ones), not by width
 * alone. Reads loadgen_summary.csv's rows of the study (GET /).
 */
public final class HelloBlogFigure implements StudyFigure {
    public static final String NAME = "hello_blog";
    /** Suffixes of a stack's latency lines; the latency panel names the p99 line after the stack, for the legend. */
    public static final String P50 = " p50";
    /** The legend's ink entries saying which latency line is which. */
    public static final String P99_KEY = "p99: solid line, filled marker";
    public static final String P50_KEY = "p50: dashed line, open marker";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String study() {
        return Studies.HELLO_BLOG;
    }

    @Override
    public String missingData(Results results) {
        String base = StudyFigure.super.missingData(results);
        if (base != null) return base;
        return rows(results.facts().study(study())).isEmpty() ? "no measured GET / (hello) run of study hello-blog" : null;
    }

    static List<LoadgenSummary> rows(StudyScope s) {
        return s.rows().stream().filter(x -> x.endpoint().equals(Endpoints.HELLO)).toList();
    }

    private String title(Results results) {
        return "hello-blog (seed 001): throughput and latency per stack";
    }

    @Override
    public String caption(Results results) {
        StudyScope s = results.facts().study(study());
        return "GET / plain text: the median throughput of the measured runs at each concurrency (left) and the medians"
                + " of p99 latency (solid line, filled markers) and p50 latency (dashed line, open markers) (right), per stack"
                + " and device; " + scales(rpsLog(s), latencyLog(s)) + ". Devices: " + s.describe() + "."
                + leftOut(results).captionSuffix();
    }

    @Override
    public LeftOut leftOut(Results results) {
        StudyScope s = results.facts().study(study());
        List<String> shown = rows(s).stream().map(LoadgenSummary::stack).distinct().toList();
        return LeftOut.of("no measured GET / run", s.stacks().stream().filter(x -> !shown.contains(x)).toList());
    }

    /**
     * The throughput panels' y axis, one for every device's panel, by the figures' rule
     * ({@link Plots#logScale}): log whenever every median is positive, so that flask-dev at about
     * 2,000 req/s reads as well as go-http at about 90,000.
     */
    static boolean rpsLog(StudyScope s) {
        return Plots.logScale(rows(s).stream().mapToDouble(LoadgenSummary::rpsMedian));
    }

    /** The latency panels' y axis, likewise over every p50 and p99 median: linear from 0 when one is 0. */
    static boolean latencyLog(StudyScope s) {
        return Plots.logScale(rows(s).stream().flatMapToDouble(x -> DoubleStream.of(x.latP50Ms(), x.latP99Ms())));
    }

    /** The caption's clause on the panels' y axes. */
    static String scales(boolean rpsLog, boolean latencyLog) {
        if (rpsLog && latencyLog) return "both y axes on log scales";
        return "throughput on a " + scale(rpsLog) + ", latency on a " + scale(latencyLog);
    }

    private static String scale(boolean log) {
        return log ? "log scale" : "linear scale from 0 (a value of 0 rules a log scale out)";
    }

    @Override
    public Figure build(Results results) {
        StudyScope s = results.facts().study(study());
        Theme theme = new Theme(s.stacks());
        List<XYChart> panels = new ArrayList<>();
        boolean several = s.devices().size() > 1;
        boolean rpsLog = rpsLog(s);
        boolean latencyLog = latencyLog(s);
        for (String device : s.devices()) {
            List<LoadgenSummary> rows = rows(s).stream().filter(x -> x.device().equals(device)).toList();
            if (rows.isEmpty()) continue;
            String suffix = several ? " [" + device + "]" : "";
            XYChart rps = panel(theme, "Throughput" + suffix, "median throughput (req/s)", rpsLog);
            XYChart lat = panel(theme, "Latency, p99 (solid) and p50 (dashed)" + suffix, "median latency (ms)", latencyLog);
            for (String stack : s.stacks()) {
                List<LoadgenSummary> pts = rows.stream().filter(x -> x.stack().equals(stack))
                        .sorted(Comparator.comparingInt(LoadgenSummary::concurrency)).toList();
                if (pts.isEmpty()) continue;
                add(rps, stack, pts, LoadgenSummary::rpsMedian, theme.color(stack), Theme.DATA_LINE, theme.marker(stack),
                        false);
                add(lat, stack, pts, LoadgenSummary::latP99Ms, theme.color(stack), Theme.DATA_LINE, theme.marker(stack),
                        true);
                add(lat, stack + P50, pts, LoadgenSummary::latP50Ms, theme.color(stack), Theme.DASHED_LINE,
                        theme.openMarker(stack), false);
            }
            // the figure's one legend (the figures stage keeps the panel's with the most entries): the
            // stacks, then which latency line is which
            double x0 = rows.stream().mapToInt(LoadgenSummary::concurrency).min().orElse(0);
            Plots.key(lat, P99_KEY, x0, Theme.DATA_LINE, new Circle());
            Plots.key(lat, P50_KEY, x0, Theme.DASHED_LINE, new Theme.OpenMarker(new Circle()));
            panels.add(rps);
            panels.add(lat);
        }
        return new Figure(NAME, title(results), caption(results), 2, panels);
    }

    private static XYChart panel(Theme theme, String title, String yTitle, boolean log) {
        XYChart chart = theme.chart(Layout.PANEL_WIDTH + 160, Layout.PANEL_HEIGHT + 120, title,
                "concurrency (connections)", Plots.yTitle(yTitle, log));
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setYAxisLogarithmic(log);
        return chart;
    }

    /** The line of one value per concurrency, through the rows that have it; nothing when none has. */
    private static void add(XYChart chart, String name, List<LoadgenSummary> pts, ToDoubleFunction<LoadgenSummary> f,
            Color colour, BasicStroke stroke, Marker marker, boolean legend) {
        List<LoadgenSummary> have = pts.stream().filter(p -> !Double.isNaN(f.applyAsDouble(p))).toList();
        if (have.isEmpty()) return;
        Plots.line(chart, name, have.stream().mapToDouble(LoadgenSummary::concurrency).toArray(),
                have.stream().mapToDouble(f).toArray(), colour, stroke, marker).setShowInLegend(legend);
    }
}
