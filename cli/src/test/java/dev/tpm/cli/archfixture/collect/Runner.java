package dev.tpm.cli.archfixture.collect;

import dev.tpm.cli.archfixture.ingest.Reader;

/** Wrong edge: the harness importing the pipeline. */
public final class Runner {
    public static String id() {
        return "runner";
    }

    public static String reader() {
        return Reader.name();
    }
}
