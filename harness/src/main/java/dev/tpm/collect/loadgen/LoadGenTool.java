package dev.tpm.collect.loadgen;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * One load generator as the harness knows it (servers.md "Load generators"), in the manner of
 * BenchExec's tool-info modules: how to check it is installed, its version, its command line for
 * one run (on this machine or, through {@link LoadGenHost}, on another), and how to read its output
 * into the one result type, {@link LoadResult}. Each tool is one implementation, registered by its
 * id in {@link LoadGenerators}; adding a tool is adding a module there and its install line
 * ({@code make loadgen}, {@code .ci/run}).
 */
public interface LoadGenTool {
    /** campaign.json's {@code load_generator.tool}, the preset's {@code load_generator}. */
    String id();

    /** The extension of the kept output {@code loadgen/<seq>.<ext>}. */
    String fileExtension();

    /** Seconds past the duration before a run that does not exit is killed. */
    long exitGraceSeconds();

    /** True when the tool offers a fixed request rate (open loop) rather than keeping its connections busy. */
    default boolean openLoop() {
        return false;
    }

    /** Why this tool cannot load {@code endpoint}, or null when it can (checked when a preset loads). */
    default String cannotLoad(String endpoint) {
        return null;
    }

    /**
     * The collect option that names the tool's install folder on a remote load-generator host
     * ({@code --autocannon}, {@code --oha}), or null when the tool needs none there (wrk: the
     * system's, its scripts copied by the harness).
     */
    default String installFolderOption() {
        return null;
    }

    /** How that folder was filled, for the error that asks for it ("`npm ci` installed ..."). */
    default String installedBy() {
        return "the tool was installed";
    }

    /** campaign.json's {@code load_generator.version} and the line it was read from. */
    LoadGenerator.Version version(LoadGenSetup s) throws IOException, InterruptedException;

    /** Throws, saying how to fix it, unless the tool can run every endpoint of {@code endpoints}. */
    void checkReady(LoadGenSetup s, List<String> endpoints) throws IOException, InterruptedException;

    /** Runs one load; its output goes to {@code workDir/loadgen-output.<ext>}. */
    LoadGenerator.Outcome run(LoadGenSetup s, LoadGenerator.Request r, Path workDir, Consumer<ProcessHandle> started)
            throws IOException, InterruptedException;

    /** The result in {@code output} (the kept file's text); an error names {@code where} and what is wrong. */
    LoadResult parse(String output, String where) throws IOException;

    /**
     * delete_item's DELETEs of ids that had no row, as the tool reported them, or -1 where it does
     * not report them (only the harness's wrk scripts do).
     */
    default long missingIds(String output) {
        return -1;
    }
}
