package dev.tpm.figures;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Studies;
import dev.tpm.results.HelloBlogNextAnswer;
import dev.tpm.results.HelloBlogNextAnswer.Baseline;
import dev.tpm.results.HelloBlogNextAnswer.Cell;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;

/**
 * hello_blog_next (studies.md, seed 001's "Things we didn't test"): one panel per question and
 * device, the median throughput of each stack that answers it against concurrency, one line per
 * (stack, endpoint): GET / thick, GET /json thin, GET /sleep dashed. The 1,000-connection panel
 * joins each stack's phase-1 GET / points to its phase-2 point, on a logarithmic concurrency axis.
 * Reads the same answers as the table ({@link HelloBlogNextAnswer}).
 */
public final class HelloBlogNextFigure implements StudyFigure {
    public static final String NAME = "hello_blog_next";
    private static final BasicStroke DASHED = new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
            new float[] {6f, 4f}, 0f);
    /** Panel titles short enough for a panel's width; the table carries the blog's wording. */
    private static final Map<String, String> PANEL_TITLE = Map.of("JSON", "JSON: GET /json beside GET /",
            "sleep", "sleep: GET /sleep (50 ms)", "gunicorn", "gunicorn: Flask under Gunicorn, 4 sync workers",
            "Go", "Go: gin and fasthttp beside net/http", "Rust", "Rust: actix-web and axum",
            "c = 1000", "c = 1000: GET / at 1,000 connections");
    private static final Map<String, String> REQUEST = Map.of(Endpoints.HELLO, "GET /", Endpoints.HELLO_JSON, "GET /json",
            Endpoints.SLEEP, "GET /sleep");

    /** The endpoints in the order their line styles are explained. */
    private static final List<String> NEXT = List.of(Endpoints.HELLO, Endpoints.HELLO_JSON, Endpoints.SLEEP);
    private static final Map<String, String> STYLE = Map.of(Endpoints.HELLO, "thick line", Endpoints.HELLO_JSON,
            "thin line", Endpoints.SLEEP, "dashed line");

    /** GET / thick, GET /json thin, GET /sleep dashed. */
    private static BasicStroke stroke(String endpoint) {
        return endpoint.equals(Endpoints.HELLO_JSON) ? Theme.THIN_LINE : endpoint.equals(Endpoints.SLEEP) ? DASHED : Theme.DATA_LINE;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String study() {
        return Studies.HELLO_BLOG_NEXT;
    }

    @Override
    public String missingData(Results results) {
        String base = StudyFigure.super.missingData(results);
        if (base != null) return base;
        return results.facts().helloBlogNext().stream().allMatch(a -> a.cells().stream().allMatch(c -> c.summary() == null))
                ? "no measured run of study hello-blog-next" : null;
    }

    private String title(Results results) {
        return "hello-blog-next (seed 001's open questions): throughput per question";
    }

    @Override
    public String caption(Results results) {
        StudyScope s = results.facts().study(study());
        return "One panel per question of the blog post (spec/studies.md hello-blog-next): the median throughput of the measured"
                + " runs against concurrency, per stack; GET / thick, GET /json thin, GET /sleep dashed. The c = 1000 panel"
                + " joins each stack's GET / at the phase-1 concurrencies to its run at 1,000 connections; a stack without"
                + " a measured run at 1,000 connections ends at its phase-1 points (the table says why). A panel"
                + " whose baseline does not answer its question (Rust) draws the baseline's lines too (flask-dev). A panel's"
                + " throughput is on a log scale (its axis title says so) unless one of its medians is 0. Stacks without a"
                + " measured run are left out of their panel (the table hello_blog_next lists them). Devices: " + s.describe() + ".";
    }

    @Override
    public Figure build(Results results) {
        StudyScope s = results.facts().study(study());
        List<String> order = new ArrayList<>(s.stacks());
        List<HelloBlogNextAnswer> answers = results.facts().helloBlogNext();
        // every question's stacks, in studies.md's order (each device answers every question)
        answers.stream().map(HelloBlogNextAnswer::question).distinct()
                .forEach(q -> q.stacks().stream().filter(x -> !order.contains(x)).forEach(order::add));
        Theme theme = new Theme(order);
        boolean several = s.devices().size() > 1;
        List<LoadgenSummary> study = results.loadgenSummary().stream().filter(x -> x.study().equals(study())).toList();
        List<XYChart> panels = new ArrayList<>();
        // the legend (one entry per stack) comes from the 1,000-connection panel, which has every
        // stack measured there; without one, each panel names its own stacks
        boolean manyPanel = answers.stream().anyMatch(a -> a.question().baseline() == Baseline.OWN_PHASE1
                && a.cells().stream().anyMatch(c -> c.summary() != null));
        java.util.Set<String> drawnEndpoints = new java.util.TreeSet<>(java.util.Comparator.comparingInt(NEXT::indexOf));
        Double[] firstX = {null};
        for (HelloBlogNextAnswer a : answers) {
            firstX[0] = null;
            List<Cell> measured = a.cells().stream().filter(c -> c.summary() != null).toList();
            if (measured.isEmpty()) continue;
            boolean many = a.question().baseline() == Baseline.OWN_PHASE1;
            List<double[]> all = new ArrayList<>();
            List<Runnable> series = new ArrayList<>();
            String suffix = several ? " [" + a.device() + "]" : "";
            XYChart[] chart = new XYChart[1];
            // at 1,000 connections a stack with no measured run there (every run failed, say) keeps
            // its phase-1 points: its line ends at the largest phase-1 concurrency, and it keeps its
            // legend entry, which comes from this panel (a stack with no point at all draws nothing)
            List<Cell> drawn = many ? a.cells() : measured;
            List<String> stacks = new ArrayList<>(drawn.stream().map(Cell::stack).distinct().toList());
            // a question whose baseline does not answer it (Rust against flask-dev) draws the
            // baseline too, from the same phase-1 rows its ratios divide by, as the other panels do
            String baseline = a.question().baselineStack();
            boolean ownBaseline = baseline != null && !stacks.contains(baseline);
            if (ownBaseline) stacks.add(0, baseline);
            for (String stack : stacks) {
                boolean[] named = {false};
                for (String endpoint : a.question().endpoints()) {
                    List<LoadgenSummary> pts = new ArrayList<>();
                    if (many || (ownBaseline && stack.equals(baseline))) {
                        study.stream().filter(x -> x.device().equals(a.device()) && x.phase() == 1 && x.stack().equals(stack)
                                && x.endpoint().equals(endpoint)).forEach(pts::add);
                    }
                    measured.stream().filter(c -> c.stack().equals(stack) && endpoint.equals(c.endpoint()))
                            .map(Cell::summary).forEach(pts::add);
                    pts.removeIf(p -> Double.isNaN(p.rpsMedian()));
                    if (pts.isEmpty()) continue;
                    pts.sort(Comparator.comparingInt(LoadgenSummary::concurrency));
                    double[] x = pts.stream().mapToDouble(LoadgenSummary::concurrency).toArray();
                    double[] y = pts.stream().mapToDouble(LoadgenSummary::rpsMedian).toArray();
                    all.add(y);
                    boolean legend = !named[0] && (many || !manyPanel);
                    named[0] |= legend;
                    String name = legend ? stack : stack + " " + REQUEST.get(endpoint);
                    BasicStroke stroke = stroke(endpoint);
                    drawnEndpoints.add(endpoint);
                    if (firstX[0] == null) firstX[0] = x[0];
                    series.add(() -> Plots.line(chart[0], name, x, y, theme.color(stack), stroke, theme.marker(stack))
                            .setShowInLegend(legend));
                }
            }
            // the figures' rule: log whenever every median of the panel is positive (flask-dev and
            // go-http are more than a decade apart), said in the panel's axis title
            boolean log = Plots.logScale(all.stream().flatMapToDouble(java.util.Arrays::stream));
            chart[0] = theme.chart(Layout.PANEL_WIDTH + 160, Layout.PANEL_HEIGHT + 160, PANEL_TITLE.get(a.question().id()) + suffix,
                    "concurrency (connections)", Plots.yTitle("median throughput (req/s)", log));
            chart[0].getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
            chart[0].getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
            chart[0].getStyler().setYAxisLogarithmic(log);
            chart[0].getStyler().setXAxisLogarithmic(many);
            series.forEach(Runnable::run);
            panels.add(chart[0]);
        }
        // the line styles, explained once, after the stacks (on the last panel, at an x it plots)
        if (!panels.isEmpty() && firstX[0] != null) {
            XYChart last = panels.get(panels.size() - 1);
            for (String endpoint : drawnEndpoints) {
                Plots.key(last, REQUEST.get(endpoint) + ": " + STYLE.get(endpoint), firstX[0], stroke(endpoint), null);
            }
        }
        return new Figure(NAME, title(results), caption(results), 2, panels);
    }
}
