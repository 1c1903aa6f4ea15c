package dev.tpm.model;

/**
 * One row of reference/published.csv: a value the paper prints.
 *
 * @param note why the value is not printed as such (for example derived from a ratio), or empty
 */
public record PublishedValue(
        String source, String table, String stack, String metric, double value, String unit, String note) {}
