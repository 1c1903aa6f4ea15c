package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.testing.ExternalTool;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackBuilderTest {
    static StackSpec spec(Path dir, List<List<String>> build, List<String> artifacts) {
        return StackSpec.builder(dir.getFileName().toString(), dir, List.of("bin/server")).language("test").framework("test")
                .toolchain(List.of("python3")).build(build).artifacts(artifacts).version(List.of("python3", "--version")).create();
    }

    @Test
    void runsEveryCommandInTheStackFolderInOrder(@TempDir Path dir) throws IOException {
        ExternalTool.require("python3");
        StackSpec s = spec(dir, List.of(
                List.of("python3", "-c", "import os; os.makedirs('bin'); open('bin/server', 'w').write('1'); print('first')"),
                List.of("python3", "-c", "open('bin/server', 'a').write('2'); print('second')")),
                List.of("bin/server"));
        assertFalse(StackBuilder.isBuilt(s));
        assertEquals(List.of("bin/server"), StackBuilder.missingArtifacts(s));
        Path log = dir.resolve("logs/build.log");
        assertTrue(StackBuilder.build(s, log).toNanos() > 0);
        assertEquals("12", Files.readString(dir.resolve("bin/server")));
        assertTrue(StackBuilder.isBuilt(s));
        String text = Files.readString(log);
        assertTrue(text.indexOf("first") < text.indexOf("second") && text.contains("first"), text);
    }

    @Test
    void aFailingCommandNamesTheStackTheCommandAndTheLog(@TempDir Path dir) throws IOException {
        ExternalTool.require("python3");
        StackSpec s = spec(dir, List.of(
                List.of("python3", "-c", "import sys; print('compiler says no'); sys.exit(7)"),
                List.of("python3", "-c", "open('never', 'w')")),
                List.of("bin/server"));
        Path log = dir.resolve("build.log");
        IOException e = assertThrows(IOException.class, () -> StackBuilder.build(s, log));
        String m = e.getMessage();
        assertTrue(m.contains("stack '" + s.id() + "'"), m);
        assertTrue(m.contains("sys.exit(7)"), m);
        assertTrue(m.contains("exited with code 7"), m);
        assertTrue(m.contains(log.toString()), m);
        assertTrue(m.contains("compiler says no"), m);
        assertFalse(Files.exists(dir.resolve("never")), "the build stops at the failing command");
    }

    @Test
    void aProgramThatDoesNotExistIsReportedAsSuch(@TempDir Path dir) {
        StackSpec s = spec(dir, List.of(List.of("no-such-compiler-here", "--release")), List.of("x"));
        IOException e = assertThrows(IOException.class, () -> StackBuilder.build(s, dir.resolve("b.log")));
        assertTrue(e.getMessage().contains("no-such-compiler-here") && e.getMessage().contains("could not start"),
                e.getMessage());
    }

    @Test
    void aStackWithoutArtifactsIsNeverBuilt(@TempDir Path dir) {
        assertFalse(StackBuilder.isBuilt(spec(dir, List.of(), List.of())));
    }

    @Test
    void relativeProgramsResolveAgainstTheStackFolder(@TempDir Path dir) {
        StackSpec s = spec(dir, List.of(), List.of());
        assertEquals(dir.resolve("bin/server").toAbsolutePath().toString(),
                StackBuilder.resolve(s, List.of("bin/server", "-x")).get(0));
        assertEquals("node", StackBuilder.resolve(s, List.of("node", "server.js")).get(0));
        assertEquals("/usr/bin/env", StackBuilder.resolve(s, List.of("/usr/bin/env")).get(0));
    }
}
