package dev.tpm.collect.campaign;

import dev.tpm.collect.stack.ArtifactSize;
import dev.tpm.collect.stack.Diag;
import dev.tpm.collect.stack.FreePort;
import dev.tpm.collect.stack.ItemsDatabase;
import dev.tpm.collect.stack.SeededDatabases;
import dev.tpm.collect.stack.ServerProcess;
import dev.tpm.collect.stack.StackBuilder;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.collect.stack.StackVersions;
import dev.tpm.collect.stack.ToolchainVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@link ServerSide} over dev.tpm.collect.stack: real databases and real server processes. */
public final class StackServerSide implements ServerSide {
    static final Duration VERSIONS_STARTUP_TIMEOUT = Duration.ofSeconds(60);
    private static final Pattern VERSION = Pattern.compile("(\\d+\\.\\d+(?:\\.\\d+)?)");

    /**
     * Copies the campaign's seeded database of {@code rows} rows over {@code db} (its stale -wal
     * and -shm deleted first): the seeded files are built once, in {@code seeded/} beside {@code
     * db}, the campaign's work folder ({@link SeededDatabases}).
     */
    @Override
    public void resetAndSeed(Path db, int rows) throws IOException {
        SeededDatabases.beside(db).copyTo(rows, db);
    }

    @Override
    public void buildSeeded(Path db, int rows) throws IOException {
        SeededDatabases.beside(db).seeded(rows);
    }

    @Override
    public int freePort() {
        return FreePort.find();
    }

    @Override
    public Server start(StackSpec spec, int port, Path db, List<String> commandPrefix, Path logFile) throws IOException {
        return start(spec, "127.0.0.1", port, db, commandPrefix, logFile);
    }

    @Override
    public boolean runsCommandPrefix() {
        return true;
    }

    @Override
    public Map<String, String> environment(StackSpec spec, String bind, Path db) {
        Map<String, String> env = new java.util.LinkedHashMap<>(ServerProcess.environment(spec, bind, 0, db, Map.of()));
        env.put("PORT", "<port>");
        return env;
    }

    @Override
    public Server start(StackSpec spec, String bind, int port, Path db, List<String> commandPrefix, Path logFile)
            throws IOException {
        ServerProcess p = ServerProcess.start(spec, bind, port, db, Map.of(), commandPrefix, logFile);
        return new Server() {
            @Override
            public long awaitHealthy(Duration timeout) throws IOException {
                return p.awaitHealthy(timeout);
            }

            @Override
            public List<Long> treePids() {
                return p.tree().stream().map(ProcessHandle::pid).toList();
            }

            @Override
            public boolean isAlive() {
                return p.isAlive();
            }

            @Override
            public void stop(Duration grace) {
                p.stop(grace);
            }

            @Override
            public void close() {
                p.close();
            }
        };
    }

    /** The version number in the toolchain's version line ("go version go1.22.2 linux/amd64" gives 1.22.2). */
    @Override
    public String toolchainVersion(StackSpec spec) {
        try {
            return versionNumber(ToolchainVersion.of(spec));
        } catch (IOException e) {
            return null;
        }
    }

    static String versionNumber(String line) {
        Matcher m = VERSION.matcher(line);
        return m.find() ? m.group(1) : line;
    }

    /**
     * Starts the server on a fresh database, reads GET /diag (stacks that serve SQLite), stops it,
     * and joins that with the lock file's versions ({@link StackVersions}); without a server
     * answer, the lock file and the toolchain's version line alone.
     */
    @Override
    public Map<String, String> versions(StackSpec spec) {
        String toolchain = null;
        try {
            toolchain = ToolchainVersion.of(spec);
        } catch (IOException e) {
            // left out of the versions
        }
        Diag diag = null;
        if (spec.servesCrud()) {
            Path dir = null;
            try {
                dir = Files.createTempDirectory("tpm-versions-");
                Path db = dir.resolve("items.db");
                ItemsDatabase.reset(db);
                try (ServerProcess p = ServerProcess.start(spec, FreePort.find(), db, Map.of(), List.of(), dir.resolve("server.log"))) {
                    p.awaitHealthy(VERSIONS_STARTUP_TIMEOUT);
                    diag = Diag.fetch(p.port());
                }
            } catch (IOException | RuntimeException e) {
                // the conformance check reports a server without /diag; here the versions are partial
            } finally {
                deleteQuietly(dir);
            }
        }
        return StackVersions.of(spec, diag, toolchain).versions();
    }

    private static void deleteQuietly(Path dir) {
        if (dir == null) return;
        try (var s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            // a temporary folder left behind
        }
    }

    @Override
    public Long runtimeBytes(StackSpec spec) {
        try {
            return StackBuilder.isBuilt(spec) ? dev.tpm.collect.stack.RuntimeSize.bytes(spec) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    @Override
    public Long artifactBytes(StackSpec spec) {
        try {
            return StackBuilder.isBuilt(spec) ? ArtifactSize.bytes(spec) : null;
        } catch (IOException e) {
            return null;
        }
    }
}
