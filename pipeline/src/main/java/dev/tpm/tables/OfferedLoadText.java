package dev.tpm.tables;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.results.Results;

/** The notes the offered_load and capacity tables share (analysis.md 10), worded once. */
final class OfferedLoadText {
    private OfferedLoadText() {}

    /** The target and the kept-up rule, with the configured values. */
    static String targetNote(Results r) {
        AnalysisConfig c = TableText.config(r);
        return "Target: median p99 <= latency_slo_ms = " + Rounding.plain(c.latencySloMs()) + " ms. Kept up: median"
                + " achieved rps >= kept_up_ratio = " + Rounding.plain(c.keptUpRatio()) + " x the offered rate. A rate"
                + " meets the target when it kept up and its median p99 is within the target.";
    }

    /** Open loop against phase 1's closed loop. */
    static final String LOOP_NOTE = "Phase 4 is an open loop: the load generator sends a fixed request rate whatever"
            + " the server answers, and measures each latency from the request's scheduled start (coordinated omission"
            + " corrected), so a slow response counts for every request queued behind it. Phase 1 is a closed loop"
            + " (a fixed number of connections as fast as the server answers) whose latencies are those of a saturated"
            + " server; the two are never pooled.";
}
