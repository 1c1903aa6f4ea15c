package dev.tpm.model;

import java.util.List;

/**
 * Every analysis parameter of analysis.md, as read from data/config/analysis.json.
 *
 * @param posthocTest which p-value enters the Holm family: {@code mann-whitney} or {@code welch}
 */
public record AnalysisConfig(
        int bootstrapResamples,
        double confidence,
        long rngSeed,
        double alpha,
        String posthocTest,
        double largeEffect,
        double maxErrorRate,
        double plateauGain,
        double dropThresholdMib,
        List<String> excludeCampaigns) {

    public static final String MANN_WHITNEY = "mann-whitney";
    public static final String WELCH = "welch";

    public AnalysisConfig {
        excludeCampaigns = List.copyOf(excludeCampaigns);
    }

    /** The defaults of analysis.md: what the shipped analysis.json holds. */
    public static AnalysisConfig defaults() {
        return new AnalysisConfig(10_000, 0.95, 20260929L, 0.05, MANN_WHITNEY, 0.8, 0.01, 0.10, 0.5, List.of());
    }
}
