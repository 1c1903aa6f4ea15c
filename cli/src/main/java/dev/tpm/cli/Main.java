package dev.tpm.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code tpm} command line (the jar's main class). Exit codes: 0 ok, 1 bad input or failed
 * verification (the message names file, line and column), 2 usage error.
 */
@Command(
        name = "tpm",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        synopsisSubcommandLabel = "COMMAND",
        description = "Throughput per Megabyte: the replication pipeline. Reads data/ (spec/data.md), "
                + "checks it, and regenerates tables/ and figures/.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:success",
            "1:bad input or failed verification (each message names file, line, column)",
            "2:usage error"
        })
public final class Main implements Callable<Integer> {
    /** Every subcommand, one line each, in the order `tpm --help` lists them. */
    static List<Object> subcommands() {
        return List.of(
                new PaperCommand(),
                new IngestCommand(),
                new VerifyCommand(),
                new ManifestCommand(),
                new dev.tpm.collect.stack.ServersCommand(),
                new dev.tpm.collect.conformance.ConformanceCommand(),
                new dev.tpm.collect.command.CollectCommand(),
                new dev.tpm.collect.importer.ImportCommand());
    }

    @Spec
    CommandSpec spec;

    /** The command line with every subcommand registered; tests call {@code execute} on it in-process. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        for (Object sub : subcommands()) cl.addSubcommand(sub);
        return cl;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** Without a subcommand: the usage, as for any other usage error. */
    @Override
    public Integer call() {
        spec.commandLine().getErr().println("Missing a command.");
        spec.commandLine().usage(spec.commandLine().getErr());
        return CommandLine.ExitCode.USAGE;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"tpm " + (v == null ? "(development build)" : v)};
        }
    }
}
