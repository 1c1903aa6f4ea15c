package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** campaign.json stacks[].versions from stack.json hints, the lock file and GET /diag. */
class StackVersionsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private StackSpec stack(String id, String versions, String lockName, String lockText) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(id));
        Files.writeString(dir.resolve("stack.json"), """
                {"id": "%s", "language": "Rust", "framework": "free text", "versions": %s,
                 "toolchain": [], "run": ["bin/server"], "artifacts": ["bin/server"], "version": ["rustc", "--version"]}
                """.formatted(id, versions));
        if (lockName != null) Files.writeString(dir.resolve(lockName), lockText);
        return StackSpec.load(dir);
    }

    private static Diag diag(String json) throws IOException {
        return Diag.parse(JSON.readTree(json));
    }

    private static final String CARGO = """
            [[package]]
            name = "axum"
            version = "0.8.9"

            [[package]]
            name = "rusqlite"
            version = "0.43.0"
            """;

    @Test
    void runtimeAndSqliteComeFromDiagPackagesFromTheLockFile() throws IOException {
        StackSpec s = stack("rs", "{\"framework\": \"axum\", \"driver\": \"rusqlite\"}", "Cargo.lock", CARGO);
        StackVersions v = StackVersions.of(s, diag("""
                {"sqlite_version": "3.54.1", "runtime": "rustc 1.95.0", "framework": "axum"}"""), "rustc 1.95.0 (x)");
        assertEquals(List.of(), v.problems());
        assertEquals(Map.of("runtime", "rustc 1.95.0", "framework", "axum 0.8.9", "sqlite", "3.54.1",
                "driver", "rusqlite 0.43.0"), v.versions());
        assertEquals(List.of("runtime", "framework", "sqlite", "driver"), List.copyOf(v.versions().keySet()));
    }

    @Test
    void aBuiltinIsNamedWithoutAVersionAndTheToolchainStandsInForAMissingDiag() throws IOException {
        StackSpec s = stack("g", "{\"framework\": {\"builtin\": \"net/http\"}}", null, null);
        StackVersions v = StackVersions.of(s, null, "go version go1.26.8 linux/amd64");
        assertEquals(List.of(), v.problems());
        assertEquals(Map.of("runtime", "go version go1.26.8 linux/amd64", "framework", "net/http"), v.versions());
    }

    @Test
    void withoutHintsTheFrameworkIsWhatDiagSaysElseStackJson() throws IOException {
        StackSpec s = stack("n", "{}", null, null);
        assertEquals("fastify 5.12.8", StackVersions.of(s, diag("{\"framework\": \"fastify 5.12.8\"}"), null)
                .versions().get("framework"));
        assertEquals("free text", StackVersions.of(s, null, null).versions().get("framework"));
    }

    @Test
    void aPackageTheLockFileDoesNotListIsAProblem() throws IOException {
        StackSpec s = stack("r2", "{\"framework\": \"actix-web\"}", "Cargo.lock", CARGO);
        StackVersions v = StackVersions.of(s, null, null);
        assertEquals(List.of("versions.framework: 'actix-web' is not in " + s.dir().resolve("Cargo.lock")), v.problems());
        StackSpec none = stack("r3", "{\"driver\": \"rusqlite\"}", null, null);
        assertTrue(StackVersions.of(none, null, null).problems().get(0).startsWith("versions.driver: no lock file in "));
    }

    @Test
    void theEventLoopThatRunsMustBeTheOneStackJsonNames() throws IOException {
        StackSpec s = stack("py", "{\"event_loop\": \"uvloop\"}", "requirements.txt", "uvloop==0.23.0 \\\n");
        assertEquals(List.of(), StackVersions.of(s, diag("{\"event_loop\": \"uvloop.Loop\"}"), null).problems());
        assertEquals("uvloop 0.23.0", StackVersions.of(s, diag("{\"event_loop\": \"uvloop.Loop\"}"), null).versions().get("event_loop"));
        assertEquals(List.of("versions.event_loop: stack.json names 'uvloop', GET /diag reports 'asyncio.unix_events._UnixSelectorEventLoop' running"),
                StackVersions.of(s, diag("{\"event_loop\": \"asyncio.unix_events._UnixSelectorEventLoop\"}"), null).problems());
    }

    @Test
    void jvmFactsOfDiagAreRecorded() throws IOException {
        StackSpec s = stack("j", "{}", null, null);
        StackVersions v = StackVersions.of(s, diag("""
                {"jvm": {"gc": ["Copy", "MarkSweepCompact"], "max_heap_bytes": 259522560, "flags": ["-Xmx256m", "-XX:+UseSerialGC"]}}"""), null);
        assertEquals("Copy, MarkSweepCompact", v.versions().get("gc"));
        assertEquals("248", v.versions().get("max_heap_mib"));
        assertEquals("-Xmx256m -XX:+UseSerialGC", v.versions().get("jvm_flags"));
    }

    @Test
    void aMalformedHintIsAnErrorNamingFileAndPath() throws IOException {
        IOException e = assertThrows(IOException.class, () -> stack("bad", "{\"framework\": 3}", null, null));
        assertTrue(e.getMessage().endsWith("stack.json: $.versions.framework: expected a package name or {\"builtin\": name}, found 3"),
                e.getMessage());
    }

    /** Every reference stack's hints resolve against its own lock file (no server needed). */
    @ParameterizedTest
    @ValueSource(strings = {"go", "rust", "python", "python-1w", "node", "java", "java-jdk", "dotnet"})
    void everyReferenceStackNamesPackagesItsLockFilePins(String id) throws IOException {
        StackSpec s = StackRegistry.load(Fixtures.SERVERS).get(id);
        assertTrue(s.servesCrud(), id);
        assertTrue(s.versionHints().containsKey("framework"), id);
        StackVersions v = StackVersions.of(s, null, null);
        assertEquals(List.of(), v.problems(), id);
        assertTrue(v.versions().keySet().containsAll(s.versionHints().keySet()), v.versions().toString());
    }

    /** The seed studies' hello-world stacks name their server packages too (no SQLite, no /diag). */
    @ParameterizedTest
    @ValueSource(strings = {"flask-dev", "node-http", "go-http", "node-cluster", "python-gunicorn", "rust-hyper",
        "node-express", "node-fastify", "node-express-cluster"})
    void everySeedStackNamesPackagesItsLockFilePinsOrItsRuntimeHas(String id) throws IOException {
        StackSpec s = StackRegistry.load(Fixtures.SERVERS).get(id);
        assertTrue(!s.servesCrud(), id);
        assertTrue(!s.versionHints().isEmpty(), id);
        StackVersions v = StackVersions.of(s, null, null);
        assertEquals(List.of(), v.problems(), id);
        assertTrue(v.versions().keySet().containsAll(s.versionHints().keySet()), v.versions().toString());
    }
}
