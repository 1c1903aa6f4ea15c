package dev.tpm.collect.loadgen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The load generator a preset names (servers.md "Load generators"): wrk with the endpoint's Lua
 * script (its text report and done() line kept as {@code loadgen/<seq>.txt}), or autocannon (its
 * {@code --json} result kept as {@code loadgen/<seq>.json}). Both give a {@link WrkResult} in
 * data.md's units, and both run on this machine or on the load generator's host through ssh, under
 * the shell that reports their CPU seconds.
 */
public final class LoadGenerator {
    public static final String WRK = "wrk";
    public static final String AUTOCANNON = "autocannon";

    private final String tool;
    private final Path wrkScripts;
    private final String wrk;
    private final Path autocannonDir;
    private final String node;
    private final LoadGenHost host;
    private final String address;

    private LoadGenerator(String tool, Path wrkScripts, String wrk, Path autocannonDir, String node, LoadGenHost host,
            String address) {
        this.tool = tool;
        this.wrkScripts = wrkScripts;
        this.wrk = wrk;
        this.autocannonDir = autocannonDir;
        this.node = node;
        this.host = host;
        this.address = address;
    }

    /** wrk with the scripts in {@code scripts} (harness/wrk). */
    public static LoadGenerator wrk(Path scripts, String wrk) {
        return new LoadGenerator(WRK, scripts, wrk, null, null, LoadGenHost.LOCAL, "127.0.0.1");
    }

    /** autocannon installed under {@code packageDir} (harness/loadgen/autocannon), run by {@code node}. */
    public static LoadGenerator autocannon(Path packageDir, String node) {
        return autocannon(packageDir, node, LoadGenHost.LOCAL, "127.0.0.1");
    }

    /**
     * autocannon installed under {@code packageDir} on {@code host}, run by {@code node} there
     * against the server at {@code address}.
     */
    public static LoadGenerator autocannon(Path packageDir, String node, LoadGenHost host, String address) {
        return new LoadGenerator(AUTOCANNON, null, null, packageDir, node, host, address);
    }

    /** The node that runs autocannon when none is given: the first on the PATH. */
    public static final String DEFAULT_NODE = "node";

    /** The preset's {@code load_generator}: {@link #WRK} or {@link #AUTOCANNON}, on this machine. */
    public static LoadGenerator of(String tool, Path wrkScripts, String wrk, Path autocannonDir) {
        return of(tool, wrkScripts, wrk, autocannonDir, DEFAULT_NODE, LoadGenHost.LOCAL, "127.0.0.1");
    }

    /**
     * The preset's {@code load_generator} on {@code host}, loading the server at {@code address}
     * (autocannon's, run by {@code node} there; wrk's command is built by the campaign with its
     * scripts copied there).
     */
    public static LoadGenerator of(String tool, Path wrkScripts, String wrk, Path autocannonDir, String node,
            LoadGenHost host, String address) {
        return switch (tool) {
            case WRK -> new LoadGenerator(WRK, wrkScripts, wrk, null, null, host, address);
            case AUTOCANNON -> autocannon(autocannonDir, node, host, address);
            default -> throw new IllegalArgumentException("load generator: expected wrk or autocannon, found " + tool);
        };
    }

    public String tool() {
        return tool;
    }

    /** The extension of the kept output: txt (wrk) or json (autocannon). */
    public String fileExtension() {
        return tool.equals(WRK) ? "txt" : "json";
    }

    /** campaign.json's load_generator.version and the line it was read from. */
    public record Version(String number, String line) {}

    public Version version() throws IOException, InterruptedException {
        if (tool.equals(WRK)) {
            String line = WrkCommand.versionLine(wrk);
            return new Version(WrkCommand.versionNumber(line), line);
        }
        String v = AutocannonCommand.installedVersion(autocannonDir, host);
        return new Version(v, "autocannon v" + v + " (npm), node " + nodeVersion());
    }

