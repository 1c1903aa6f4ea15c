package dev.tpm.results;

import java.util.List;

/**
 * sweep.csv: one (device, stack, concurrency) of phase 2.
 *
 * @param endpoints the endpoints of the measured runs pooled into this point, in code-point order
 *     (the protocol sweeps one endpoint; not a column of sweep.csv)
 */
public record SweepPoint(String device, String stack, int concurrency, int n, Estimate rps, Estimate p99Ms,
        double peakRssMib, List<String> endpoints) {
    public SweepPoint {
        endpoints = List.copyOf(endpoints);
    }
}
