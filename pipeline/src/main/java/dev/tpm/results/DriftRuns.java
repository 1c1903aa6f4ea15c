package dev.tpm.results;

/**
 * The runs behind one group's drift, for the drift figure: each measured phase-1 run of one
 * (device, stack, endpoint) with an rps value, by position.
 *
 * @param positions 1-based positions among the device's measured phase-1 runs ordered by (campaign
 *     id, seq), ascending
 * @param rps the runs' rps, in the same order
 * @param median the group's median rps (type 7)
 */
public record DriftRuns(String device, String stack, String endpoint, int[] positions, double[] rps, double median) {}
