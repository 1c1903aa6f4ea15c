package dev.tpm.cli.archfixture.ingest;

import dev.tpm.cli.archfixture.collect.Runner;
import dev.tpm.cli.archfixture.tables.Table;

/** Wrong edges: the pipeline importing the harness, a stage (tables), and a JSON library. */
public final class Reader {
    public static String name() {
        return Runner.id() + Table.id();
    }

    /** A pipeline class parsing JSON itself. */
    public static boolean isObject(com.fasterxml.jackson.databind.JsonNode n) {
        return n.isObject();
    }
}
