package dev.tpm.cli.archfixture.collect.importer;

/** Allowed: a parser of another tool's saved output may use a JSON library. */
public final class SavedReport {
    public static String tool(com.fasterxml.jackson.databind.JsonNode report) {
        return report.path("tool").asText();
    }
}
