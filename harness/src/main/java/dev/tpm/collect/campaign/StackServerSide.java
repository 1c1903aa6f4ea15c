package dev.tpm.collect.campaign;

import dev.tpm.collect.stack.ArtifactSize;
import dev.tpm.collect.stack.FreePort;
import dev.tpm.collect.stack.ItemsDatabase;
import dev.tpm.collect.stack.ServerProcess;
import dev.tpm.collect.stack.StackBuilder;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.collect.stack.ToolchainVersion;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@link ServerSide} over dev.tpm.collect.stack: real databases and real server processes. */
public final class StackServerSide implements ServerSide {
    private static final Pattern VERSION = Pattern.compile("(\\d+\\.\\d+(?:\\.\\d+)?)");

    @Override
    public void resetAndSeed(Path db, int rows) throws IOException {
        ItemsDatabase.reset(db);
        ItemsDatabase.seed(db, rows);
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

    @Override
    public Long artifactBytes(StackSpec spec) {
        try {
            return StackBuilder.isBuilt(spec) ? ArtifactSize.bytes(spec) : null;
        } catch (IOException e) {
            return null;
        }
    }
}
