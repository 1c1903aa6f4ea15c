package dev.tpm.pipeline;

import dev.tpm.ingest.Dataset;
import dev.tpm.results.Results;
import dev.tpm.results.Verification;
import java.util.Objects;

/** What the stages of one pipeline run share. The stats stage sets the results. */
public final class PipelineContext {
    private final Dataset dataset;
    private final Verification verification;
    private final int threads;
    private Results results;

    /** @param threads worker threads for parallel work (bootstrap); results do not depend on it */
    public PipelineContext(Dataset dataset, Verification verification, int threads) {
        this.dataset = Objects.requireNonNull(dataset);
        this.verification = Objects.requireNonNull(verification);
        if (threads < 1) throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        this.threads = threads;
    }

    public Dataset dataset() {
        return dataset;
    }

    public Verification verification() {
        return verification;
    }

    public int threads() {
        return threads;
    }

    /** The analysis; an error when read before the stats stage has run. */
    public Results results() {
        if (results == null) throw new IllegalStateException("the stats stage has not run");
        return results;
    }

    public void setResults(Results results) {
        this.results = Objects.requireNonNull(results);
    }
}
