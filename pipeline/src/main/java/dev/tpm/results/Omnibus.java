package dev.tpm.results;

/** omnibus.csv: Kruskal-Wallis over the stacks of one (device, endpoint, metric). */
public record Omnibus(String device, String endpoint, String metric, int k, int n, double h, double df, double p,
        double epsilonSq) {}
