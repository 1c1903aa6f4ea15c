package dev.tpm.results;

/**
 * drift.csv: Spearman's rho of one group's rps on its runs' positions (analysis.md 9), for a
 * (device, stack, endpoint) of at least min_n measured phase-1 runs.
 *
 * @param n runs of the group with an rps value
 * @param rho Spearman's rho; NaN when the group's rps is constant (undefined)
 * @param p two-sided p-value of scipy.stats.spearmanr; NaN with rho
 * @param pHolm Holm-adjusted over every drift test of the device with a p-value; NaN with p
 * @param drifting p_holm &lt; alpha
 */
public record DriftTest(String device, String stack, String endpoint, int n, double rho, double p, double pHolm,
        boolean drifting) {}
