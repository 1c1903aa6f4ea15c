package dev.tpm.results;

/**
 * The measured values behind one group (box plots, the energy table's mean power): phase-1 runs
 * of one (device, stack, endpoint), one metric, in seq order.
 */
public record GroupSample(String device, String stack, String endpoint, String metric, double[] values) {}
