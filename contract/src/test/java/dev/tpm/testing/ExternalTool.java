package dev.tpm.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tests that need a program outside the JVM (wrk, pdflatex, a built server). Under CI (CI=true),
 * where .ci/run installs everything, a missing program fails the test; on a developer's machine
 * it skips it with the reason.
 */
public final class ExternalTool {
    private ExternalTool() {}

    public static boolean onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, name))) return true;
        }
        return false;
    }

    /** Fails under CI, skips elsewhere, when {@code name} is not on PATH. */
    public static void require(String name) {
        requireThat(onPath(name), name + " is not on PATH");
    }

    /** Fails under CI, skips elsewhere, when the condition does not hold. */
    public static void requireThat(boolean available, String why) {
        if (available) return;
        if ("true".equals(System.getenv("CI"))) fail(why + " (CI installs it in .ci/run)");
        assumeTrue(false, why);
    }
}
