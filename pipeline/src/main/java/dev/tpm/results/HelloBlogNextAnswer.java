package dev.tpm.results;

import java.util.List;

/**
 * One question of the hello-blog-next study (studies.md: seed 001's "Things we didn't test")
 * answered on one device: the cells of the stacks that answer it and a reading generated from
 * their numbers (analysis/HelloBlogNext). Read by the table and the figure {@code hello_blog_next}.
 */
public record HelloBlogNextAnswer(String device, Question question, List<Cell> cells, String reading) {
    public static final String NOT_YET_MEASURED = "not yet measured";
    public static final String NO_MEASURED_RUN = "no measured run";

    public HelloBlogNextAnswer {
        cells = List.copyOf(cells);
    }

    /** What a question's ratio compares with. */
    public enum Baseline { FLASK_DEV, GO_HTTP, OWN_PHASE1 }

    /**
     * One row of studies.md's table.
     *
     * @param id short label of the table's question column
     * @param title the blog's question
     * @param stacks the stacks that answer it, baseline first where it is one of them
     * @param endpoints the endpoints it reads
     */
    public record Question(String id, String title, List<String> stacks, List<String> endpoints, Baseline baseline) {
        public String baselineStack() {
            return switch (baseline) {
                case FLASK_DEV -> "flask-dev";
                case GO_HTTP -> "go-http";
                case OWN_PHASE1 -> null;
            };
        }
    }

    /**
     * One (stack, endpoint, concurrency) of a question on a device.
     *
     * @param summary its loadgen_summary row, or null when it has no measured run
     * @param ratio rps_median / the baseline's (NaN: no baseline value)
     * @param errorShare failed requests / requests over its non-warm-up runs with results (NaN: none)
     * @param status null when measured, else {@link #NOT_YET_MEASURED} or {@link #NO_MEASURED_RUN}
     * @param ratioCi {lo, hi} of the ratio's percentile bootstrap interval ({@link GroupReplicates}), null when the
     *     stack's group or the baseline's is below min_n (or the ratio is n/a)
     */
    public record Cell(String stack, String endpoint, int concurrency, LoadgenSummary summary, double ratio, double errorShare,
            String status, double[] ratioCi) {
        /** A cell whose ratio has no interval. */
        public Cell(String stack, String endpoint, int concurrency, LoadgenSummary summary, double ratio, double errorShare,
                String status) {
            this(stack, endpoint, concurrency, summary, ratio, errorShare, status, null);
        }
    }
}
