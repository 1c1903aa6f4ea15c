package dev.tpm.results;

/** replication.csv: a published value beside one device's measurement; ratio = measured / published. */
public record Replication(String device, String table, String stack, String metric, double published,
        double measured, double ratio) {}
