package dev.tpm.collect.loadgen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * One oha run at a fixed total rate (phase 4, servers.md): {@code oha --no-tui --output-format json
 * -q RATE --latency-correction -c C -z Ds --worker-threads T [-t Ns] URL}, where URL is the
 * endpoint's path, or for {@code get_item} a file of {@code /items/<id>} URLs ({@code
 * --urls-from-file}, one per seeded row, from which oha picks one uniformly at random per request
 * with its own, unseeded generator: the ids are uniform over the table like wrk's script's, but
 * their sequence is not reproducible). {@code --latency-correction} measures each latency from the
 * request's scheduled start, so a slow response also delays the clock of the requests queued
 * behind it (no coordinated omission). oha runs under the small shell of {@link WrkCommand} that
 * reports its CPU ticks, on stderr, so that stdout is oha's JSON alone; on a remote host through
 * ssh, with the URL file copied there first.
 *
 * @param prefix put before the shell, e.g. {@code [taskset, -c, 0]}, or empty
 * @param oha the oha executable (harness/loadgen/oha/bin/oha, or its path on the host)
 * @param workerThreads tokio worker threads (the preset's threads, the column threads)
 * @param offeredRps the total rate, requests per second over all connections
 * @param timeoutS the request time-out, NaN for oha's (none)
 * @param target the URL, or the URL file's path when {@code urlsFromFile}
 */
public record OhaCommand(List<String> prefix, String oha, int workerThreads, int connections, int durationS,
        double offeredRps, boolean latencyCorrection, double timeoutS, String target, boolean urlsFromFile,
        LoadGenHost host) {

    /** Grace beyond the duration before an oha that does not exit is killed. */
    public static final long EXIT_GRACE_SECONDS = 60;

    public OhaCommand {
        prefix = List.copyOf(prefix);
        if (!(offeredRps > 0) || Double.isInfinite(offeredRps)) {
            throw new IllegalArgumentException("oha: expected an offered rate > 0 requests per second, found " + offeredRps);
        }
    }

    /** The binary {@code cargo install --root DIR} puts in DIR. */
    public static Path binary(Path ohaDir) {
        return ohaDir.resolve("bin").resolve("oha");
    }

    /** oha's own argv. */
    public List<String> ohaArgv() {
        List<String> a = new ArrayList<>(List.of(oha, "--no-tui", "--output-format", "json",
                "-q", rate(offeredRps)));
        if (latencyCorrection) a.add("--latency-correction");
        a.addAll(List.of("-c", Integer.toString(connections), "-z", durationS + "s",
                "--worker-threads", Integer.toString(workerThreads)));
        if (!Double.isNaN(timeoutS)) a.addAll(List.of("-t", (long) Math.ceil(timeoutS) + "s"));
        if (urlsFromFile) a.add("--urls-from-file");
        a.add(target);
        return a;
    }

    /** A rate as oha's -q reads it: a whole number without a decimal point, else the shortest decimal. */
    static String rate(double rps) {
        return rps == Math.rint(rps) ? Long.toString((long) rps) : String.format(Locale.ROOT, "%s", rps);
    }

    /** The whole argv this machine starts: [ssh ... '] [taskset] sh -c CPU_SHELL sh oha ... [']. */
    public List<String> argv() {
        List<String> a = new ArrayList<>(prefix);
        a.addAll(List.of("sh", "-c", WrkCommand.cpuShell(" >&2"), "sh"));
        a.addAll(ohaArgv());
        return host.command(a);
    }

    /** What oha printed and how it exited: stdout (the JSON), stderr without the CPU line, the CPU. */
    public record Outcome(int exitCode, String json, String messages, boolean timedOut, WrkCommand.LoadgenCpu cpu) {}

    /** Runs oha to the end, stdout to {@code jsonFile} and stderr to {@code messagesFile}. */
    public Outcome run(Path jsonFile, Path messagesFile, Consumer<ProcessHandle> started) throws IOException, InterruptedException {
        Files.createDirectories(jsonFile.toAbsolutePath().getParent());
        WrkCommand.Finished f = WrkCommand.runBounded(new ProcessBuilder(argv())
                .redirectOutput(jsonFile.toFile())
                .redirectError(messagesFile.toFile()), durationS + EXIT_GRACE_SECONDS, started);
        String messages = Files.readString(messagesFile, StandardCharsets.UTF_8);
        return new Outcome(f.exitCode(), Files.readString(jsonFile, StandardCharsets.UTF_8),
                WrkCommand.withoutCpuLine(messages), f.timedOut(), WrkCommand.loadgenCpu(messages));
    }

    /** The version {@code oha --version} prints ("oha 1.16.0"), checked. */
    public static String versionLine(String oha, LoadGenHost host) throws IOException, InterruptedException {
        String out = host.run(List.of(oha, "--version"), null).strip();
        String first = out.lines().findFirst().orElse("").strip();
        if (!first.matches("oha \\d+\\.\\d+\\.\\d+\\S*")) {
            throw new IOException(oha + " --version: expected 'oha <x.y.z>', found '" + first + "'");
        }
        return first;
    }
}
