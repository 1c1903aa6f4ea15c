package dev.tpm.figures;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Studies;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;

/**
 * hello_blog (studies.md, seed 001): per device, median throughput against concurrency per stack,
 * and the medians of p50 (thin) and p99 (thick) latency against concurrency. Reads
 * loadgen_summary.csv's rows of the study (GET /).
 */
public final class HelloBlogFigure implements StudyFigure {
    public static final String NAME = "hello_blog";

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
        return rows(StudyScope.of(results, study())).isEmpty() ? "no measured GET / (hello) run of study hello-blog" : null;
    }

    static List<LoadgenSummary> rows(StudyScope s) {
        return s.rows().stream().filter(x -> x.endpoint().equals(Endpoints.HELLO)).toList();
    }

    @Override
    public String title(Results results) {
        return StudyFigure.title(StudyScope.of(results, study()), "hello-blog (seed 001): throughput and latency per stack");
    }

    @Override
    public String caption(Results results) {
        StudyScope s = StudyScope.of(results, study());
        return "GET / plain text: the median throughput of the measured runs at each concurrency (left) and the medians"
                + " of p50 (thin line) and p99 (thick line) latency (right), per stack and device. Devices: " + s.describe() + "."
                + leftOut(results).captionSuffix();
    }

    @Override
    public LeftOut leftOut(Results results) {
        StudyScope s = StudyScope.of(results, study());
        List<String> shown = rows(s).stream().map(LoadgenSummary::stack).distinct().toList();
        return LeftOut.of("no measured GET / run", s.stacks().stream().filter(x -> !shown.contains(x)).toList());
    }

    @Override
    public Figure build(Results results) {
        StudyScope s = StudyScope.of(results, study());
        Theme theme = new Theme(s.stacks());
        List<XYChart> panels = new ArrayList<>();
        boolean several = s.devices().size() > 1;
        for (String device : s.devices()) {
            List<LoadgenSummary> rows = rows(s).stream().filter(x -> x.device().equals(device)).toList();
            if (rows.isEmpty()) continue;
            String suffix = several ? " [" + device + "]" : "";
            XYChart rps = panel(theme, "Throughput" + suffix, "median throughput (req/s)",
                    rows.stream().mapToDouble(LoadgenSummary::rpsMedian).toArray());
            XYChart lat = panel(theme, "Latency, p50 (thin) and p99 (thick)" + suffix, "median latency (ms)",
                    rows.stream().flatMapToDouble(x -> java.util.stream.DoubleStream.of(x.latP50Ms(), x.latP99Ms())).toArray());
            for (String stack : s.stacks()) {
                List<LoadgenSummary> pts = rows.stream().filter(x -> x.stack().equals(stack))
                        .sorted(Comparator.comparingInt(LoadgenSummary::concurrency)).toList();
                if (pts.isEmpty()) continue;
                add(rps, theme, stack, stack, pts, LoadgenSummary::rpsMedian, Theme.DATA_LINE, true);
                add(lat, theme, stack, stack + " p99", pts, LoadgenSummary::latP99Ms, Theme.DATA_LINE, true);
                add(lat, theme, stack, stack + " p50", pts, LoadgenSummary::latP50Ms, Theme.THIN_LINE, false);
            }
            panels.add(rps);
            panels.add(lat);
        }
        return new Figure(NAME, title(results), caption(results), 2, panels);
    }

    private static XYChart panel(Theme theme, String title, String yTitle, double[] values) {
        boolean log = Plots.wantsLog(java.util.Arrays.stream(values).filter(v -> !Double.isNaN(v)));
        XYChart chart = theme.chart(Layout.PANEL_WIDTH + 160, Layout.PANEL_HEIGHT + 120, title,
                "concurrency (connections)", Plots.yTitle(yTitle, log));
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setYAxisLogarithmic(log);
        return chart;
    }

    private static void add(XYChart chart, Theme theme, String stack, String name, List<LoadgenSummary> pts,
            ToDoubleFunction<LoadgenSummary> f, java.awt.BasicStroke stroke, boolean legend) {
        List<LoadgenSummary> have = pts.stream().filter(p -> !Double.isNaN(f.applyAsDouble(p))).toList();
        if (have.isEmpty()) return;
        Plots.line(chart, name, have.stream().mapToDouble(LoadgenSummary::concurrency).toArray(),
                have.stream().mapToDouble(f).toArray(), theme.color(stack), stroke, theme.marker(stack))
                .setShowInLegend(legend);
    }
}
