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
        assertTrue(e.getMessage().endsWith("stack.json $.versions.framework: expected a non-blank string, or an object of one of the keys"
                + " builtin, command, found 3"),
                e.getMessage());
    }

    @Test
    void aCommandHintIsTheFirstLineItPrintsAndAFailingOneIsAProblem() throws IOException {
        StackSpec s = stack("c", "{\"server\": {\"command\": [\"sh\", \"-c\", \"echo; echo puma 5.6.5; echo more\"]},"
                + " \"otp\": {\"command\": [\"sh\", \"-c\", \"echo gone >&2; exit 4\"]}}", null, null);
        StackVersions v = StackVersions.of(s, null, "ruby 3.1.2p20");
        assertEquals("puma 5.6.5", v.versions().get("server"));
        assertEquals("ruby 3.1.2p20", v.versions().get("runtime"));
        assertEquals(false, v.versions().containsKey("otp"));
        assertEquals(1, v.problems().size(), v.problems().toString());
        assertTrue(v.problems().get(0).startsWith("versions.otp: stack 'c': [sh, -c, echo gone >&2; exit 4] exited with code 4: gone"),
                v.problems().toString());
        IOException empty = assertThrows(IOException.class, () -> stack("e", "{\"server\": {\"command\": []}}", null, null));
        assertTrue(empty.getMessage().endsWith("$.versions.server.command: expected a non-empty array, found an empty array"), empty.getMessage());
    }

    /**
     * The app-servers stacks of Debian's packages: no lock file, so the server's and OTP's versions
     * come from commands of the installed toolchain (ruby, puma, crystal, nim, elixir, erlang).
     */
    @ParameterizedTest
    @ValueSource(strings = {"ruby-puma", "ruby-puma-mjit", "crystal-http", "nim-http", "elixir-http"})
    void theDebianStacksRecordTheirRuntimeAndServerVersions(String id) throws IOException {
        StackRegistry registry = StackRegistry.load(Fixtures.SERVERS);
        StackSpec s = registry.get(id);
        dev.tpm.testing.ExternalTool.requireThat(registry.available(s), "stack " + id + ": toolchain " + s.toolchain() + " not here");
        StackVersions v = StackVersions.of(s, null, ToolchainVersion.of(s));
        assertEquals(List.of(), v.problems(), id);
        String runtime = v.versions().get("runtime");
        switch (id) {
            case "ruby-puma", "ruby-puma-mjit" -> {
                assertTrue(runtime.matches("ruby 3\\.\\d+\\.\\d+\\S* .*"), runtime);
                assertEquals(id.endsWith("mjit"), runtime.contains("+MJIT"), runtime);
                assertTrue(v.versions().get("server").matches("puma \\d+\\.\\d+\\.\\d+"), v.versions().toString());
                assertTrue(v.versions().get("rack").matches("rack \\d+\\.\\d+\\.\\d+"), v.versions().toString());
            }
            case "crystal-http" -> assertTrue(runtime.matches("Crystal \\d+\\.\\d+\\.\\d+ .*"), runtime);
            case "nim-http" -> assertTrue(runtime.matches("Nim Compiler Version \\d+\\.\\d+\\.\\d+ .*"), runtime);
            case "elixir-http" -> {
                assertTrue(runtime.matches("Elixir \\d+\\.\\d+\\.\\d+"), runtime);
                assertTrue(v.versions().get("otp").matches("Erlang/OTP \\d+, erts \\d+(\\.\\d+)+"), v.versions().toString());
                assertTrue(v.versions().get("server").matches("inets \\d+(\\.\\d+)+"), v.versions().toString());
            }
            default -> throw new AssertionError(id);
        }
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
