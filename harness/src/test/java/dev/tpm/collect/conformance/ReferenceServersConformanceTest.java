package dev.tpm.collect.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.stack.Fixtures;
import dev.tpm.collect.stack.StackBuilder;
import dev.tpm.collect.stack.StackRegistry;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import dev.tpm.collect.stack.FreePort;
import dev.tpm.collect.stack.ServerProcess;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each reference server (built by `make servers`, which `make test` runs first) passes every row
 * of the API table and the SQLite policy on GET /diag, reports its versions, and leaves no
 * process behind.
 */
class ReferenceServersConformanceTest {
    @TempDir
    Path work;

    @ParameterizedTest
    @ValueSource(strings = {"go", "rust", "python", "python-1w", "node", "java", "java-jdk", "flask-dev", "node-http",
        "go-http", "node-cluster", "python-gunicorn", "rust-hyper", "node-express", "node-fastify", "node-express-cluster",
        "flask-gunicorn", "go-gin", "go-fasthttp", "rust-actix", "rust-axum-hello",
        "ruby-puma", "ruby-puma-mjit", "crystal-http", "nim-http", "elixir-http"})
    void passesEveryRowAndLeavesNoProcess(String id) throws IOException {
        StackRegistry registry = StackRegistry.load(Fixtures.SERVERS);
        StackSpec spec = registry.get(id);
        ExternalTool.requireThat(registry.available(spec), "stack " + id + ": toolchain " + spec.toolchain() + " not on PATH");
        ExternalTool.requireThat(StackBuilder.isBuilt(spec), "stack " + id + " is not built (missing "
                + StackBuilder.missingArtifacts(spec) + "): run `make servers`");

        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(spec);
        assertEquals(List.of(), r.problems(), id);
        // the CRUD stacks: every row of the API table; the seed stacks: /health and what they declare
        int rows = spec.servesCrud() ? 50 : 1 + spec.endpoints().size();
        assertTrue(r.checks() >= rows, "rows run: " + r.checks());
        if (spec.servesCrud()) {
            assertTrue(r.versions().get("sqlite").matches("3\\.\\d+\\.\\d+"), id + ": " + r.versions());
        }
        for (String role : spec.versionHints().keySet()) {
            assertTrue(r.versions().containsKey(role), id + " has no " + role + ": " + r.versions());
        }
        assertTrue(r.versions().containsKey("runtime"), id + ": " + r.versions());
        // python runs Granian with WORKERS=4 (stack.json): the main process and its 4 workers;
        // the pre-forking seed stacks answer from a worker, so their tree has at least two (the
        // test below waits for all of them)
        int expectedAtLeast = switch (id) {
            case "python" -> 5;
            case "python-1w", "python-gunicorn", "node-cluster", "node-express-cluster", "flask-gunicorn", "ruby-puma",
                    "ruby-puma-mjit" -> 2;
            default -> 1;
        };
        assertTrue(r.pids().size() >= expectedAtLeast, id + " tree: " + r.pids());
        for (long pid : r.pids()) {
            assertFalse(ProcessHandle.of(pid).map(h -> h.isAlive() && !ConformanceCheckTest.zombie(pid)).orElse(false),
                    id + ": pid " + pid + " still running after the check");
        }
    }

    /**
     * The pre-forking seed stacks (servers.md: "multi-worker servers count all workers"): every
     * worker is a descendant of the process the harness starts, so the tree sampler sees it. The
     * workers are the processes that run the root's executable; other descendants are allowed
     * (Ruby's MJIT compiles with cc in child processes, which the sampler counts as well).
     */
    @ParameterizedTest
    @ValueSource(strings = {"python-gunicorn", "node-cluster", "node-express-cluster", "flask-gunicorn", "ruby-puma",
        "ruby-puma-mjit"})
    void everyWorkerIsInTheServersProcessTree(String id) throws Exception {
        StackRegistry registry = StackRegistry.load(Fixtures.SERVERS);
        StackSpec spec = registry.get(id);
        ExternalTool.requireThat(registry.available(spec) && StackBuilder.isBuilt(spec), "stack " + id + " is not built");
        int expected = 1 + spec.workers();
        ServerProcess server = ServerProcess.start(spec, FreePort.find(), work.resolve(id + ".db"), Map.of(), List.of(),
                work.resolve(id + ".log"));
        List<Long> pids = List.of();
        List<Long> workers = List.of();
        try {
            server.awaitHealthy(Duration.ofSeconds(60));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            do {
                pids = server.tree().stream().map(ProcessHandle::pid).toList();
                workers = sameExecutableAsTheRoot(pids);
                if (workers.size() >= expected) break;
                Thread.sleep(100);
            } while (System.nanoTime() < deadline);
        } finally {
            server.stop(Duration.ofSeconds(10));
            server.close();
        }
        assertEquals(expected, workers.size(), id + ": a root and " + spec.workers() + " workers running its executable, found "
                + workers + " of the tree " + pids);
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(h -> h.isAlive() && !ConformanceCheckTest.zombie(pid)).orElse(false),
                    id + ": pid " + pid + " still running after the stop");
        }
    }

    /** The processes of {@code tree} (root first) that run the root's executable. */
    private static List<Long> sameExecutableAsTheRoot(List<Long> tree) {
        if (tree.isEmpty()) return tree;
        String root = command(tree.get(0));
        return tree.stream().filter(pid -> command(pid).equals(root)).toList();
    }

    /** The executable a process runs, "" when it has ended or cannot be read. */
    private static String command(long pid) {
        return ProcessHandle.of(pid).flatMap(h -> h.info().command()).orElse("");
    }
}
