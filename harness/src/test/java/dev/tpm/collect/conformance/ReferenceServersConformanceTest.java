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
    @ValueSource(strings = {"go", "rust", "python", "python-1w", "node", "java", "java-jdk"})
    void passesEveryRowAndLeavesNoProcess(String id) throws IOException {
        StackRegistry registry = StackRegistry.load(Fixtures.SERVERS);
        StackSpec spec = registry.get(id);
        ExternalTool.requireThat(registry.available(spec), "stack " + id + ": toolchain " + spec.toolchain() + " not on PATH");
        ExternalTool.requireThat(StackBuilder.isBuilt(spec), "stack " + id + " is not built (missing "
                + StackBuilder.missingArtifacts(spec) + "): run `make servers`");

        ConformanceCheck.StackReport r = new ConformanceCheck(work).check(spec);
        assertEquals(List.of(), r.problems(), id);
        assertTrue(r.checks() >= 50, "rows run: " + r.checks());
        assertTrue(r.versions().get("sqlite").matches("3\\.\\d+\\.\\d+"), id + ": " + r.versions());
        for (String role : spec.versionHints().keySet()) {
            assertTrue(r.versions().containsKey(role), id + " has no " + role + ": " + r.versions());
        }
        assertTrue(r.versions().containsKey("runtime"), id + ": " + r.versions());
        // python runs Granian with WORKERS=4 (stack.json): the main process and its 4 workers
        int expectedAtLeast = id.equals("python") ? 5 : id.equals("python-1w") ? 2 : 1;
        assertTrue(r.pids().size() >= expectedAtLeast, id + " tree: " + r.pids());
        for (long pid : r.pids()) {
            assertFalse(ProcessHandle.of(pid).map(h -> h.isAlive() && !ConformanceCheckTest.zombie(pid)).orElse(false),
                    id + ": pid " + pid + " still running after the check");
        }
    }
}
