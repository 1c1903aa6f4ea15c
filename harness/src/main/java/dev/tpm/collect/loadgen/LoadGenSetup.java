package dev.tpm.collect.loadgen;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;

/**
 * Where each load generator is installed and where it runs: what a {@link LoadGenTool} needs
 * besides one run's {@link LoadGenerator.Request}. A tool reads only its own fields. A campaign
 * builds it once ({@link #builder}); only the wrk scripts' folder changes, to their copy on the
 * load generator's host ({@code withWrkScripts}, generated).
 *
 * @param wrkScripts the folder of wrk's Lua scripts (harness/wrk, or its copy on the host)
 * @param wrk the wrk executable
 * @param autocannonDir where npm installed autocannon (harness/loadgen/autocannon)
 * @param node the node that runs autocannon
 * @param ohaDir where {@code cargo install --root} put oha (harness/loadgen/oha; the binary is bin/oha)
 * @param host this machine, or the one reached through ssh
 * @param bind the address the server binds; the load generator reaches it at {@link #address()}
 */
@RecordBuilder
public record LoadGenSetup(Path wrkScripts, @RecordBuilder.Initializer("WRK") String wrk, Path autocannonDir,
        @RecordBuilder.Initializer("NODE") String node, Path ohaDir, @RecordBuilder.Initializer("LOCAL") LoadGenHost host,
        @RecordBuilder.Initializer("LOOPBACK") String bind) implements LoadGenSetupBuilder.With {
    /** The builder's defaults: wrk and node on the PATH, this machine, loopback. */
    public static final String WRK = "wrk";
    public static final String NODE = LoadGenerator.DEFAULT_NODE;
    public static final LoadGenHost LOCAL = LoadGenHost.LOCAL;
    public static final String LOOPBACK = "127.0.0.1";

    /**
     * A null autocannonDir or ohaDir is the tool folder beside the wrk scripts ({@code <harness>/loadgen/});
     * a setup of one tool alone (no wrk scripts) keeps only what it is given.
     */
    public LoadGenSetup {
        if (node == null || node.isBlank()) throw new IllegalArgumentException("node: expected an executable, found '" + node + "'");
        Path tools = wrkScripts == null ? null : wrkScripts.resolveSibling("loadgen");
        if (autocannonDir == null && tools != null) autocannonDir = tools.resolve(LoadGenerator.AUTOCANNON);
        if (ohaDir == null && tools != null) ohaDir = tools.resolve(LoadGenerator.OHA);
    }

    /**
     * A setup with its defaults: {@code wrk} on the PATH, autocannon and oha in the tool folder
     * beside the wrk scripts ({@code <harness>/loadgen/}), the first node on the PATH, this
     * machine, loopback (RecordBuilder's LoadGenSetupBuilder).
     */
    public static LoadGenSetupBuilder builder(Path wrkScripts) {
        return LoadGenSetupBuilder.builder().wrkScripts(wrkScripts);
    }

    /** The defaults of {@link #builder}. */
    public static LoadGenSetup local(Path wrkScripts) {
        return builder(wrkScripts).build();
    }

    /** The address the load generator connects to: the bound one, loopback for a wildcard bind on this machine. */
    public String address() {
        boolean wildcard = bind.equals("0.0.0.0") || bind.equals("::");
        return wildcard && !host.remote() ? "127.0.0.1" : bind;
    }
}
