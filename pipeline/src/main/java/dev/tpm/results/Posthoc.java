package dev.tpm.results;

/**
 * posthoc.csv: one pair of stacks (a before b in stack order) for one endpoint and metric.
 *
 * @param pMethod which Mann-Whitney p: {@code exact} or {@code asymptotic} (analysis.md 3)
 */
public record Posthoc(
        String device, String endpoint, String metric, String stackA, String stackB,
        int nA, int nB, double u, double pMwu, String pMethod, double t, double df, double pWelch,
        double cohensD, double hedgesG, double cliffsDelta, double pHolm, boolean significant) {}
