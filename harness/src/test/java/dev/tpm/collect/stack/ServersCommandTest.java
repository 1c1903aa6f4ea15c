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
        return run(path, servers);
    }

    private Outcome run(String path, Path servers) throws IOException, InterruptedException {
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

    /** A folder with a README and no stack.json (dart-httpserver): listed as skipped, pointing at its README. */
    @Test
    void aFolderThatSaysWhyItHoldsNoStackIsListedSkipped() throws Exception {
        Path servers = Files.createDirectories(tmp.resolve("servers"));
        Path dart = Files.createDirectories(servers.resolve("dart-httpserver"));
        Files.copy(Fixtures.SERVERS.resolve("dart-httpserver/README.md"), dart.resolve("README.md"));
        Files.createDirectories(servers.resolve("empty-folder"));
        Outcome o = run(Files.createDirectories(tmp.resolve("empty-bin")).toString(), servers);
        assertEquals("skipped dart-httpserver: no stack.json; " + dart.resolve("README.md") + " says why\n", o.output());
        assertEquals(0, o.exitCode());
    }

    /**
     * ruby-puma-mjit (its real stack.json and check) where ruby, puma and cc are on PATH but MJIT
     * cannot compile: skipped with the check's reason, not built and measured as an interpreter.
     */
    @Test
    void aToolchainWhoseCheckFailsIsSkippedWithTheReason() throws Exception {
        Path servers = Files.createDirectories(tmp.resolve("servers"));
        Path mjit = Files.createDirectories(servers.resolve("ruby-puma-mjit"));
        for (String f : List.of("stack.json", "mjit_check.rb")) {
            Files.copy(Fixtures.SERVERS.resolve("ruby-puma-mjit").resolve(f), mjit.resolve(f));
        }
        Path bin = Files.createDirectories(tmp.resolve("fake-bin"));
        // a ruby whose MJIT finds no header: what mjit_check.rb prints on a machine without ruby3.1-dev
        Files.writeString(bin.resolve("ruby"), "#!/bin/sh\necho \"no MJIT header /usr/include/x/rb_mjit_min_header-3.1.2.h"
                + " (Debian: apt-get install ruby3.1-dev)\"\nexit 1\n");
        for (String tool : List.of("puma", "cc")) Files.writeString(bin.resolve(tool), "#!/bin/sh\nexit 0\n");
        for (String tool : List.of("ruby", "puma", "cc")) {
            Files.setPosixFilePermissions(bin.resolve(tool), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Outcome o = run(bin + ":/usr/bin:/bin", servers);
        assertEquals("skipped ruby-puma-mjit: toolchain check [ruby, mjit_check.rb] failed: no MJIT header"
                + " /usr/include/x/rb_mjit_min_header-3.1.2.h (Debian: apt-get install ruby3.1-dev)\n", o.output());
        assertEquals(0, o.exitCode());
    }
}
