package dev.tpm.cli;

import dev.tpm.codec.BadInputException;
import dev.tpm.codec.Problem;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** Options and reporting shared by the subcommands. */
final class Options {
    private Options() {}

    static final int OK = 0;
    /** Bad input or a failed verification. */
    static final int BAD_INPUT = 1;

    /** {@code --data DIR}. */
    static final class Data {
        @Option(names = "--data", paramLabel = "DIR", defaultValue = "data",
                description = "the data folder (spec/data.md); default: ${DEFAULT-VALUE}")
        Path data;
    }

    /** {@code --threads N}. */
    static final class Threads {
        @Option(names = "--threads", paramLabel = "N",
                description = "worker threads for the analysis (results do not depend on it); "
                        + "default: the available processors")
        Integer threads;

        /** The thread count; a usage error (exit 2) when it is below 1. */
        int get(CommandSpec spec) {
            int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            if (n < 1) throw new ParameterException(spec.commandLine(), "--threads must be >= 1, found " + n);
            return n;
        }
    }

    /** Every problem, one line each, then a count. */
    static int report(PrintWriter err, BadInputException e, String action) {
        for (Problem p : e.problems()) err.println("error: " + p);
        int n = e.problems().size();
        err.println(n + " problem" + (n == 1 ? "" : "s") + " found; " + action);
        err.flush();
        return BAD_INPUT;
    }
}
