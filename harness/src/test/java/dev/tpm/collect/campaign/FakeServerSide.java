package dev.tpm.collect.campaign;

import dev.tpm.collect.FixtureItemsServer;
import dev.tpm.collect.stack.FreePort;
import dev.tpm.collect.stack.StackSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A server side for the runner's tests: each "server" is an in-process {@link FixtureItemsServer}
 * answering HTTP, plus a real {@code sleep} child process standing for its process tree (so the
 * sampler reads real /proc files). Starts listed in {@code dying} report a dead server after the
 * load; starts listed in {@code throttled} make the throttling reader report bit 2 while they run.
 */
final class FakeServerSide implements ServerSide {
    final Set<Integer> dying;
    final Set<Integer> throttled;
    final List<Integer> seededRows = new ArrayList<>();
    int starts;
    volatile int currentThrottleBits;
    /** When >= 0, the fixture server holds this many rows whatever the harness seeded (to provoke 404s). */
    volatile int rowsServed = -1;
    /** The fixture servers' {@link FixtureItemsServer#deleteServiceNanos} (0: none). */
    long deleteServiceNanos;
    /** When > 0, the start of this number throws, as a harness killed there would stop (a resume test). */
    volatile int crashAt;
    /** Called with the start's number each time the runner or its sampler asks for the tree (a test's steal writer). */
    volatile java.util.function.IntConsumer onTreePids = n -> {};
    /** Called with the start's number before its server is made (a test changes the fixture or the machine's load). */
    volatile java.util.function.IntConsumer onStart = n -> {};
    private int rows;

    FakeServerSide(Set<Integer> dying, Set<Integer> throttled) {
        this.dying = dying;
        this.throttled = throttled;
    }

    @Override
    public void resetAndSeed(Path db, int rows) {
        this.rows = rows;
        seededRows.add(rows);
    }

    @Override
    public int freePort() {
        return FreePort.find();
    }

    @Override
    public Server start(StackSpec spec, int port, Path db, List<String> commandPrefix, Path logFile) throws IOException {
        int n;
        synchronized (this) {
            n = ++starts; // under the lock: a test's steal writer sees starts change between its checks
        }
        if (n == crashAt) throw new IOException("simulated kill at start " + n);
        onStart.accept(n);
        currentThrottleBits = throttled.contains(n) ? 0x4 : 0;
        FixtureItemsServer http = new FixtureItemsServer(port, rowsServed >= 0 ? rowsServed : rows);
        http.deleteServiceNanos = deleteServiceNanos;
        Process tree = new ProcessBuilder("sleep", "600").start();
        boolean dies = dying.contains(n);
        return new Server() {
            int aliveChecks;

            @Override
            public long awaitHealthy(Duration timeout) {
                return 4_000_000L;
            }

            @Override
            public List<Long> treePids() {
                onTreePids.accept(n);
                return tree.isAlive() ? List.of(tree.pid()) : List.of();
            }

            @Override
            public boolean isAlive() {
                // the runner asks after the settle period, then after the load: a dying server
                // passes the first and fails the second
                return !(dies && ++aliveChecks > 1) && tree.isAlive();
            }

            @Override
            public void stop(Duration grace) {
                http.close();
                tree.destroyForcibly();
                try {
                    tree.waitFor(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                currentThrottleBits = 0;
            }

            @Override
            public void close() {
                stop(Duration.ZERO);
            }
        };
    }

    @Override
    public java.util.Map<String, String> environment(StackSpec spec, String bind, Path db) {
        java.util.Map<String, String> env = new java.util.LinkedHashMap<>();
        env.put("PATH", "/usr/bin:/bin");
        env.put("PORT", "<port>");
        env.put("BIND", bind);
        return env;
    }

    @Override
    public String toolchainVersion(StackSpec spec) {
        return "1.2.3";
    }

    @Override
    public Long artifactBytes(StackSpec spec) {
        return 12345L;
    }

    @Override
    public java.util.Map<String, String> versions(StackSpec spec) {
        java.util.Map<String, String> v = new java.util.LinkedHashMap<>();
        v.put("runtime", "fake 1.2.3");
        v.put("framework", "fake-framework 0.1.0");
        v.put("sqlite", "3.46.0");
        return v;
    }
}
