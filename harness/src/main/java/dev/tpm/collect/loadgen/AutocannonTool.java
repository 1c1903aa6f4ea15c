package dev.tpm.collect.loadgen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * autocannon, the node-pi study's load generator ({@link AutocannonCommand}): the npm package
 * pinned in harness/loadgen/autocannon, run by node; its {@code --json} result kept as
 * {@code loadgen/<seq>.json} and read by {@link AutocannonJson}. Installed by {@code make loadgen}
 * ({@code npm ci}).
 */
final class AutocannonTool implements LoadGenTool {
    @Override
    public String id() {
        return LoadGenerator.AUTOCANNON;
    }

    @Override
    public String fileExtension() {
        return "json";
    }

    @Override
    public long exitGraceSeconds() {
        return AutocannonCommand.EXIT_GRACE_SECONDS;
    }

    @Override
    public String installedBy() {
        return "`npm ci` installed harness/loadgen/autocannon";
    }

    @Override
    public String installFolderOption() {
        return "--autocannon";
    }

    @Override
    public String cannotLoad(String endpoint) {
        return AutocannonCommand.PATHS.containsKey(endpoint) ? null
                : "autocannon loads only " + new java.util.TreeSet<>(AutocannonCommand.PATHS.keySet())
                        + ": plain GETs, no request script";
    }

    @Override
    public LoadGenerator.Version version(LoadGenSetup s) throws IOException, InterruptedException {
        String v = AutocannonCommand.installedVersion(s.autocannonDir(), s.host());
        return new LoadGenerator.Version(v, "autocannon v" + v + " (npm), node " + nodeVersion(s));
    }

    /**
     * {@code node --version} of the node that runs autocannon, on the load generator's host; the
     * error when it cannot run says to give its path with --node.
     */
    static String nodeVersion(LoadGenSetup s) throws IOException, InterruptedException {
        String out;
        String node = s.node();
        LoadGenHost host = s.host();
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

    @Override
    public void checkReady(LoadGenSetup s, List<String> endpoints) throws IOException, InterruptedException {
        AutocannonCommand.installedVersion(s.autocannonDir(), s.host());
        nodeVersion(s);
        for (String e : endpoints) {
            if (!AutocannonCommand.PATHS.containsKey(e)) {
                throw new IOException("autocannon: no request for endpoint '" + e + "' (it loads " + AutocannonCommand.PATHS.keySet() + ")");
            }
        }
    }

    @Override
    public LoadGenerator.Outcome run(LoadGenSetup s, LoadGenerator.Request r, Path workDir, Consumer<ProcessHandle> started)
            throws IOException, InterruptedException {
        Path out = workDir.resolve("loadgen-output." + fileExtension());
        Files.deleteIfExists(out);
        AutocannonCommand c = AutocannonCommand.forEndpoint(r.prefix(), s.node(), s.autocannonDir(), r.threads(), r.connections(),
                r.durationS(), Double.isNaN(r.timeoutS()) ? AutocannonCommand.DEFAULT_TIMEOUT_S : r.timeoutS(), s.address(),
                r.port(), r.endpoint(), s.host());
        AutocannonCommand.Outcome o = c.run(out, workDir.resolve("loadgen-messages.txt"), started);
        return new LoadGenerator.Outcome(o.exitCode(), out, o.json(), o.messages(), o.timedOut(), o.cpu());
    }

    @Override
    public LoadResult parse(String output, String where) throws IOException {
        return AutocannonJson.parse(output, where);
    }
}
