package dev.tpm.results;

/**
 * replication.csv: a published value beside one device's measurement; ratio = measured / published.
 *
 * @param comparable whether the device's setup equals the source's on every factor of the row's
 *     category (analysis.md 7, version 4)
 * @param differs the factors that differ, {@code factor: device value vs source value} joined by
 *     "; "; empty when comparable
 */
public record Replication(String device, String table, String stack, String metric, double published,
        double measured, double ratio, boolean comparable, String differs) {

    /** A row compared as before version 4: comparable. */
    public Replication(String device, String table, String stack, String metric, double published, double measured,
            double ratio) {
        this(device, table, stack, metric, published, measured, ratio, true, "");
    }
}
