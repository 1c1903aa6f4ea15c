package dev.tpm.collect.campaign;

import dev.tpm.collect.stack.StackSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What the campaign runner needs from the servers side (dev.tpm.collect.stack): the database, a
 * port, a running server and the facts of a stack for campaign.json. {@code StackServerSide} is
 * the real one; tests may put an in-process server behind it.
 */
public interface ServerSide {
    /**
     * Deletes the database and its -wal/-shm and puts in its place a database of the schema and
     * ids 1..rows (the real side copies the campaign's seeded file, built once per size).
     */
    void resetAndSeed(Path db, int rows) throws IOException;

    /**
     * Builds the seeded database of {@code rows} rows that {@link #resetAndSeed} copies to {@code
     * db}, unless built already: called before the first run, so that no run pays for a build.
     */
    default void buildSeeded(Path db, int rows) throws IOException {}

    int freePort() throws IOException;

    /** Spawns the stack's server (with {@code commandPrefix}, e.g. taskset, before its argv). */
    Server start(StackSpec spec, int port, Path db, List<String> commandPrefix, Path logFile) throws IOException;

    /** As {@link #start(StackSpec, int, Path, List, Path)}, the server bound to {@code bind}. */
    default Server start(StackSpec spec, String bind, int port, Path db, List<String> commandPrefix, Path logFile)
            throws IOException {
        return start(spec, port, db, commandPrefix, logFile);
    }

    /** The whole environment a server of {@code spec} starts with (PORT as {@code <port>}), for campaign.json. */
    default java.util.Map<String, String> environment(StackSpec spec, String bind, Path db) {
        return java.util.Map.of();
    }

    /**
     * Whether {@link #start} runs {@code commandPrefix} before the server's argv, so that a
     * wrapper there (the run's cgroup, dev.tpm.collect.cgroup) holds the server's whole tree; an
     * in-process test server does not, and its runs get no cgroup.
     */
    default boolean runsCommandPrefix() {
        return false;
    }

    /** The toolchain version text ("1.95.0"), or null when it cannot be read. */
    String toolchainVersion(StackSpec spec);

    /** Bytes of the stack's deployment artifact, or null when not built. */
    Long artifactBytes(StackSpec spec);

    /**
     * Bytes on disk of what the stack's run command needs beyond its artifact (version 4's
     * runtime_bytes), or null: a self-contained binary, or where it cannot be told.
     */
    default Long runtimeBytes(StackSpec spec) {
        return null;
    }

    /**
     * What the stack runs on, for campaign.json {@code stacks[].versions} (runtime, framework,
     * SQLite, driver, ...), or null when not known.
     */
    default Map<String, String> versions(StackSpec spec) {
        return null;
    }

    /** A running server. */
    interface Server extends AutoCloseable {
        /** Nanoseconds from spawn to the first 200 on GET /health; an exception names why not. */
        long awaitHealthy(Duration timeout) throws IOException;

        /** Pids of the root and its live descendant processes, root first. */
        List<Long> treePids();

        boolean isAlive();

        /** SIGTERM, then SIGKILL of the whole tree after {@code grace}; throws if anything is left. */
        void stop(Duration grace);

        @Override
        void close();
    }
}
