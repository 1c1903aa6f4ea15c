package dev.tpm.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command-line entry point: one subcommand per task. */
@Command(name = "tpm", mixinStandardHelpOptions = true,
        description = "Throughput per Megabyte: replication package.",
        subcommands = {
            dev.tpm.collect.stack.ServersCommand.class,
            dev.tpm.collect.conformance.ConformanceCommand.class,
            dev.tpm.collect.CollectCommand.class,
        })
public final class Main implements Runnable {
    @Override
    public void run() {
        new CommandLine(this).usage(System.out);
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new Main()).execute(args));
    }
}
