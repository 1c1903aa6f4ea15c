package dev.tpm.collect.stack;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** The first line a stack's {@code version} command prints (stdout and stderr together). */
public final class ToolchainVersion {
    private static final long TIMEOUT_SECONDS = 60;

    private ToolchainVersion() {}

    /** A command that ran and exited non-zero; {@link #output} is what it printed. */
    static final class CommandFailed extends IOException {
        private final String output;

        CommandFailed(String message, String output) {
            super(message);
            this.output = output;
        }

        String output() {
            return output;
        }
    }

    public static String of(StackSpec spec) throws IOException {
        if (spec.version().isEmpty()) throw new IOException("stack '" + spec.id() + "': no version command in stack.json");
        return firstLine(spec, spec.version());
    }

    /**
     * The first non-empty line {@code argv} prints (stdout and stderr together), run in the stack's
     * folder with its env: a version command of stack.json ({@code version}, or a
     * {@code {"command": argv}} entry of {@code versions}). A non-zero exit is an error.
     */
    public static String firstLine(StackSpec spec, java.util.List<String> argv) throws IOException {
        return run(spec, argv).lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst()
                .orElseThrow(() -> new IOException("stack '" + spec.id() + "': " + argv + " printed nothing"));
    }

    /** What {@code argv} prints, run in the stack's folder; a non-zero exit is an error with its output. */
    static String run(StackSpec spec, java.util.List<String> argv) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(StackBuilder.resolve(spec, argv))
                .directory(spec.dir().toFile())
                .redirectErrorStream(true);
        pb.environment().putAll(spec.env());
        Process p = pb.start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("stack '" + spec.id() + "': " + argv + " did not finish");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (p.exitValue() != 0) {
            throw new CommandFailed("stack '" + spec.id() + "': " + argv + " exited with code "
                    + p.exitValue() + ": " + out.strip(), out);
        }
        return out;
    }
}
