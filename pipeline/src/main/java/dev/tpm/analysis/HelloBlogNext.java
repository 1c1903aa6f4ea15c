package dev.tpm.analysis;

import dev.tpm.model.Campaign;
import dev.tpm.model.Endpoints;
import dev.tpm.model.RunRecord;
import dev.tpm.model.RunRow;
import dev.tpm.model.Studies;
import dev.tpm.results.GroupReplicates;
import dev.tpm.results.HelloBlogNextAnswer;
import dev.tpm.results.HelloBlogNextAnswer.Baseline;
import dev.tpm.results.HelloBlogNextAnswer.Cell;
import dev.tpm.results.HelloBlogNextAnswer.Question;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.RatioInterval;
import dev.tpm.results.StudyScope;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The hello-blog-next study (studies.md: seed 001's "Things we didn't test") as answers: one
 * {@link Question} per row of studies.md's table, each answered per device by the stacks that
 * answer it, with their loadgen_summary values (analysis.md 8), the ratio to the question's
 * baseline and a reading generated from those numbers. Shared by the table and the figure
 * {@code hello_blog_next}, so both read the same numbers.
 *
 * <p>Readings of studies.md where it leaves room:
 * <ul>
 *   <li>Baseline: studies.md names "Flask's dev server, or the standard-library server of the same
 *   language". The JSON, simulated-I/O and Gunicorn questions compare with {@code flask-dev} (the
 *   blog's "vs Flask"), the Go question with {@code go-http} (net/http); Rust has no HTTP server in
 *   its standard library, so its baseline stays {@code flask-dev} and its reading adds the ratio to
 *   {@code go-http}, the blog's fastest stack. At 1,000 connections the baseline is the stack's own
 *   throughput at the largest phase-1 concurrency (50 in the preset), since the question is what
 *   the extra connections cost each server.</li>
 *   <li>Ratios are taken at the same device, endpoint and concurrency; a baseline without a value
 *   there leaves the ratio n/a.</li>
 *   <li>The simulated-I/O reading compares with the bound that the wait itself sets: c connections
 *   that each wait {@link #SLEEP_S} per request can complete at most c / 0.05 s requests per second.</li>
 *   <li>Errors: the share of requests that failed (socket errors + non-2xx, analysis.md's error
 *   rate) over every non-warm-up run of the group that has results, measured or discarded, since a
 *   server that fails under 1,000 connections has its runs discarded (max_error_rate) and only
 *   those runs say how much it failed.</li>
 *   <li>A stack that no hello-blog-next campaign lists is "not yet measured"; one that a campaign
 *   lists but that has no measured run of the endpoint has "no measured run".</li>
 * </ul>
 */
final class HelloBlogNext {
    /** GET /sleep's wait (servers.md): 50 ms. */
    static final double SLEEP_S = 0.050;
    /** Errors below this share are not mentioned in a reading (1 in 1,000 requests). */
    static final double ERRORS_WORTH_SAYING = 0.001;
    /** The phase of the 1,000-connection runs (the preset's sweep). */
    static final int MANY_CONNECTIONS_PHASE = 2;

    private HelloBlogNext() {}

    static final List<String> BLOG = List.of("flask-dev", "node-http", "go-http");
    static final List<String> NEXT = List.of(Endpoints.HELLO, Endpoints.HELLO_JSON, Endpoints.SLEEP);

    /** studies.md's table, in its order. */
    static final List<Question> QUESTIONS = List.of(
            new Question("JSON", "JSON serialization overhead (Flask's jsonify vs JSON.stringify vs encoding/json)", BLOG,
                    List.of(Endpoints.HELLO, Endpoints.HELLO_JSON), Baseline.FLASK_DEV),
            new Question("sleep", "simulated I/O (GET /sleep, 50 ms: event loop vs goroutine vs synchronous blocking)", BLOG,
                    List.of(Endpoints.SLEEP), Baseline.FLASK_DEV),
            new Question("gunicorn", "Python with Gunicorn and several workers (4 sync workers, the same Flask app)",
                    List.of("flask-dev", "flask-gunicorn"), NEXT, Baseline.FLASK_DEV),
            new Question("Go", "Go with fasthttp or gin instead of the standard library",
                    List.of("go-http", "go-gin", "go-fasthttp"), NEXT, Baseline.GO_HTTP),
            new Question("Rust", "Rust (actix-web or axum)", List.of("rust-actix", "rust-axum-hello"), NEXT, Baseline.FLASK_DEV),
            new Question("c = 1000", "what happens under 1,000 concurrent connections (GET /)",
                    List.of("flask-dev", "node-http", "go-http", "flask-gunicorn", "go-gin", "go-fasthttp", "rust-actix",
                            "rust-axum-hello"), List.of(Endpoints.HELLO), Baseline.OWN_PHASE1));

    static final String NOT_YET_MEASURED = HelloBlogNextAnswer.NOT_YET_MEASURED;
    static final String NO_MEASURED_RUN = HelloBlogNextAnswer.NO_MEASURED_RUN;

    /**
     * Every question on every device of the study, devices by id, questions in studies.md's order.
     *
     * @param runs the phase-1 and phase-2 runs of every campaign (only the study's count, for the error shares)
     */
    static List<HelloBlogNextAnswer> answers(StudyScope s, List<LoadgenSummary> loadgenSummary, List<RunRecord> runs,
            GroupReplicates g) {
        List<LoadgenSummary> all = loadgenSummary.stream().filter(x -> x.study().equals(Studies.HELLO_BLOG_NEXT)).toList();
        Map<String, double[]> errors = errorTotals(runs, s);
        List<HelloBlogNextAnswer> out = new ArrayList<>();
        for (String device : s.devices()) {
            Set<String> listed = new LinkedHashSet<>();
            for (Campaign c : s.campaigns()) {
                if (c.device().id().equals(device)) c.stacks().forEach(x -> listed.add(x.id()));
            }
            List<LoadgenSummary> rows = all.stream().filter(x -> x.device().equals(device)).toList();
            for (Question q : QUESTIONS) {
                out.add(answer(device, q, rows, listed, errors, s.devices().size() > 1, g));
            }
        }
        return out;
    }

    private static HelloBlogNextAnswer answer(String device, Question q, List<LoadgenSummary> rows, Set<String> listed,
            Map<String, double[]> errors, boolean severalDevices, GroupReplicates g) {
        boolean many = q.baseline() == Baseline.OWN_PHASE1;
        List<LoadgenSummary> phase1 = rows.stream().filter(x -> x.phase() == 1).toList();
        List<Integer> levels = many
                ? rows.stream().filter(x -> x.phase() == MANY_CONNECTIONS_PHASE && q.endpoints().contains(x.endpoint()))
                        .map(LoadgenSummary::concurrency).distinct().sorted().toList()
                : phase1.stream().filter(x -> q.endpoints().contains(x.endpoint())).map(LoadgenSummary::concurrency)
                        .distinct().sorted().toList();
        int phase = many ? MANY_CONNECTIONS_PHASE : 1;
        int ownLevel = phase1.stream().filter(x -> q.endpoints().contains(x.endpoint())).mapToInt(LoadgenSummary::concurrency)
                .max().orElse(-1);
        List<String> stacks = new ArrayList<>(q.stacks());
        if (many) {
            // any other stack of the study measured at that many connections answers too
            rows.stream().filter(x -> x.phase() == MANY_CONNECTIONS_PHASE).map(LoadgenSummary::stack).distinct()
                    .filter(x -> !stacks.contains(x)).forEach(stacks::add);
        }
        List<Cell> cells = new ArrayList<>();
        for (String stack : stacks) {
            if (!listed.contains(stack)) {
                cells.add(new Cell(stack, null, 0, null, Double.NaN, Double.NaN, NOT_YET_MEASURED));
                continue;
            }
            boolean any = false;
            for (String endpoint : q.endpoints()) {
                for (int c : levels) {
                    LoadgenSummary x = find(rows, phase, stack, endpoint, c);
                    double[] e = errors.get(key(device, phase, stack, endpoint, c));
                    double share = e == null || e[1] <= 0 ? Double.NaN : e[0] / e[1];
                    if (x == null && e == null) continue;
                    any = true;
                    LoadgenSummary base = many ? find(rows, 1, stack, endpoint, ownLevel) : find(rows, 1, q.baselineStack(), endpoint, c);
                    double ratio = x == null || base == null ? Double.NaN : x.rpsMedian() / base.rpsMedian();
                    cells.add(new Cell(stack, endpoint, c, x, ratio, share, x == null ? NO_MEASURED_RUN : null,
                            Double.isNaN(ratio) ? null : interval(g, x, base)));
                }
            }
            if (!any) cells.add(new Cell(stack, null, 0, null, Double.NaN, Double.NaN, NO_MEASURED_RUN));
        }
        String reading = reading(q, cells, rows, levels, ownLevel, g);
        return new HelloBlogNextAnswer(device, q, cells, severalDevices ? "[" + device + "] " + reading : reading);
    }

    private static LoadgenSummary find(List<LoadgenSummary> rows, int phase, String stack, String endpoint, int c) {
        if (stack == null) return null;
        return rows.stream().filter(x -> x.phase() == phase && x.stack().equals(stack) && x.endpoint().equals(endpoint)
                && x.concurrency() == c).findFirst().orElse(null);
    }

    /** The reading of one question: numbers at its largest concurrency, then what was not measured. */
    static String reading(Question q, List<Cell> cells, List<LoadgenSummary> rows, List<Integer> levels, int ownLevel) {
        return reading(q, cells, rows, levels, ownLevel, GroupReplicates.NONE);
    }

    /** The reading, each ratio between two groups with its interval from g (none with {@link GroupReplicates#NONE}). */
    static String reading(Question q, List<Cell> cells, List<LoadgenSummary> rows, List<Integer> levels, int ownLevel,
            GroupReplicates g) {
        List<String> parts = new ArrayList<>();
        List<String> notYet = cells.stream().filter(c -> NOT_YET_MEASURED.equals(c.status())).map(Cell::stack).toList();
        List<String> none = cells.stream().filter(c -> NO_MEASURED_RUN.equals(c.status()) && c.endpoint() == null)
                .map(Cell::stack).toList();
        if (!levels.isEmpty()) {
            int c = levels.get(levels.size() - 1);
            String sentence = switch (q.id()) {
                case "JSON" -> json(cells, c, g);
                case "sleep" -> sleep(cells, c);
                case "c = 1000" -> many(cells, c, ownLevel, g);
                default -> versusBaseline(q, cells, rows, c, g);
            };
            if (sentence != null) parts.add(sentence);
        }
        if (!notYet.isEmpty()) parts.add("Not yet measured: " + String.join(", ", notYet) + ".");
        if (!none.isEmpty()) parts.add("No measured run: " + String.join(", ", none) + ".");
        if (parts.isEmpty()) parts.add("No measured run.");
        return String.join(" ", parts);
    }

    private static Map<String, Cell> at(List<Cell> cells, String endpoint, int c) {
        Map<String, Cell> m = new java.util.LinkedHashMap<>();
        for (Cell x : cells) if (endpoint.equals(x.endpoint()) && x.concurrency() == c) m.put(x.stack(), x);
        return m;
    }

    private static double rps(Cell c) {
        return c == null || c.summary() == null ? Double.NaN : c.summary().rpsMedian();
    }

    private static String json(List<Cell> cells, int c, GroupReplicates g) {
        Map<String, Cell> hello = at(cells, Endpoints.HELLO, c);
        Map<String, Cell> json = at(cells, Endpoints.HELLO_JSON, c);
        List<String> said = new ArrayList<>();
        for (Map.Entry<String, Cell> e : json.entrySet()) {
            double share = rps(e.getValue()) / rps(hello.get(e.getKey()));
            if (Double.isNaN(share)) continue;
            double[] ci = interval(g, e.getValue().summary(), hello.get(e.getKey()).summary());
            said.add(e.getKey() + " " + percent(share) + percentCi(g, ci));
        }
        return said.isEmpty() ? null
                : "At c = " + c + ", GET /json keeps this share of GET /'s throughput: " + String.join(", ", said) + ".";
    }

    private static String sleep(List<Cell> cells, int c) {
        double bound = c / SLEEP_S;
        List<String> said = at(cells, Endpoints.SLEEP, c).values().stream().filter(x -> !Double.isNaN(rps(x)))
                .map(x -> x.stack() + " " + percent(rps(x) / bound)).toList();
        return said.isEmpty() ? null
                : "At c = " + c + " every request waits 50 ms, so at most " + whole(bound) + " req/s can complete; "
                        + String.join(", ", said) + " of that bound.";
    }

    private static final Map<String, String> REQUEST = Map.of(Endpoints.HELLO, "GET /", Endpoints.HELLO_JSON, "GET /json",
            Endpoints.SLEEP, "GET /sleep");

    private static String versusBaseline(Question q, List<Cell> cells, List<LoadgenSummary> rows, int c, GroupReplicates g) {
        List<String> said = new ArrayList<>();
        for (String stack : cells.stream().map(Cell::stack).distinct().toList()) {
            if (stack.equals(q.baselineStack())) continue;
            List<String> ratios = new ArrayList<>();
            for (String endpoint : q.endpoints()) {
                Cell x = at(cells, endpoint, c).get(stack);
                if (x == null || Double.isNaN(x.ratio())) continue;
                String s = times(x.ratio()) + timesCi(g, x.ratioCi()) + " on " + REQUEST.get(endpoint);
                if (endpoint.equals(Endpoints.SLEEP) && stack.equals("flask-gunicorn")) {
                    s += " (4 sync workers complete at most " + whole(4 / SLEEP_S) + " sleeps per second)";
                }
                ratios.add(s);
            }
            if (q.id().equals("Rust")) {
                LoadgenSummary go = find(rows, 1, "go-http", Endpoints.HELLO, c);
                double r = go == null ? Double.NaN : rps(at(cells, Endpoints.HELLO, c).get(stack)) / go.rpsMedian();
                if (!Double.isNaN(r)) {
                    double[] ci = interval(g, at(cells, Endpoints.HELLO, c).get(stack).summary(), go);
                    ratios.add(times(r) + timesCi(g, ci) + " go-http's on GET /");
                }
            }
            if (!ratios.isEmpty()) said.add(stack + " " + String.join(", ", ratios));
        }
        return said.isEmpty() ? null
                : "At c = " + c + ", against " + q.baselineStack() + "'s throughput: " + String.join("; ", said) + ".";
    }

    private static String many(List<Cell> cells, int c, int ownLevel, GroupReplicates g) {
        List<String> kept = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Cell x : at(cells, Endpoints.HELLO, c).values()) {
            if (!Double.isNaN(x.ratio())) kept.add(x.stack() + " " + percent(x.ratio()) + percentCi(g, x.ratioCi()));
            if (!Double.isNaN(x.errorShare()) && x.errorShare() >= ERRORS_WORTH_SAYING) {
                failed.add(x.stack() + " " + new BigDecimal(100 * x.errorShare()).setScale(1, RoundingMode.HALF_UP).toPlainString() + " %"
                        + (x.summary() == null ? " (no measured run)" : ""));
            }
        }
        List<String> parts = new ArrayList<>();
        if (!kept.isEmpty()) {
            parts.add("At " + whole(c) + " connections each stack keeps this share of its c = " + ownLevel + " throughput: "
                    + String.join(", ", kept) + ".");
        }
        if (!failed.isEmpty()) parts.add("Failed requests: " + String.join(", ", failed) + ".");
        List<String> silent = at(cells, Endpoints.HELLO, c).values().stream()
                .filter(x -> x.summary() == null && (Double.isNaN(x.errorShare()) || x.errorShare() < ERRORS_WORTH_SAYING))
                .map(Cell::stack).toList();
        if (!silent.isEmpty()) parts.add("No measured run: " + String.join(", ", silent) + ".");
        return parts.isEmpty() ? null : String.join(" ", parts);
    }

    /** The interval of a's median rps over b's, or null when either has no replicates (below min_n). */
    private static double[] interval(GroupReplicates g, LoadgenSummary a, LoadgenSummary b) {
        return g.ratioInterval(a, b);
    }

    /** " [lo, hi]" after a ratio, " (no interval: n < min_n)" without one, "" without replicates at all. */
    static String timesCi(GroupReplicates g, double[] ci) {
        if (g == GroupReplicates.NONE) return "";
        return ci == null ? " " + NO_INTERVAL : RatioInterval.bracket(ci);
    }

    /** " [lo, hi %]" after a share in percent, as {@link #timesCi}. */
    static String percentCi(GroupReplicates g, double[] ci) {
        if (g == GroupReplicates.NONE) return "";
        return ci == null ? " " + NO_INTERVAL : " [" + plain(100 * ci[0], 0) + ", " + plain(100 * ci[1], 0) + " %]";
    }

    /** What a ratio says where one of its groups is too small for an interval. */
    static final String NO_INTERVAL = "(no interval: n < min_n)";

    private static String plain(double x, int scale) {
        return new BigDecimal(x).setScale(scale, RoundingMode.HALF_UP).toPlainString();
    }

    static String percent(double share) {
        return new BigDecimal(100 * share).setScale(0, RoundingMode.HALF_UP).toPlainString() + " %";
    }

    static String times(double ratio) {
        return new BigDecimal(ratio).setScale(2, RoundingMode.HALF_UP).toPlainString() + "x";
    }

    static String whole(double x) {
        return String.format(java.util.Locale.ROOT, "%,d", Math.round(x));
    }

    private static String key(String device, int phase, String stack, String endpoint, int c) {
        return device + "\u001f" + phase + "\u001f" + stack + "\u001f" + endpoint + "\u001f" + c;
    }

    /** {failed requests, requests} per group over the study's non-warm-up runs that have results. */
    private static Map<String, double[]> errorTotals(List<RunRecord> runs, StudyScope s) {
        Set<String> ids = s.campaigns().stream().map(Campaign::id).collect(Collectors.toSet());
        Map<String, double[]> totals = new TreeMap<>();
        for (RunRecord rec : runs) {
            RunRow row = rec.row();
            if (!ids.contains(rec.campaign()) || row.warmup() || row.requests() == null || row.requests() <= 0) continue;
            long failed = sum(row.errorsConnect(), row.errorsRead(), row.errorsWrite(), row.errorsTimeout(), row.non2xx());
            double[] t = totals.computeIfAbsent(key(rec.device(), rec.phase(), row.stack(), row.endpoint(), row.concurrency()),
                    k -> new double[2]);
            t[0] += failed;
            t[1] += row.requests();
        }
        return totals;
    }

    private static long sum(Long... xs) {
        long s = 0;
        for (Long x : xs) if (x != null) s += x;
        return s;
    }
}
