package dev.tpm.results;

/** Kendall's tau-b of the stack order, published vs one device, for a metric with two or more stacks in both. */
public record ReplicationTau(String device, String metric, int stacks, double kendallTau, double p) {}
