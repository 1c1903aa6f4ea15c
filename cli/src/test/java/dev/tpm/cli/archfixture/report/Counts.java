package dev.tpm.cli.archfixture.report;

import dev.tpm.cli.archfixture.ingest.Dataset;

/** Wrong edge: the report counting runs of the dataset instead of reading the results. */
public final class Counts {
    public static int runs(Dataset d) {
        return d.runs();
    }
}
