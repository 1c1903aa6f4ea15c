package dev.tpm.collect.loadgen;

import java.nio.file.Path;

/**
 * Where each load generator is installed and where it runs: what a {@link LoadGenTool} needs
 * besides one run's {@link LoadGenerator.Request}. A tool reads only its own fields. A campaign
 * builds it once ({@link #builder}); only the wrk scripts' folder changes, to their copy on the
 * load generator's host ({@link #withWrkScripts}).
 *
 * @param wrkScripts the folder of wrk's Lua scripts (harness/wrk, or its copy on the host)
 * @param wrk the wrk executable
 * @param autocannonDir where npm installed autocannon (harness/loadgen/autocannon)
 * @param node the node that runs autocannon
 * @param ohaDir where {@code cargo install --root} put oha (harness/loadgen/oha; the binary is bin/oha)
 * @param host this machine, or the one reached through ssh
 * @param bind the address the server binds; the load generator reaches it at {@link #address()}
 */
public record LoadGenSetup(Path wrkScripts, String wrk, Path autocannonDir, String node, Path ohaDir, LoadGenHost host,
        String bind) {
    public LoadGenSetup {
        if (node == null || node.isBlank()) throw new IllegalArgumentException("node: expected an executable, found '" + node + "'");
    }

    /**
     * A setup with its defaults: {@code wrk} on the PATH, autocannon and oha in the tool folder
     * beside the wrk scripts ({@code <harness>/loadgen/}), the first node on the PATH, this
     * machine, loopback.
     */
    public static Builder builder(Path wrkScripts) {
        return new Builder(wrkScripts);
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

    /** This setup with the wrk scripts at {@code scripts} (their copy on the load generator's host). */
    public LoadGenSetup withWrkScripts(Path scripts) {
        return new LoadGenSetup(scripts, wrk, autocannonDir, node, ohaDir, host, bind);
    }

    /** A setup field by field; each setter replaces a default. */
    public static final class Builder {
        private final Path wrkScripts;
        private String wrk = "wrk";
        private Path autocannonDir;
        private String node = LoadGenerator.DEFAULT_NODE;
        private Path ohaDir;
        private LoadGenHost host = LoadGenHost.LOCAL;
        private String bind = "127.0.0.1";

        private Builder(Path wrkScripts) {
            this.wrkScripts = wrkScripts;
        }

        public Builder wrk(String v) {
            wrk = v;
            return this;
        }

        /** Null keeps the default. */
        public Builder autocannonDir(Path v) {
            autocannonDir = v;
            return this;
        }

        public Builder node(String v) {
            node = v;
            return this;
        }

        /** Null keeps the default. */
        public Builder ohaDir(Path v) {
            ohaDir = v;
            return this;
        }

        public Builder host(LoadGenHost v) {
            host = v;
            return this;
        }

        public Builder bind(String v) {
            bind = v;
            return this;
        }

        public LoadGenSetup build() {
            Path tools = wrkScripts.resolveSibling("loadgen");
            return new LoadGenSetup(wrkScripts, wrk,
                    autocannonDir != null ? autocannonDir : tools.resolve(LoadGenerator.AUTOCANNON), node,
                    ohaDir != null ? ohaDir : tools.resolve(LoadGenerator.OHA), host, bind);
        }
    }
}
