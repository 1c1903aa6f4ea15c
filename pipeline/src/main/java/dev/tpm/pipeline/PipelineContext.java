package dev.tpm.pipeline;

import dev.tpm.ingest.Dataset;
import dev.tpm.results.Results;
import dev.tpm.results.Verification;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the stages of one pipeline run share. The stats stage sets the results; a later stage hands
 * on what it built, typed (the tables stage its table models, the figures stage its figures), so
 * that the report shows them without building or parsing them again.
 */
public final class PipelineContext {
    private final Dataset dataset;
    private final Verification verification;
    private final int threads;
    private Results results;
    private final Map<Class<?>, Object> handedOn = new HashMap<>();

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

    /** Hands {@code value} on to later stages, one value per type. */
    public synchronized <T> void handOn(Class<T> type, T value) {
        if (handedOn.putIfAbsent(type, Objects.requireNonNull(value)) != null) {
            throw new IllegalStateException(type.getSimpleName() + " handed on twice");
        }
    }

    /** What an earlier stage handed on as {@code type}, or empty when no stage did. */
    public synchronized <T> Optional<T> handedOn(Class<T> type) {
        return Optional.ofNullable(type.cast(handedOn.get(type)));
    }
}
