package dev.tpm.results;

/**
 * posthoc_summary.csv: the Holm family of one device and its resolution (analysis.md 3).
 *
 * @param holmThreshold alpha / comparisons, Holm's first and smallest threshold; NaN for an empty family
 * @param minAttainableP 2 / C(n_a + n_b, n_a) of the family's fewest-run pair; NaN for an empty family
 * @param fewestRunsA n_a of that pair (0 for an empty family)
 * @param fewestRunsB n_b of that pair (0 for an empty family)
 */
public record PosthocSummary(String device, int comparisons, int significant, int largeEffect,
        int largeAndSignificant, double holmThreshold, double minAttainableP, int fewestRunsA, int fewestRunsB) {

    /** An empty family: no comparison, no resolution. */
    public static PosthocSummary empty(String device) {
        return new PosthocSummary(device, 0, 0, 0, 0, Double.NaN, Double.NaN, 0, 0);
    }

    /** True when the fewest-run pair could reach Holm's first threshold with the samples apart. */
    public boolean fewestRunPairCanPass() {
        return minAttainableP < holmThreshold;
    }
}
