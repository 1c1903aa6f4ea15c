package dev.tpm.results;

/** The result of checking data/SHA256SUMS; the pipeline stops before this when it fails. */
public record Verification(int filesChecked, String manifestSha256) {}
