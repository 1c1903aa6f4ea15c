package dev.tpm.model;

/**
 * One row of reference/published.csv: a value the paper prints.
 *
 * @param note why the value is not printed as such (for example derived from a ratio), or empty
 * @param category which setup factors the value depends on (data.md version 4, one of {@link
 *     #CATEGORIES}), or empty
 */
public record PublishedValue(
        String source, String table, String stack, String metric, double value, String unit, String note,
        String category) {

    /** published.csv's categories (data.md version 4; analysis.md section 7's table). */
    public static final java.util.List<String> CATEGORIES = java.util.List.of("throughput", "latency", "efficiency", "memory",
            "startup", "size", "energy", "tests", "delete");

    /** A row without version 4's category. */
    public PublishedValue(String source, String table, String stack, String metric, double value, String unit, String note) {
        this(source, table, stack, metric, value, unit, note, "");
    }
}
