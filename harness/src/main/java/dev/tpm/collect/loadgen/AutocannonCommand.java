package dev.tpm.collect.loadgen;

import dev.tpm.model.EndpointRequest;
import dev.tpm.model.Endpoints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One autocannon run (the node-pi study's load generator): {@code node
 * harness/loadgen/autocannon/node_modules/autocannon/autocannon.js -c C -d D -t T --json
 * http://HOST:PORT/PATH}, with {@code -w W} worker threads when the preset asks for more than one
 * thread. autocannon is the npm package pinned in harness/loadgen/autocannon/package-lock.json and
 * installed there by {@code make servers} ({@code npm ci}); its JSON result goes to stdout, which
 * is kept as the run's {@code loadgen/<seq>.json}. Like wrk, node runs under the small shell of
 * {@link WrkCommand} that reports its children's CPU ticks, here on stderr so that stdout stays
 * autocannon's JSON alone; on a remote load-generator host the same shell runs there, through ssh,
 * and {@code packageDir} is the folder on that host where {@code npm ci} installed autocannon.
 *
 * @param prefix put before the shell, e.g. {@code [taskset, -c, 0]}, or empty
 * @param node the node executable
 * @param packageDir harness/loadgen/autocannon, or its copy on the load generator's host
 * @param timeoutS autocannon's request time-out ({@code -t}, seconds)
 * @param host the server's address as the load generator reaches it
 * @param loadGenHost this machine, or the one reached through ssh
 */
public record AutocannonCommand(List<String> prefix, String node, Path packageDir, int threads, int connections,
        int durationS, double timeoutS, String host, int port, String path, LoadGenHost loadGenHost) {

    /** The request path of each endpoint autocannon can load: plain GETs, no request scripting. */
    public static final Map<String, String> PATHS = java.util.stream.Stream.of(Endpoints.HELLO, Endpoints.HELLO_JSON,
            Endpoints.HEAVY).collect(java.util.stream.Collectors.toUnmodifiableMap(e -> e, e -> EndpointRequest.ALL.get(e).path()));
    /** autocannon's own default request time-out ({@code -t}). */
    public static final double DEFAULT_TIMEOUT_S = 10;
    /** Grace beyond the duration before an autocannon that does not exit is killed. */
    public static final long EXIT_GRACE_SECONDS = 60;
    private static final ObjectMapper JSON = new ObjectMapper();

    public AutocannonCommand {
        prefix = List.copyOf(prefix);
    }

    /** The command for one endpoint id of {@link #PATHS}, on this machine at 127.0.0.1. */
    public static AutocannonCommand forEndpoint(List<String> prefix, String node, Path packageDir, int threads,
            int connections, int durationS, double timeoutS, int port, String endpoint) {
        return forEndpoint(prefix, node, packageDir, threads, connections, durationS, timeoutS, "127.0.0.1", port,
                endpoint, LoadGenHost.LOCAL);
    }

    /** The command for one endpoint id of {@link #PATHS}, run on {@code loadGenHost} against {@code address}. */
    public static AutocannonCommand forEndpoint(List<String> prefix, String node, Path packageDir, int threads,
            int connections, int durationS, double timeoutS, String address, int port, String endpoint,
            LoadGenHost loadGenHost) {
        String path = PATHS.get(endpoint);
        if (path == null) {
            throw new IllegalArgumentException("autocannon loads only the endpoints " + PATHS.keySet() + ", not " + endpoint);
        }
        return new AutocannonCommand(prefix, node, packageDir, threads, connections, durationS, timeoutS, address,
                port, path, loadGenHost);
    }

    /** The script npm installs: node_modules/autocannon/autocannon.js under the package folder. */
    public static Path script(Path packageDir) {
        return packageDir.resolve("node_modules").resolve("autocannon").resolve("autocannon.js");
    }

    /** autocannon's own argv, from node on. */
    public List<String> autocannonArgv() {
        Path script = script(packageDir);
        List<String> a = new ArrayList<>(List.of(node, loadGenHost.remote() ? script.toString() : script.toAbsolutePath().toString(),
                "-c", Integer.toString(connections), "-d", Integer.toString(durationS),
                "-t", seconds(timeoutS), "--json"));
        if (threads > 1) a.addAll(List.of("-w", Integer.toString(threads)));
        a.add("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port + path);
        return a;
    }

    /** The whole argv this machine starts: [ssh ... '] [taskset] sh -c CPU_SHELL sh node ... [']. */
    public List<String> argv() {
        List<String> a = new ArrayList<>(prefix);
        a.addAll(List.of("sh", "-c", WrkCommand.cpuShell(" >&2"), "sh"));
        a.addAll(autocannonArgv());
        return loadGenHost.command(a);
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%s", s);
    }

    /**
     * What autocannon printed and how it exited.
     *
     * @param json its stdout (the --json result)
     * @param messages its stderr, without the shell's CPU line
     * @param cpu the CPU the shell reported, or null
     */
    public record Outcome(int exitCode, String json, String messages, boolean timedOut, WrkCommand.LoadgenCpu cpu) {}

    /** Runs autocannon to the end, stdout to {@code jsonFile} and stderr to {@code messagesFile}. */
    public Outcome run(Path jsonFile, Path messagesFile, Consumer<ProcessHandle> started)
            throws IOException, InterruptedException {
        Files.createDirectories(jsonFile.toAbsolutePath().getParent());
        Files.createDirectories(messagesFile.toAbsolutePath().getParent());
        WrkCommand.Finished f = WrkCommand.runBounded(new ProcessBuilder(argv())
                .redirectOutput(jsonFile.toFile())
                .redirectError(messagesFile.toFile()), durationS + EXIT_GRACE_SECONDS, started);
        String messages = Files.readString(messagesFile, StandardCharsets.UTF_8);
        return new Outcome(f.exitCode(), Files.readString(jsonFile, StandardCharsets.UTF_8),
                WrkCommand.withoutCpuLine(messages), f.timedOut(), WrkCommand.loadgenCpu(messages));
    }

    /**
     * The installed autocannon's version, from node_modules/autocannon/package.json; an error says
     * how to install it when it is missing.
     */
    public static String installedVersion(Path packageDir) throws IOException {
        Path pkg = packageDir.resolve("node_modules").resolve("autocannon").resolve("package.json");
        if (!Files.isRegularFile(pkg)) {
            throw new IOException(pkg + ": autocannon is not installed; run `make servers` (npm ci in " + packageDir + ")");
        }
        return version(Files.readString(pkg, StandardCharsets.UTF_8), pkg.toString());
    }

    /**
     * The version of the autocannon installed under {@code packageDir} on {@code loadGenHost}: its
     * package.json read through ssh there.
     */
    public static String installedVersion(Path packageDir, LoadGenHost loadGenHost) throws IOException, InterruptedException {
        if (!loadGenHost.remote()) return installedVersion(packageDir);
        String pkg = packageDir.resolve("node_modules").resolve("autocannon").resolve("package.json").toString();
        String text;
        try {
            text = loadGenHost.run(List.of("cat", pkg), null);
        } catch (IOException e) {
            throw new IOException(loadGenHost.target() + ":" + pkg + ": autocannon is not installed there; run `npm ci` in "
                    + packageDir + " on that host with harness/loadgen/autocannon's package.json and package-lock.json ("
                    + e.getMessage() + ")", e);
        }
        return version(text, loadGenHost.target() + ":" + pkg);
    }

    private static String version(String packageJson, String where) throws IOException {
        JsonNode v;
        try {
            v = JSON.readTree(packageJson).get("version");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            var l = e.getLocation();
            throw new IOException(where + ":" + (l == null ? "" : l.getLineNr() + ":" + l.getColumnNr() + ":") + " "
                    + e.getOriginalMessage(), e);
        }
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new IOException(where + ": $.version: expected a version string, found " + v);
        }
        return v.asText();
    }
}
