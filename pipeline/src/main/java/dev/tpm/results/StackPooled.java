package dev.tpm.results;

/** stack_pooled.csv: all measured phase-1 runs of a stack, every endpoint pooled. */
public record StackPooled(String device, String stack, int n, Estimate idleRssMib, Estimate startupMs,
        double artifactMib) {}
