package dev.tpm.collect.loadgen;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The load generator a preset names (servers.md "Load generators"): one {@link LoadGenTool} module
 * (wrk, autocannon or oha, from {@link LoadGenerators}) with the {@link LoadGenSetup} it runs
 * with. Every tool gives a {@link LoadResult} in data.md's units, and every tool runs on this
 * machine or on the load generator's host through ssh, under the shell that reports its CPU
 * seconds.
 */
public final class LoadGenerator {
    public static final String WRK = dev.tpm.model.Preset.WRK;
    public static final String AUTOCANNON = "autocannon";
    public static final String OHA = "oha";

    private final LoadGenTool module;
    private final LoadGenSetup setup;

    public LoadGenerator(LoadGenTool module, LoadGenSetup setup) {
        this.module = module;
        this.setup = setup;
    }

    /** autocannon installed under {@code packageDir} (harness/loadgen/autocannon) on this machine, run by {@code node}. */
    public static LoadGenerator autocannon(Path packageDir, String node) {
        return new LoadGenerator(LoadGenerators.get(AUTOCANNON),
                new LoadGenSetup(null, null, packageDir, node, null, LoadGenHost.LOCAL, "127.0.0.1"));
    }

    /** The node that runs autocannon when none is given: the first on the PATH. */
    public static final String DEFAULT_NODE = "node";

    /** The module registered as {@code tool}, with {@code setup}. */
    public static LoadGenerator of(String tool, LoadGenSetup setup) {
        return new LoadGenerator(LoadGenerators.get(tool), setup);
    }

    public String tool() {
        return module.id();
    }

    public LoadGenTool module() {
        return module;
    }

    public LoadGenSetup setup() {
        return setup;
    }

    /** The extension of the kept output: txt (wrk) or json (autocannon, oha). */
    public String fileExtension() {
        return module.fileExtension();
    }

    /** campaign.json's load_generator.version and the line it was read from. */
    public record Version(String number, String line) {}

    public Version version() throws IOException, InterruptedException {
        return module.version(setup);
    }

    /** What must exist before a campaign starts (on the load generator's host, asked through ssh). */
    public void checkReady(List<String> endpoints) throws IOException, InterruptedException {
        module.checkReady(setup, endpoints);
    }

    /**
     * One run's load.
     *
     * @param prefix put before the tool (taskset), or empty
     * @param timeoutS the request time-out; NaN for the tool's default
     * @param scriptArgs wrk's script arguments (rows, threads, seed, mix); the others read {@code rows}
     * @param offeredRps the fixed total rate of an open-loop tool (oha's -q); NaN for a closed loop
     */
    public record Request(List<String> prefix, String endpoint, int threads, int connections, int durationS,
            double timeoutS, int port, Map<String, String> scriptArgs, double offeredRps) {
        /** A closed-loop run. */
        public Request(List<String> prefix, String endpoint, int threads, int connections, int durationS,
                double timeoutS, int port, Map<String, String> scriptArgs) {
            this(prefix, endpoint, threads, connections, durationS, timeoutS, port, scriptArgs, Double.NaN);
        }
    }

    /**
     * How the tool ended.
     *
     * @param output the file kept as evidence (wrk: stdout and stderr; autocannon, oha: its JSON)
     * @param messages what else it printed (stderr), for a failure's note
     * @param cpu the tool's CPU seconds as the shell that ran it reported them, or null
     */
    public record Outcome(int exitCode, Path output, String text, String messages, boolean timedOut,
            WrkCommand.LoadgenCpu cpu) {}

    /** Seconds past the duration before a tool that does not exit is killed. */
    public long exitGraceSeconds() {
        return module.exitGraceSeconds();
    }

    /** Runs the load; the output goes to {@code workDir/loadgen-output.<ext>}. */
    public Outcome run(Request r, Path workDir, Consumer<ProcessHandle> started) throws IOException, InterruptedException {
        return module.run(setup, r, workDir, started);
    }

    /** The run's result; an error names {@code where} and what is wrong. */
    public LoadResult parse(Outcome o, String where) throws IOException {
        return module.parse(o.text(), where);
    }

    /** delete_item's DELETEs of ids without a row, -1 where the tool does not report them. */
    public long missingIds(Outcome o) {
        return module.missingIds(o.text());
    }
}
