package dev.tpm.collect.stack;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** The first line a stack's {@code version} command prints (stdout and stderr together). */
public final class ToolchainVersion {
    private static final long TIMEOUT_SECONDS = 60;

    private ToolchainVersion() {}

    public static String of(StackSpec spec) throws IOException {
        if (spec.version().isEmpty()) throw new IOException("stack '" + spec.id() + "': no version command in stack.json");
        ProcessBuilder pb = new ProcessBuilder(StackBuilder.resolve(spec, spec.version()))
                .directory(spec.dir().toFile())
                .redirectErrorStream(true);
        Process p = pb.start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("stack '" + spec.id() + "': " + spec.version() + " did not finish");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (p.exitValue() != 0) {
            throw new IOException("stack '" + spec.id() + "': " + spec.version() + " exited with code "
                    + p.exitValue() + ": " + out.strip());
        }
        return out.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst()
                .orElseThrow(() -> new IOException("stack '" + spec.id() + "': " + spec.version() + " printed nothing"));
    }
}
