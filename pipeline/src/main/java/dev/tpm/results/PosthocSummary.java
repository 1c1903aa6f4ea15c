package dev.tpm.results;

/** posthoc_summary.csv: the Holm family of one device. */
public record PosthocSummary(String device, int comparisons, int significant, int largeEffect,
        int largeAndSignificant) {}
