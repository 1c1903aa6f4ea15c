package dev.tpm.collect.loadgen;

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
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One autocannon run (the node-pi study's load generator): {@code node
 * harness/loadgen/autocannon/node_modules/autocannon/autocannon.js -c C -d D -t T --json
 * http://HOST:PORT/PATH}, with {@code -w W} worker threads when the preset asks for more than one
 * thread. autocannon is the npm package pinned in harness/loadgen/autocannon/package-lock.json and
 * installed there by {@code make servers} ({@code npm ci}); its JSON result goes to stdout, which
 * is kept as the run's {@code loadgen/<seq>.json}.
 *
 * @param prefix put before node, e.g. {@code [taskset, -c, 0]}, or empty
 * @param node the node executable
 * @param packageDir harness/loadgen/autocannon
 * @param timeoutS autocannon's request time-out ({@code -t}, seconds)
 */
public record AutocannonCommand(List<String> prefix, String node, Path packageDir, int threads, int connections,
        int durationS, double timeoutS, String host, int port, String path) {

    /** The request path of each endpoint autocannon can load: plain GETs, no request scripting. */
    public static final Map<String, String> PATHS = Map.of("hello", "/", "hello_json", "/json", "heavy", "/heavy");
    /** autocannon's own default request time-out ({@code -t}). */
    public static final double DEFAULT_TIMEOUT_S = 10;
    /** Grace beyond the duration before an autocannon that does not exit is killed. */
    public static final long EXIT_GRACE_SECONDS = 60;
    private static final ObjectMapper JSON = new ObjectMapper();

    public AutocannonCommand {
        prefix = List.copyOf(prefix);
    }

    /** The command for one endpoint id of {@link #PATHS}. */
    public static AutocannonCommand forEndpoint(List<String> prefix, String node, Path packageDir, int threads,
            int connections, int durationS, double timeoutS, int port, String endpoint) {
        String path = PATHS.get(endpoint);
        if (path == null) {
            throw new IllegalArgumentException("autocannon loads only the endpoints " + PATHS.keySet() + ", not " + endpoint);
        }
        return new AutocannonCommand(prefix, node, packageDir, threads, connections, durationS, timeoutS, "127.0.0.1",
                port, path);
    }

    /** The script npm installs: node_modules/autocannon/autocannon.js under the package folder. */
    public static Path script(Path packageDir) {
        return packageDir.resolve("node_modules").resolve("autocannon").resolve("autocannon.js");
    }

    public List<String> argv() {
        List<String> a = new ArrayList<>(prefix);
        a.addAll(List.of(node, script(packageDir).toAbsolutePath().toString(),
                "-c", Integer.toString(connections), "-d", Integer.toString(durationS),
                "-t", seconds(timeoutS), "--json"));
        if (threads > 1) a.addAll(List.of("-w", Integer.toString(threads)));
        a.add("http://" + host + ":" + port + path);
        return a;
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? Long.toString((long) s) : String.format(Locale.ROOT, "%s", s);
    }

    /**
     * What autocannon printed and how it exited.
     *
     * @param json its stdout (the --json result)
     * @param messages its stderr
     */
    public record Outcome(int exitCode, String json, String messages, boolean timedOut) {}

    /** Runs autocannon to the end, stdout to {@code jsonFile} and stderr to {@code messagesFile}. */
    public Outcome run(Path jsonFile, Path messagesFile, Consumer<ProcessHandle> started)
            throws IOException, InterruptedException {
        Files.createDirectories(jsonFile.toAbsolutePath().getParent());
        Files.createDirectories(messagesFile.toAbsolutePath().getParent());
        Process p = new ProcessBuilder(argv())
                .redirectOutput(jsonFile.toFile())
                .redirectError(messagesFile.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        started.accept(p.toHandle());
        boolean done = p.waitFor(durationS + EXIT_GRACE_SECONDS, TimeUnit.SECONDS);
        if (!done) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        return new Outcome(done ? p.exitValue() : -1, Files.readString(jsonFile, StandardCharsets.UTF_8),
                Files.readString(messagesFile, StandardCharsets.UTF_8), !done);
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
        JsonNode v = JSON.readTree(pkg.toFile()).get("version");
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new IOException(pkg + ": $.version: expected a version string, found " + v);
        }
        return v.asText();
    }
}
