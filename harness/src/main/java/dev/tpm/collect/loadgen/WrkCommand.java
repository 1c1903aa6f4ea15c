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
 * One wrk run with a harness script: {@code wrk -t T -c C -d Ds [--timeout Ns] --latency -s
 * <endpoint>.lua http://<address>:<port>/ -- rows=.. threads=T seed=.. [mix=..]}, run by a
 * small POSIX shell that prints, after wrk exits, one line {@value #CPU_MARKER} with wrk's user
 * and system CPU ticks (the shell's cutime and cstime from /proc/&lt;shell&gt;/stat: the CPU of its
 * waited-for child, wrk), the clock tick rate and the CPUs the shell may use (nproc, which
 * honours taskset). On a remote load-generator host the same shell runs there, through ssh.
 *
 * @param prefix put before the shell, e.g. {@code [taskset, -c, 0]}, or empty
 * @param scriptArgs the key=value arguments of harness/wrk/tpm.lua, in order
 * @param address the server's address as the load generator reaches it
 * @param timeoutS wrk's --timeout in seconds (rounded up), NaN for wrk's default
 */
public record WrkCommand(List<String> prefix, String wrk, Path script, int threads, int connections, int durationS,
        int port, Map<String, String> scriptArgs, String address, double timeoutS, LoadGenHost host) {

    public static final String CPU_MARKER = "TPM-LOADGEN-CPU";
    private static final String CPU_SHELL = cpuShell("");

    /**
     * The shell that runs {@code "$@"} and then prints the {@value #CPU_MARKER} line, to stdout or,
     * with {@code redirect} {@code " >&2"}, to stderr.
     */
    static String cpuShell(String redirect) {
        return "\"$@\"; rc=$?; read -r s < /proc/$$/stat; set -- $s; "
                + "echo \"" + CPU_MARKER + " ${16} ${17} $(getconf CLK_TCK) $(nproc)\"" + redirect + "; exit $rc";
    }

    public WrkCommand(List<String> prefix, String wrk, Path script, int threads, int connections, int durationS,
            int port, Map<String, String> scriptArgs) {
        this(prefix, wrk, script, threads, connections, durationS, port, scriptArgs, "127.0.0.1", Double.NaN,
                LoadGenHost.LOCAL);
    }

    /** On this machine, at 127.0.0.1, with the given time-out. */
    public WrkCommand(List<String> prefix, String wrk, Path script, int threads, int connections, int durationS,
            int port, Map<String, String> scriptArgs, double timeoutS) {
        this(prefix, wrk, script, threads, connections, durationS, port, scriptArgs, "127.0.0.1", timeoutS,
                LoadGenHost.LOCAL);
    }

    /** Grace beyond the duration before a wrk that does not exit is killed. */
    public static final long EXIT_GRACE_SECONDS = 60;

    public WrkCommand {
        prefix = List.copyOf(prefix);
        scriptArgs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(scriptArgs));
    }

    /** wrk's own argv. */
    public List<String> wrkArgv() {
        List<String> a = new ArrayList<>(List.of(wrk, "-t", Integer.toString(threads), "-c", Integer.toString(connections),
                "-d", durationS + "s"));
        if (!Double.isNaN(timeoutS)) a.addAll(List.of("--timeout", (long) Math.ceil(timeoutS) + "s"));
        a.addAll(List.of("--latency", "-s", host.remote() ? script.toString() : script.toAbsolutePath().toString(),
                "http://" + (address.contains(":") ? "[" + address + "]" : address) + ":" + port + "/"));
        if (!scriptArgs.isEmpty()) {
            a.add("--");
            scriptArgs.forEach((k, v) -> a.add(k + "=" + v));
        }
        return a;
    }

    /** The whole argv this machine starts: [ssh ... '] [taskset] sh -c CPU_SHELL sh wrk ... [']. */
    public List<String> argv() {
        List<String> a = new ArrayList<>(prefix);
        a.addAll(List.of("sh", "-c", CPU_SHELL, "sh"));
        a.addAll(wrkArgv());
        return host.command(a);
    }

    /**
     * The load generator's CPU use reported by the shell.
     *
     * @param cpuS user + system CPU seconds of wrk
     * @param cpus CPUs it could run on (nproc under its affinity)
     */
    public record LoadgenCpu(double cpuS, int cpus) {
        /** CPU seconds over what {@code min(cpus, threads)} CPUs give in {@code seconds}: 1 = all busy. */
        public double share(double seconds, int threads) {
            int usable = Math.max(1, Math.min(cpus, threads));
            return seconds > 0 ? cpuS / (seconds * usable) : Double.NaN;
        }
    }

    /** The {@value #CPU_MARKER} line of an output, or null when absent or malformed. */
    public static LoadgenCpu loadgenCpu(String output) {
        String[] lines = output.split("\r?\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            if (!lines[i].startsWith(CPU_MARKER + " ")) continue;
            String[] f = lines[i].trim().split("\\s+");
            try {
                long hz = Long.parseLong(f[3]);
                return new LoadgenCpu((Long.parseLong(f[1]) + Long.parseLong(f[2])) / (double) hz, Integer.parseInt(f[4]));
            } catch (RuntimeException e) {
                return null;
            }
        }
        return null;
    }

    /** {@code output} without its {@value #CPU_MARKER} lines. */
    public static String withoutCpuLine(String output) {
        return output.lines().filter(l -> !l.startsWith(CPU_MARKER + " "))
                .collect(java.util.stream.Collectors.joining("\n", "", output.isEmpty() ? "" : "\n"));
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
        Finished f = runBounded(new ProcessBuilder(argv())
                .redirectErrorStream(true)
                .redirectOutput(outputFile.toFile()), durationS + EXIT_GRACE_SECONDS, started);
        String out = Files.readString(outputFile, StandardCharsets.UTF_8);
        return new Outcome(f.exitCode(), out, f.timedOut());
    }

    /** How a load generator's process ended: its exit code, or -1 when it was killed at its limit. */
    record Finished(int exitCode, boolean timedOut) {}

    /**
     * Starts {@code pb} (with no standard input unless it was given one), tells {@code started} its
     * process, and waits at most {@code seconds}; past that the process and its descendants are killed.
     */
    static Finished runBounded(ProcessBuilder pb, long seconds, java.util.function.Consumer<ProcessHandle> started)
            throws IOException, InterruptedException {
        if (pb.redirectInput() == ProcessBuilder.Redirect.PIPE) {
            pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        }
        Process p = pb.start();
        started.accept(p.toHandle());
        boolean done = p.waitFor(seconds, TimeUnit.SECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        return new Finished(done ? p.exitValue() : -1, !done);
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
