package dev.tpm.results;

/**
 * memory_checkpoints.csv: per (device, stack, t), the median RSS at t over the series that reach
 * t, with h = half the series' interval_ms: a series reaches t when its last sample is at
 * t_ms &gt;= t * 1000 - h, and its reading is the RSS of its last sample with t_ms &lt;= t * 1000 + h
 * (analysis.md 6, version 3; MemoryTrend.at). Series of every study count: this is the node-pi study's
 * "start / after 1 min / after 5 min".
 * Series of all campaigns of the device with that stack pool, whatever their study.
 *
 * @param series how many series reach t
 */
public record MemoryCheckpoint(String device, String stack, double tS, int series, double mib) {}
