package dev.tpm.cli.archfixture.ingest;

import dev.tpm.cli.archfixture.collect.Runner;
import dev.tpm.cli.archfixture.tables.Table;

/** Wrong edges: the pipeline importing the harness, and a stage (tables). */
public final class Reader {
    public static String name() {
        return Runner.id() + Table.id();
    }
}
