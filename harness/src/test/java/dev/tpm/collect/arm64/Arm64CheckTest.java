package dev.tpm.collect.arm64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * {@code make arm64-check} (scripts/arm64/check.sh) end to end: each chosen stack is built for arm64
 * and passes the conformance check with its server inside a Debian arm64 root under qemu-user.
 * Outside the default run: it needs root, debootstrap and minutes of emulation (README.md,
 * "Before running the paper preset on a Raspberry Pi 5"). Run it with
 * <pre>
 * mvn -B -q test -pl harness -am -Dtest=Arm64CheckTest -Dsurefire.failIfNoSpecifiedTests=false -Dtpm.arm64=true \
 *     [-Dtpm.arm64.stacks=go,python] [-Dtpm.arm64.args=--no-16k]
 * </pre>
 */
@EnabledIfSystemProperty(named = "tpm.arm64", matches = "true")
class Arm64CheckTest {
    @Test
    void eachChosenStackIsBuiltForArm64AndConformantUnderQemuUser() throws IOException, InterruptedException {
        String stacks = System.getProperty("tpm.arm64.stacks", "go");
        String args = System.getProperty("tpm.arm64.args", "--no-16k");
        Path log = Files.createDirectories(Path.of("target", "arm64")).resolve("Arm64CheckTest.log");
        Process p = new ProcessBuilder("make", "--no-print-directory", "arm64-check", "STACKS=" + stacks, "ARM64_ARGS=" + args)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(3, TimeUnit.HOURS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("make arm64-check did not finish within 3 h; output in " + log);
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "make arm64-check failed:\n" + out);
        for (String id : List.of(stacks.split(","))) {
            assertTrue(out.lines().anyMatch(l -> l.startsWith("  " + id + ": built, ") && l.contains("; conformant, ")),
                    "no 'built ... conformant' line for " + id + ":\n" + out);
        }
        assertTrue(out.contains("qemu-user runs aarch64 programs with the host's 4 KiB pages"), out);
    }
}
