package dev.tpm.collect.loadgen;

import java.nio.file.Path;

/**
 * Where each load generator is installed and where it runs: what a {@link LoadGenTool} needs
 * besides one run's {@link LoadGenerator.Request}. A tool reads only its own fields.
 *
 * @param wrkScripts the folder of wrk's Lua scripts (harness/wrk, or its copy on the host)
 * @param wrk the wrk executable
 * @param autocannonDir where npm installed autocannon (harness/loadgen/autocannon)
 * @param node the node that runs autocannon
 * @param ohaDir where {@code cargo install --root} put oha (harness/loadgen/oha; the binary is bin/oha)
 * @param host this machine, or the one reached through ssh
 * @param address the server's address as the load generator reaches it
 */
public record LoadGenSetup(Path wrkScripts, String wrk, Path autocannonDir, String node, Path ohaDir, LoadGenHost host,
        String address) {
    /** The folder of the project's pinned load generators beside the wrk scripts: {@code <harness>/loadgen}. */
    public static Path toolsBeside(Path wrkScripts) {
        return wrkScripts.toAbsolutePath().getParent().resolve("loadgen");
    }
}
