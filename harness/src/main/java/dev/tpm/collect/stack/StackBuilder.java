package dev.tpm.collect.stack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a stack's build commands in its folder, in order, with no shell. Their output goes to one
 * log file; a failing command stops the build with an error that names the stack, the command,
 * its exit code and the log.
 */
public final class StackBuilder {
    /** Time one build command may take (a cold Rust release build on a Raspberry Pi is minutes). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(60);

    private StackBuilder() {}

    /** Builds {@code spec}; returns the wall time of the whole build. */
    public static Duration build(StackSpec spec, Path logFile) throws IOException {
        return build(spec, logFile, DEFAULT_TIMEOUT);
    }

    public static Duration build(StackSpec spec, Path logFile, Duration timeoutPerCommand) throws IOException {
        if (logFile.getParent() != null) Files.createDirectories(logFile.getParent());
        Files.writeString(logFile, "", StandardCharsets.UTF_8);
        long start = System.nanoTime();
        for (List<String> argv : spec.build()) {
            Files.writeString(logFile, "$ " + String.join(" ", argv) + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
            ProcessBuilder pb = new ProcessBuilder(resolve(spec, argv))
                    .directory(spec.dir().toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
            pb.environment().putAll(spec.env());
            Process p;
            try {
                p = pb.start();
            } catch (IOException e) {
                throw new IOException(failure(spec, argv, "could not start: " + e.getMessage(), logFile), e);
            }
            try {
                if (!p.waitFor(timeoutPerCommand.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                    throw new IOException(failure(spec, argv, "timed out after " + timeoutPerCommand, logFile));
                }
            } catch (InterruptedException e) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException(failure(spec, argv, "interrupted", logFile), e);
            }
            if (p.exitValue() != 0) {
                throw new IOException(failure(spec, argv, "exited with code " + p.exitValue(), logFile));
            }
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** The artifacts of {@code spec} that do not exist (all of them present = built). */
    public static List<String> missingArtifacts(StackSpec spec) {
        List<String> out = new ArrayList<>();
        for (String a : spec.artifacts()) {
            if (!Files.exists(spec.dir().resolve(a))) out.add(a);
        }
        return out;
    }

    /** True when every artifact of {@code spec} exists; a stack with no artifacts never counts as built. */
    public static boolean isBuilt(StackSpec spec) {
        return !spec.artifacts().isEmpty() && missingArtifacts(spec).isEmpty();
    }

    /**
     * An argv whose program is a relative path with a slash ({@code bin/server}) gets that path
     * resolved against the stack folder; a bare name is looked up on PATH as usual.
     */
    static List<String> resolve(StackSpec spec, List<String> argv) {
        List<String> out = new ArrayList<>(argv);
        String program = argv.get(0);
        if (program.contains("/") && !Path.of(program).isAbsolute()) {
            out.set(0, spec.dir().resolve(program).toAbsolutePath().normalize().toString());
        }
        return out;
    }

    private static String failure(StackSpec spec, List<String> argv, String what, Path logFile) {
        return "building stack '" + spec.id() + "' failed: command " + argv + " in " + spec.dir() + " " + what
                + "; output in " + logFile + tail(logFile);
    }

    private static String tail(Path logFile) {
        try {
            List<String> lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
            List<String> last = lines.subList(Math.max(0, lines.size() - 10), lines.size());
            return last.isEmpty() ? "" : "; last lines:\n  " + String.join("\n  ", last);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
