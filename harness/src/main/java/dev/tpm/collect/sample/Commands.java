package dev.tpm.collect.sample;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a short external command (vcgencmd, getconf, uname) and returns its stdout. */
@FunctionalInterface
public interface Commands {
    /** stdout of {@code argv}; an exception when it cannot start, times out or exits non-zero. */
    String run(List<String> argv) throws IOException;

    /** Real processes, each given {@code timeoutMillis} to finish; what they print on stderr is dropped. */
    static Commands system(long timeoutMillis) {
        return argv -> run(argv, timeoutMillis, false);
    }

    /**
     * Real processes whose stderr is read with their stdout (a JVM prints {@code -XshowSettings}
     * there), each given {@code timeoutMillis} to finish.
     */
    static Commands systemWithStderr(long timeoutMillis) {
        return argv -> run(argv, timeoutMillis, true);
    }

    private static String run(List<String> argv, long timeoutMillis, boolean withStderr) throws IOException {
        ProcessBuilder b = new ProcessBuilder(argv);
        if (withStderr) b.redirectErrorStream(true);
        else b.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = b.start();
        try (InputStream in = p.getInputStream()) {
            byte[] out = in.readAllBytes();
            if (!p.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", argv) + ": no exit within " + timeoutMillis + " ms");
            }
            if (p.exitValue() != 0) throw new IOException(String.join(" ", argv) + ": exit " + p.exitValue());
            return new String(out, StandardCharsets.UTF_8);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", argv) + ": interrupted", e);
        }
    }
}
