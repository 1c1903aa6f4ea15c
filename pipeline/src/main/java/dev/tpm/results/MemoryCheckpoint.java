package dev.tpm.results;

/**
 * memory_checkpoints.csv: per (device, stack, t), the median RSS at t over the series that last
 * at least t s, the RSS of a series at t being that of its last sample at or before t
 * (analysis.md 6), both read to within half the series' sampling interval (MemoryTrend.at). Series of every study count: this is the node-pi study's
 * "start / after 1 min / after 5 min".
 * Series of all campaigns of the device with that stack pool, whatever their study.
 *
 * @param series how many series reach t
 */
public record MemoryCheckpoint(String device, String stack, double tS, int series, double mib) {}
