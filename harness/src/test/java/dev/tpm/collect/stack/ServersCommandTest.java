package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `servers` on the dotnet stack (its real stack.json and source, copied): skipped where no
 * `dotnet` is on PATH, failed where one is and its build fails (a fake `dotnet` that exits 1).
 * Each case runs the command in a JVM of its own, so that PATH is what the case says.
 */
class ServersCommandTest {
    @TempDir
    Path tmp;

    record Outcome(int exitCode, String output) {}

    private Outcome servers(String path) throws IOException, InterruptedException {
        Path servers = Files.createDirectories(tmp.resolve("servers"));
        Path dotnet = Files.createDirectories(servers.resolve("dotnet"));
        for (String f : List.of("stack.json", "server.csproj", "Program.cs")) {
            Files.copy(Fixtures.SERVERS.resolve("dotnet").resolve(f), dotnet.resolve(f));
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ServersMain.class.getName(), "--servers", servers.toString(), "--logs", tmp.resolve("logs").toString())
                .redirectErrorStream(true);
        pb.environment().put("PATH", path);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
        return new Outcome(p.exitValue(), out);
    }

    @Test
    void anAbsentToolchainIsReportedSkippedNotFailed() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty-bin"));
        Outcome o = servers(empty.toString());
        assertEquals("skipped dotnet: toolchain not on PATH: dotnet\n", o.output());
        assertEquals(0, o.exitCode());
    }

    @Test
    void aPresentToolchainWhoseBuildFailsIsReportedFailed() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("fake-bin"));
        Path fake = bin.resolve("dotnet");
        Files.writeString(fake, "#!/bin/sh\necho \"error NETSDK0000: fake SDK, this build fails\"\nexit 1\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        Outcome o = servers(bin + ":/usr/bin:/bin");
        assertEquals(1, o.exitCode(), o.output());
        assertTrue(o.output().startsWith("building dotnet"), o.output());
        assertTrue(o.output().contains("FAILED building stack 'dotnet' failed: command [dotnet, publish"), o.output());
        assertTrue(o.output().contains("exited with code 1"), o.output());
        assertTrue(o.output().contains("fake SDK, this build fails"), o.output());
    }
}
