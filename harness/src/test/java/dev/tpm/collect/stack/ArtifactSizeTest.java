package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArtifactSizeTest {
    @Test
    void sumsRegularFilesUnderEveryArtifactWithoutFollowingLinks(@TempDir Path dir, @TempDir Path outside)
            throws IOException {
        Files.write(dir.resolve("server.js"), new byte[100]);
        Files.createDirectories(dir.resolve("node_modules/a/b"));
        Files.write(dir.resolve("node_modules/a/x"), new byte[1000]);
        Files.write(dir.resolve("node_modules/a/b/y"), new byte[24]);
        Files.write(outside.resolve("interpreter"), new byte[50_000]);
        Files.createSymbolicLink(dir.resolve("node_modules/a/python"), outside.resolve("interpreter"));
        Files.createSymbolicLink(dir.resolve("node_modules/linked-dir"), outside);
        Files.write(dir.resolve("not-an-artifact"), new byte[7]);
        Files.createLink(dir.resolve("node_modules/a/b/hard-link-of-x"), dir.resolve("node_modules/a/x"));

        StackSpec s = StackBuilderTest.spec(dir, List.of(), List.of("server.js", "node_modules"));
        assertEquals(100 + 1000 + 24, ArtifactSize.bytes(s));
        // an artifact listed twice, or inside another, counts once
        StackSpec twice = StackBuilderTest.spec(dir, List.of(), List.of("server.js", "node_modules", "node_modules/a/x"));
        assertEquals(100 + 1000 + 24, ArtifactSize.bytes(twice));
    }

    @Test
    void aMissingArtifactIsAnError(@TempDir Path dir) {
        StackSpec s = StackBuilderTest.spec(dir, List.of(), List.of("bin/server"));
        IOException e = assertThrows(IOException.class, () -> ArtifactSize.bytes(s));
        assertTrue(e.getMessage().contains("bin/server") && e.getMessage().contains("not built"), e.getMessage());
    }
}
