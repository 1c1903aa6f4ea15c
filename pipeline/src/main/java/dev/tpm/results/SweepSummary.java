package dev.tpm.results;

/** sweep_summary.csv; {@code plateauConcurrency} is null where there is no plateau. */
public record SweepSummary(String device, String stack, double peakRps, int peakConcurrency,
        Integer plateauConcurrency) {}
