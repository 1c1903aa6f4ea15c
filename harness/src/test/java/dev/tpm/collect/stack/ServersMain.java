package dev.tpm.collect.stack;

import picocli.CommandLine;

/** The `servers` command alone, for tests that run it in a JVM of their own (with its own PATH). */
public final class ServersMain {
    private ServersMain() {}

    public static void main(String[] args) {
        System.exit(new CommandLine(new ServersCommand()).execute(args));
    }
}