    /**
     * {@code node --version} of the node that runs autocannon, on the load generator's host; the
     * error when it cannot run says to give its path with --node.
     */
    String nodeVersion() throws IOException, InterruptedException {
        String out;
        try {
            out = host.run(List.of(node, "--version"), null).strip();
        } catch (IOException e) {
            throw new IOException("autocannon: cannot run node as '" + node + "'" + (host.remote() ? " on " + host.target() : "")
                    + ": give its path with --node (a node installed by nvm is on the PATH of a login shell only, not of"
                    + " a command run through ssh): " + e.getMessage(), e);
        }
        if (!out.matches("v[0-9][0-9A-Za-z.+-]*")) {
            throw new IOException("autocannon: '" + node + " --version'" + (host.remote() ? " on " + host.target() : "")
                    + ": expected a version such as v20.20.2, found '" + out.lines().findFirst().orElse("") + "'");
        }
        return out;
    }

    /**
     * What must exist before a campaign starts: the endpoint's wrk script, or the installed
     * autocannon and a node that runs (on the load generator's host, asked through ssh).
     */
    public void checkReady(List<String> endpoints) throws IOException, InterruptedException {
        if (tool.equals(WRK)) {
            for (String e : endpoints) {
                Path script = wrkScripts.resolve(e + ".lua");
                if (!Files.isRegularFile(script)) throw new IOException(script + ": no wrk script for endpoint '" + e + "'");
            }
        } else {
            AutocannonCommand.installedVersion(autocannonDir, host);
            nodeVersion();
            for (String e : endpoints) {
                if (!AutocannonCommand.PATHS.containsKey(e)) {
                    throw new IOException("autocannon: no request for endpoint '" + e + "' (it loads " + AutocannonCommand.PATHS.keySet() + ")");
                }
            }
        }
    }

    /**
     * One run's load.
     *
     * @param prefix put before the tool (taskset), or empty
     * @param timeoutS the request time-out; NaN for the tool's default
     * @param scriptArgs wrk's script arguments (autocannon has no script)
     */
    public record Request(List<String> prefix, String endpoint, int threads, int connections, int durationS,
            double timeoutS, int port, Map<String, String> scriptArgs) {}

    /**
     * How the tool ended.
     *
     * @param output the file kept as evidence (wrk: stdout and stderr; autocannon: its JSON)
     * @param messages what else it printed (autocannon's stderr), for a failure's note
     * @param cpu the tool's CPU seconds as the shell that ran it reported them, or null
     */
    public record Outcome(int exitCode, Path output, String text, String messages, boolean timedOut,
            WrkCommand.LoadgenCpu cpu) {}

    /** Seconds past the duration before a tool that does not exit is killed. */
    public long exitGraceSeconds() {
        return tool.equals(WRK) ? WrkCommand.EXIT_GRACE_SECONDS : AutocannonCommand.EXIT_GRACE_SECONDS;
    }

    /** Runs the load; the output goes to {@code workDir/loadgen-output.<ext>}. */
    public Outcome run(Request r, Path workDir, Consumer<ProcessHandle> started) throws IOException, InterruptedException {
        Path out = workDir.resolve("loadgen-output." + fileExtension());
        Files.deleteIfExists(out);
        if (tool.equals(WRK)) {
            WrkCommand c = new WrkCommand(r.prefix(), wrk, wrkScripts.resolve(r.endpoint() + ".lua"), r.threads(),
                    r.connections(), r.durationS(), r.port(), r.scriptArgs(), address, r.timeoutS(), host);
            WrkCommand.Outcome o = c.run(out, started);
            return new Outcome(o.exitCode(), out, o.output(), o.output(), o.timedOut(), WrkCommand.loadgenCpu(o.output()));
        }
        AutocannonCommand c = AutocannonCommand.forEndpoint(r.prefix(), node, autocannonDir, r.threads(), r.connections(),
                r.durationS(), Double.isNaN(r.timeoutS()) ? AutocannonCommand.DEFAULT_TIMEOUT_S : r.timeoutS(), address,
                r.port(), r.endpoint(), host);
        AutocannonCommand.Outcome o = c.run(out, workDir.resolve("loadgen-messages.txt"), started);
        return new Outcome(o.exitCode(), out, o.json(), o.messages(), o.timedOut(), o.cpu());
    }

    /** The run's result; an error names {@code where} and what is wrong. */
    public WrkResult parse(Outcome o, String where) throws IOException {
        return tool.equals(WRK) ? WrkOutput.parse(o.text(), where) : AutocannonJson.parse(o.text(), where);
    }
}
