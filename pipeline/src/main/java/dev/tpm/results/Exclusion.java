package dev.tpm.results;

/**
 * exclusions.csv: a run left out of the analysis, warm-ups aside.
 *
 * @param reason {@code failed}, {@code discarded}, {@code error_rate}, {@code throttled} or (version 5) {@code steal}
 */
public record Exclusion(String device, String campaign, int phase, long seq, String stack, String endpoint,
        String reason) {}
