package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerProcessTest {
    @TempDir
    Path tmp;

    @BeforeEach
    void python() {
        ExternalTool.require("python3");
    }

    @Test
    void startsWithTheHarnessEnvironmentAndStopsTheWholeTree() throws IOException {
        StackSpec spec = Fixtures.stack("fixture-good");
        Path db = tmp.resolve("items.db");
        ItemsDatabase.reset(db);
        List<ProcessHandle> tree;
        long before = System.nanoTime();
        try (ServerProcess server = ServerProcess.start(spec, FreePort.find(), db, Map.of("CHILDREN", "3"), List.of(),
                tmp.resolve("server.log"))) {
            assertTrue(server.spawnNanos() >= before);
            long startup = server.awaitHealthy(Duration.ofSeconds(30));
            assertTrue(startup > 0 && startup < Duration.ofSeconds(30).toNanos(), "startup " + startup);
            assertTrue(server.isAlive());
            tree = server.tree();
            assertEquals(server.root(), tree.get(0));
            assertEquals(4, tree.size(), "root and the 3 children of CHILDREN=3 (extraEnv overrides the stack's 2): " + tree);
            server.stop(Duration.ofSeconds(5));
            assertFalse(server.isAlive());
        }
        for (ProcessHandle h : tree) assertFalse(ServerProcess.running(h), "pid " + h.pid() + " left running");
    }

    /**
     * The server's initial environment, read back from /proc/&lt;pid&gt;/environ, holds only PATH,
     * HOME, LANG, the stack's env and the harness's variables; taskset pins it to the CPUs given.
     */
    @Test
    void startsWithACleanEnvironmentOnTheCpusGiven() throws Exception {
        ExternalTool.require("taskset");
        // sleep, a binary: its environ is exactly what it was started with (a shim such as pyenv's
        // python3 would add variables of its own before exec)
        StackSpec spec = StackSpec.builder("envcheck", Files.createDirectories(tmp.resolve("envcheck")), List.of("sleep", "30"))
                .language("C").framework("sleep").env(Map.of("GOGC", "100")).create();
        Path db = tmp.resolve("items.db");
        int port = FreePort.find();
        try (ServerProcess server = ServerProcess.start(spec, "127.0.0.1", port, db, Map.of(), List.of("taskset", "-c", "0"),
                tmp.resolve("server.log"))) {
            Thread.sleep(300); // taskset has exec'd sleep
            Path proc = Path.of("/proc", Long.toString(server.root().pid()));
            Map<String, String> env = new java.util.TreeMap<>();
            for (String kv : Files.readString(proc.resolve("environ")).split("\u0000")) {
                if (kv.isEmpty()) continue;
                int eq = kv.indexOf('=');
                env.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
            Map<String, String> expected = new java.util.TreeMap<>(ServerProcess.environment(spec, "127.0.0.1", port, db, Map.of()));
            assertEquals(expected, env, "nothing of the harness's environment leaks in");
            assertTrue(env.keySet().containsAll(List.of("PATH", "LANG", "PORT", "BIND", "DB_PATH", "WORKERS", "GOGC")), env.toString());
            assertTrue(System.getenv().keySet().stream().anyMatch(k -> !env.containsKey(k)), "the harness has variables the server lacks");
            String allowed = Files.readAllLines(proc.resolve("status")).stream().filter(l -> l.startsWith("Cpus_allowed_list:"))
                    .findFirst().orElseThrow();
            assertEquals("0", allowed.substring(allowed.indexOf(':') + 1).trim(), "pinned by taskset");
        }
    }

    @Test
    void aServerThatIgnoresSigtermIsKilledWithItsChild() throws IOException {
        StackSpec spec = Fixtures.stack("ignores-sigterm");
        ServerProcess server = ServerProcess.start(spec, FreePort.find(), tmp.resolve("x.db"), Map.of(), List.of(),
                tmp.resolve("server.log"));
        server.awaitHealthy(Duration.ofSeconds(30));
        List<ProcessHandle> tree = server.tree();
        assertEquals(2, tree.size(), "server and its child: " + tree);
        Duration grace = Duration.ofMillis(500);
        long t0 = System.nanoTime();
        server.stop(grace);
        long took = System.nanoTime() - t0;
        assertTrue(took >= grace.toNanos(), "SIGTERM was ignored, so stop waited the grace period: " + took);
        for (ProcessHandle h : tree) assertFalse(ServerProcess.running(h), "pid " + h.pid() + " survived SIGKILL");
    }

    @Test
    void aServerThatExitsBeforeItServesIsReportedWithItsLog() throws IOException {
        StackSpec spec = Fixtures.stack("exits-early");
        Path log = tmp.resolve("server.log");
        try (ServerProcess server = ServerProcess.start(spec, FreePort.find(), tmp.resolve("x.db"), Map.of(), List.of(), log)) {
            IOException e = assertThrows(IOException.class, () -> server.awaitHealthy(Duration.ofSeconds(30)));
            assertTrue(e.getMessage().contains("exited with code 3"), e.getMessage());
            assertTrue(e.getMessage().contains("cannot open the database"), e.getMessage());
        }
    }

    @Test
    void aServerThatNeverAnswersTimesOut() throws IOException {
        StackSpec sleeper = StackSpec.builder("sleeper", tmp, List.of("python3", "-c", "import time; time.sleep(600)"))
                .toolchain(List.of("python3")).create();
        try (ServerProcess server = ServerProcess.start(sleeper, FreePort.find(), tmp.resolve("x.db"), Map.of(), List.of(),
                tmp.resolve("server.log"))) {
            IOException e = assertThrows(IOException.class, () -> server.awaitHealthy(Duration.ofMillis(300)));
            assertTrue(e.getMessage().contains("did not answer 200"), e.getMessage());
            assertTrue(server.isAlive());
        }
    }

    @Test
    void theCommandPrefixRunsInFrontOfTheServer() throws IOException {
        ExternalTool.require("env");
        StackSpec spec = Fixtures.stack("fixture-good");
        try (ServerProcess server = ServerProcess.start(spec, FreePort.find(), tmp.resolve("x.db"), Map.of("CHILDREN", "0"),
                List.of("env", "PREFIXED=1"), tmp.resolve("server.log"))) {
            server.awaitHealthy(Duration.ofSeconds(30));
            // env execs the server: the root process is the server itself, with the prefix's variable
            String cmd = server.root().info().commandLine().orElse("");
            assertTrue(cmd.contains("server.py"), cmd);
            assertTrue(Files.readString(Path.of("/proc", Long.toString(server.root().pid()), "environ"))
                    .contains("PREFIXED=1"));
        }
    }
}
