package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackRegistryTest {
    @Test
    void loadsEveryReferenceStackSortedById() throws IOException {
        StackRegistry r = StackRegistry.load(Fixtures.SERVERS);
        assertEquals(List.of("dotnet", "go", "java", "java-jdk", "node", "python", "python-1w", "rust"),
                r.all().stream().map(StackSpec::id).toList());
        assertEquals("go", r.get("go").id());
        assertTrue(r.find("cobol").isEmpty());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.get("cobol"));
        assertTrue(e.getMessage().contains("dotnet, go, java"), e.getMessage());
    }

    @Test
    void referenceStacksDescribeABuildARunAndAnArtifact() throws IOException {
        for (StackSpec s : StackRegistry.load(Fixtures.SERVERS).all()) {
            assertFalse(s.toolchain().isEmpty(), s.id());
            assertFalse(s.run().isEmpty(), s.id());
            assertFalse(s.artifacts().isEmpty(), s.id());
            assertFalse(s.version().isEmpty(), s.id());
            assertTrue(s.workers() >= 1, s.id());
        }
        assertEquals(4, StackRegistry.load(Fixtures.SERVERS).get("python").workers());
        assertEquals(1, StackRegistry.load(Fixtures.SERVERS).get("python-1w").workers());
    }

    @Test
    void dotnetIsUnavailableWithAReasonWhenItsToolchainIsNotOnPath(@TempDir Path bin) throws IOException {
        // a PATH holding fake go and python3 but no dotnet
        for (String tool : List.of("go", "python3")) executable(bin.resolve(tool));
        StackRegistry r = StackRegistry.load(Fixtures.SERVERS, bin.toString());
        StackSpec dotnet = r.get("dotnet");
        assertFalse(r.available(dotnet));
        StackRegistry.Unavailable u = r.unavailable().stream().filter(x -> x.spec().id().equals("dotnet"))
                .findFirst().orElseThrow();
        assertEquals("toolchain not on PATH: dotnet", u.reason());
        assertEquals(List.of("go", "python-1w"), r.available().stream().map(StackSpec::id).filter(id -> !id.equals("python")).toList());
        assertTrue(r.available(r.get("python")));
        StackRegistry.Unavailable java = r.unavailable().stream().filter(x -> x.spec().id().equals("java"))
                .findFirst().orElseThrow();
        assertEquals("toolchain not on PATH: java, mvn", java.reason());
    }

    @Test
    void aToolchainOnPathMakesTheStackAvailable(@TempDir Path bin) throws IOException {
        executable(bin.resolve("dotnet"));
        StackRegistry r = StackRegistry.load(Fixtures.SERVERS, "/nonexistent:" + bin);
        assertTrue(r.available(r.get("dotnet")));
        assertFalse(r.available(r.get("go")));
    }

    @Test
    void aFileThatIsNotExecutableDoesNotCount(@TempDir Path bin) throws IOException {
        Files.writeString(bin.resolve("dotnet"), "");
        assertFalse(StackRegistry.onPath("dotnet", bin.toString()));
    }

    @Test
    void aMissingFolderIsAnErrorNamingIt(@TempDir Path tmp) {
        IOException e = assertThrows(IOException.class, () -> StackRegistry.load(tmp.resolve("nope")));
        assertTrue(e.getMessage().contains("nope"), e.getMessage());
    }

    @Test
    void aStackJsonWhoseIdIsNotItsFolderIsRejected(@TempDir Path tmp) throws IOException {
        Files.createDirectories(tmp.resolve("a"));
        Files.writeString(tmp.resolve("a/stack.json"), "{\"id\": \"b\", \"run\": [\"x\"]}");
        IOException e = assertThrows(IOException.class, () -> StackRegistry.load(tmp));
        assertTrue(e.getMessage().contains("$.id"), e.getMessage());
    }

    static void executable(Path p) throws IOException {
        Files.writeString(p, "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
