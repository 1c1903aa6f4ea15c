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

    /** Real processes, each given {@code timeoutMillis} to finish. */
    static Commands system(long timeoutMillis) {
        return argv -> {
            Process p = new ProcessBuilder(argv).redirectErrorStream(false)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
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
        };
    }
}
