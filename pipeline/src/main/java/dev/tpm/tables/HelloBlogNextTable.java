package dev.tpm.tables;

import dev.tpm.model.Studies;
import dev.tpm.results.HelloBlogNextAnswer;
import dev.tpm.results.HelloBlogNextAnswer.Cell;
import dev.tpm.results.HelloBlogNextAnswer.Question;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import dev.tpm.results.Quantity;
import java.util.EnumSet;

/**
 * hello_blog_next (studies.md, seed 001's "Things we didn't test"): one section per question of
 * studies.md's table and device, each answered by its stacks: median throughput, medians of p50
 * and p99, the share of failed requests, the ratio to the question's baseline and how many runs
 * saturated the host, then one note per question with a reading generated from those numbers
 * ({@link HelloBlogNextAnswer}) and one on host saturation. A stack that no campaign of the study lists
 * is "not yet measured". Like every study table, it is written only when a campaign of the study
 * exists: without one, tables/ stays as it was, and a reader finds no table rather than a table of
 * nothing but "not yet measured".
 */
public final class HelloBlogNextTable extends StudyTable {
    @Override
    public String name() {
        return "hello_blog_next";
    }

    @Override
    public String study() {
        return Studies.HELLO_BLOG_NEXT;
    }

    @Override
    public TableModel build(Results r) {
        StudyScope s = r.facts().study(study());
        TableModel.Builder t = TableModel.builder(name(), "hello-blog-next (seed 001's \"Things we didn't test\"): each question"
                + " of the blog post answered by its stacks on the blog's protocol (wrk on the same host), medians over the"
                + " measured runs." + from(s));
        t.text("device").text("question").text("stack").text("endpoint").number("concurrency").number("throughput (req/s)")
                .number("p50 (ms)").number("p99 (ms)").number("errors (%)").number("x baseline [CI]").text("host saturated");
        for (HelloBlogNextAnswer a : r.facts().helloBlogNext()) {
            t.group();
            for (Cell c : a.cells()) {
                LoadgenSummary x = c.summary();
                if (c.endpoint() == null) {
                    t.row(a.device(), a.question().id(), c.stack(), "", "", c.status(), "", "", "", "", "");
                    continue;
                }
                t.row(a.device(), a.question().id(), c.stack(), c.endpoint(), Integer.toString(c.concurrency()),
                        x == null ? c.status() : Rounding.value(Quantity.RPS, x.rpsMedian()),
                        x == null ? "" : Rounding.latency(x.latP50Ms(), s.latencyResolution(a.device())),
                        x == null ? "" : Rounding.latency(x.latP99Ms(), s.latencyResolution(a.device())),
                        Rounding.value(Quantity.PERCENT, 100 * c.errorShare()), ratio(a.question(), c),
                        x == null ? "" : saturatedCell(x));
            }
            t.note(a.question().id() + " (" + a.question().title() + ", x baseline: " + baseline(a.question()) + "): "
                    + a.reading());
        }
        // The study runs wrk beside the server, unpinned, as the blog did: the pair can fill the cores,
        // and a reader needs to know which numbers are the pair's (phase 1 and the 1,000 connections).
        String saturation = saturationNote(r.loadgenSummary().stream().filter(x -> x.study().equals(study())).toList());
        if (saturation != null) t.note(saturation);
        return t.note("errors: failed requests (socket errors and non-2xx) / requests over the non-warm-up runs with results,"
                        + " measured or discarded; a run above max_error_rate is discarded, so a group with no measured run"
                        + " still shows how much it failed. " + ciNote(r) + " " + SATURATED_COLUMN + " n/a: no run has the value.")
                .note(Rounding.note(EnumSet.of(Quantity.RPS, Quantity.LATENCY_MS, Quantity.PERCENT, Quantity.RATIO), s.latencyResolution()))
                .note(TableText.sourceNote("loadgen_summary.csv"))
                .build();
    }

    private static String ciNote(Results r) {
        return replicateIntervalNote(r, "[lo, hi] after a ratio or share: its ", "; analysis.md 4's ratio_b");
    }

    /** The ratio with its interval, or with "n < min_n" where a group is too small for one. */
    private static String ratio(Question q, Cell c) {
        String point = Rounding.value(Quantity.RATIO, c.ratio());
        // the baseline against itself is 1 by definition: no interval to give
        if (Double.isNaN(c.ratio()) || c.stack().equals(q.baselineStack())) return point;
        return point + intervalText(c.ratioCi());
    }

    private static String baseline(Question q) {
        return switch (q.baseline()) {
            case FLASK_DEV -> q.id().equals("Rust") ? "flask-dev at the same endpoint and concurrency (Rust has no standard-library"
                    + " HTTP server)" : "flask-dev at the same endpoint and concurrency";
            case GO_HTTP -> "go-http (net/http) at the same endpoint and concurrency";
            case OWN_PHASE1 -> "the same stack's GET / at the largest phase-1 concurrency";
        };
    }
}
