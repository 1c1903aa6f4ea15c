package dev.tpm.cli.archfixture.ingest;

/** The fixture's dataset: what ingest read. */
public record Dataset(int runs) {}
