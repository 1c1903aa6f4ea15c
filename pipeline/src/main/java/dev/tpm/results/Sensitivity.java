package dev.tpm.results;

/** sensitivity.csv: Kendall's tau-b between a mix's ranking and the declared mix's. */
public record Sensitivity(String device, String mix, double kendallTau, double p) {}
