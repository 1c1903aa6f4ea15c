package dev.tpm.results;

/**
 * stack_pooled.csv: all measured phase-1 runs of a stack, every endpoint pooled.
 *
 * @param artifactMib the stack's artifact size from the device's own campaigns (analysis.md 1, version 6)
 * @param idleRssMibCoverage version 6: the probability that idle RSS's CI holds the median (analysis.md 2); NaN without a CI
 * @param startupMsCoverage version 6: the same for startup's CI
 */
public record StackPooled(String device, String stack, int n, Estimate idleRssMib, Estimate startupMs,
        double artifactMib, double idleRssMibCoverage, double startupMsCoverage) {

    /** A row without its CIs' coverage (as before version 6). */
    public StackPooled(String device, String stack, int n, Estimate idleRssMib, Estimate startupMs, double artifactMib) {
        this(device, stack, n, idleRssMib, startupMs, artifactMib, Double.NaN, Double.NaN);
    }
}
