package dev.tpm.results;

/** How the rows of one (device, stack, phase) were used: the exclusions table's counts. */
public record RunCount(String device, String stack, int phase, int rows, int warmup, int measured, int failed,
        int discarded, int errorRate, int throttled) {}
