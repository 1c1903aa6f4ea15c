package dev.tpm.results;

/**
 * A stack of the device left out of the tests of one endpoint (analysis.md 3): fewer than min_n
 * measured runs. Named in the tests table's notes.
 *
 * @param measured measured phase-1 runs of the stack on that endpoint
 * @param reason e.g. {@code delete_item: 0 measured of 10 (10 error_rate)}, as weighted.csv's missing
 */
public record TestLeftOut(String device, String endpoint, String stack, int measured, String reason) {}
