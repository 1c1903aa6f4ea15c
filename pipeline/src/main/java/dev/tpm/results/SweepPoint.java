package dev.tpm.results;

/** sweep.csv: one (device, stack, concurrency) of phase 2. */
public record SweepPoint(String device, String stack, int concurrency, int n, Estimate rps, Estimate p99Ms,
        double peakRssMib) {}
