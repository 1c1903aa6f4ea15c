package dev.tpm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.results.GroupReplicates;
import dev.tpm.results.HelloBlogNextAnswer.Cell;
import dev.tpm.results.HelloBlogNextAnswer.Question;
import dev.tpm.results.LoadgenSummary;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The readings of the hello-blog-next answers, generated from the numbers. SYNTHETIC values, chosen
 * so that each percentage and ratio is easy to check by hand; nothing here was measured.
 */
class HelloBlogNextTest {
    private static Question q(String id) {
        return HelloBlogNext.QUESTIONS.stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow();
    }

    private static LoadgenSummary row(int phase, String stack, String endpoint, int c, double rps) {
        return new LoadgenSummary("vm", "hello-blog-next", phase, stack, endpoint, c, 5, rps, rps, 1, 2, 3, 10, 100, Double.NaN);
    }

    private static Cell cell(LoadgenSummary x, double ratio, double errors) {
        return new Cell(x.stack(), x.endpoint(), x.concurrency(), x, ratio, errors, null);
    }

    @Test
    void theQuestionsAreTheRowsOfStudiesMdsTable() {
        assertEquals(List.of("JSON", "sleep", "gunicorn", "Go", "Rust", "c = 1000"),
                HelloBlogNext.QUESTIONS.stream().map(Question::id).toList());
        assertEquals("go-http", q("Go").baselineStack());
        assertEquals("flask-dev", q("Rust").baselineStack());
        assertEquals(8, q("c = 1000").stacks().size());
    }

    @Test
    void jsonReadsAsTheShareOfHellosThroughput() {
        List<Cell> cells = List.of(cell(row(1, "flask-dev", "hello", 50, 1000), 1, 0), cell(row(1, "flask-dev", "hello_json", 50, 850), 1, 0),
                cell(row(1, "go-http", "hello", 50, 30000), 30, 0), cell(row(1, "go-http", "hello_json", 50, 27000), 31.76, 0),
                new Cell("node-http", null, 0, null, Double.NaN, Double.NaN, HelloBlogNext.NOT_YET_MEASURED));
        assertEquals("At c = 50, GET /json keeps this share of GET /'s throughput: flask-dev 85 %, go-http 90 %."
                + " Not yet measured: node-http.", HelloBlogNext.reading(q("JSON"), cells, List.of(), List.of(10, 50), 50));
    }

    @Test
    void sleepReadsAgainstTheBoundTheWaitSets() {
        List<Cell> cells = List.of(cell(row(1, "flask-dev", "sleep", 50, 610), 1, 0), cell(row(1, "go-http", "sleep", 50, 990), 1.62, 0));
        assertEquals("At c = 50 every request waits 50 ms, so at most 1,000 req/s can complete; flask-dev 61 %, go-http 99 % of that bound.",
                HelloBlogNext.reading(q("sleep"), cells, List.of(), List.of(10, 50), 50));
    }

    @Test
    void rustReadsAgainstFlaskAndGoHttp() {
        List<LoadgenSummary> rows = List.of(row(1, "go-http", "hello", 50, 20000));
        List<Cell> cells = List.of(cell(row(1, "rust-actix", "hello", 50, 26000), 26, 0),
                new Cell("rust-axum-hello", null, 0, null, Double.NaN, Double.NaN, HelloBlogNext.NO_MEASURED_RUN));
        assertEquals("At c = 50, against flask-dev's throughput: rust-actix 26.00x on GET /, 1.30x go-http's on GET /."
                + " No measured run: rust-axum-hello.",
                HelloBlogNext.reading(q("Rust"), cells, rows, List.of(10, 50), 50));
    }

    @Test
    void gunicornReadsItsSleepsAgainstTheWorkersBound() {
        List<Cell> cells = List.of(cell(row(1, "flask-dev", "hello", 50, 1000), 1, 0), cell(row(1, "flask-gunicorn", "hello", 50, 2100), 2.1, 0),
                cell(row(1, "flask-gunicorn", "sleep", 50, 78), 0.125, 0));
        assertEquals("At c = 50, against flask-dev's throughput: flask-gunicorn 2.10x on GET /, 0.13x on GET /sleep (4 sync workers"
                + " complete at most 80 sleeps per second).", HelloBlogNext.reading(q("gunicorn"), cells, List.of(), List.of(10, 50), 50));
    }

    @Test
    void oneThousandConnectionsReadAsTheShareKeptAndTheRequestsFailed() {
        List<Cell> cells = List.of(cell(row(2, "go-http", "hello", 1000, 28800), 0.96, 0),
                new Cell("flask-dev", "hello", 1000, null, Double.NaN, 0.12, HelloBlogNext.NO_MEASURED_RUN),
                cell(row(2, "node-http", "hello", 1000, 17000), 0.9, 0.004));
        assertEquals("At 1,000 connections each stack keeps this share of its c = 50 throughput: go-http 96 %, node-http 90 %."
                + " Failed requests: flask-dev 12.0 % (no measured run), node-http 0.4 %.",
                HelloBlogNext.reading(q("c = 1000"), cells, List.of(), List.of(1000), 50));
    }

    @Test
    void aQuestionWithoutAnyCampaignIsNotYetMeasured() {
        List<Cell> cells = List.of(new Cell("go-gin", null, 0, null, Double.NaN, Double.NaN, HelloBlogNext.NOT_YET_MEASURED),
                new Cell("go-fasthttp", null, 0, null, Double.NaN, Double.NaN, HelloBlogNext.NOT_YET_MEASURED));
        assertEquals("Not yet measured: go-gin, go-fasthttp.", HelloBlogNext.reading(q("Go"), cells, List.of(), List.of(), -1));
    }

    @Test
    void readingsSayWhenAGroupIsTooSmall() {
        GroupReplicates g = new GroupReplicates(java.util.Map.of(), r -> r, 5);
        assertEquals(" " + HelloBlogNext.NO_INTERVAL, HelloBlogNext.timesCi(g, null));
        assertEquals(" [1.69, 2.35]", HelloBlogNext.timesCi(g, new double[] {1.6949, 2.345}));
        assertEquals(" [96, 128 %]", HelloBlogNext.percentCi(g, new double[] {0.9551, 1.2849}));
        assertEquals("", HelloBlogNext.timesCi(GroupReplicates.NONE, null));
    }
}
