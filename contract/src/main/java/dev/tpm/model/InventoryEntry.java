package dev.tpm.model;

/**
 * inventory.csv: one input file.
 *
 * @param path relative to data/
 * @param rows data rows of a CSV file (header excluded), null for other files
 */
public record InventoryEntry(String path, String sha256, long bytes, Long rows) {}
