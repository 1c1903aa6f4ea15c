package dev.tpm.collect.campaign;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code collect} in a JVM of its own, as a user starts it, for the tests that kill it: the
 * preset and campaign given, java-jdk measured without the conformance check, its output to a log.
 */
final class CollectProcess {
    private CollectProcess() {}

    static Process start(Path tmp, Path preset, String campaign, Path log) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> argv = List.of(java, "-cp", System.getProperty("java.class.path"), "dev.tpm.cli.Main", "collect",
                "--preset", preset.toString(), "--stacks", "java-jdk", "--data", tmp.resolve("data").toString(),
                "--campaign", campaign, "--work", tmp.resolve("work").toString(), "--device-id", "test",
                "--skip-conformance");
        return new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** The rows of a run file written so far (its lines less the header; 0 when there is none). */
    static int rows(Path csv) throws Exception {
        if (!Files.exists(csv)) return 0;
        return (int) Files.readString(csv, StandardCharsets.UTF_8).chars().filter(ch -> ch == '\n').count() - 1;
    }
}
