package dev.tpm.collect.loadgen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One wrk run with a harness script: {@code wrk -t T -c C -d Ds --latency -s <endpoint>.lua
 * http://127.0.0.1:<port>/ -- rows=.. threads=T seed=.. [mix=..]}.
 *
 * @param prefix put before wrk, e.g. {@code [taskset, -c, 0]}, or empty
 * @param scriptArgs the key=value arguments of harness/wrk/tpm.lua, in order
 * @param timeoutS wrk's --timeout in whole seconds; NaN leaves wrk's default (2 s)
 */
public record WrkCommand(List<String> prefix, String wrk, Path script, int threads, int connections, int durationS,
        int port, Map<String, String> scriptArgs, double timeoutS) {

    /** Grace beyond the duration before a wrk that does not exit is killed. */
    public static final long EXIT_GRACE_SECONDS = 60;

    public WrkCommand {
        prefix = List.copyOf(prefix);
        scriptArgs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scriptArgs));
    }

    /** With wrk's default time-out. */
    public WrkCommand(List<String> prefix, String wrk, Path script, int threads, int connections, int durationS,
            int port, Map<String, String> scriptArgs) {
        this(prefix, wrk, script, threads, connections, durationS, port, scriptArgs, Double.NaN);
    }

    public List<String> argv() {
        List<String> a = new ArrayList<>(prefix);
        a.addAll(List.of(wrk, "-t", Integer.toString(threads), "-c", Integer.toString(connections),
                "-d", durationS + "s"));
        if (!Double.isNaN(timeoutS)) {
            a.addAll(List.of("--timeout", Math.round(timeoutS) + "s"));
        }
        a.addAll(List.of("--latency", "-s", script.toAbsolutePath().toString(), "http://127.0.0.1:" + port + "/"));
        if (!scriptArgs.isEmpty()) {
            a.add("--");
            scriptArgs.forEach((k, v) -> a.add(k + "=" + v));
        }
        return a;
    }

    /** What wrk printed (stdout and stderr, interleaved as written) and how it exited. */
    public record Outcome(int exitCode, String output, boolean timedOut) {}

    /** Runs wrk to the end; its output goes through {@code outputFile} (no pipe to fill up). */
    public Outcome run(Path outputFile) throws IOException, InterruptedException {
        return run(outputFile, h -> {});
    }

    /** As {@link #run(Path)}, telling {@code started} wrk's process as soon as it runs. */
    public Outcome run(Path outputFile, java.util.function.Consumer<ProcessHandle> started)
            throws IOException, InterruptedException {
        Files.createDirectories(outputFile.toAbsolutePath().getParent());
        Process p = new ProcessBuilder(argv())
                .redirectErrorStream(true)
                .redirectOutput(outputFile.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        started.accept(p.toHandle());
        boolean done = p.waitFor(durationS + EXIT_GRACE_SECONDS, TimeUnit.SECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        String out = Files.readString(outputFile, StandardCharsets.UTF_8);
        return new Outcome(done ? p.exitValue() : -1, out, !done);
    }

    /** The version wrk prints for {@code -v} ("wrk debian/4.1.0-3+b2 [epoll] ..."): its first line. */
    public static String versionLine(String wrk) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(wrk, "-v").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.SECONDS);
        String first = out.strip().split("\n")[0].strip();
        if (!first.startsWith("wrk ")) throw new IOException(wrk + " -v: expected 'wrk <version> ...', found '" + first + "'");
        return first;
    }

    /** The x.y.z inside a version line, or the line's second word when it has none. */
    public static String versionNumber(String line) {
        var m = java.util.regex.Pattern.compile("(\\d+\\.\\d+(?:\\.\\d+)?)").matcher(line);
        if (m.find()) return m.group(1);
        String[] w = line.split("\\s+");
        return w.length > 1 ? w[1] : line;
    }
}
