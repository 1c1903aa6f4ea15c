package dev.tpm.cli;

import dev.tpm.codec.BadInputException;
import dev.tpm.paper.Stages;
import dev.tpm.pipeline.StageException;
import dev.tpm.pipeline.StageTimings;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tpm paper}: every stage, then tables/ and figures/ replaced atomically. */
@Command(
        name = "paper",
        mixinStandardHelpOptions = true,
        description = {
            "Reads the data folder, checks it (every rule of spec/data.md and data/SHA256SUMS), runs every "
                    + "stage and writes OUT/tables/ and OUT/figures/.",
            "The new folders are written beside the old ones and swapped in by rename: a run that fails "
                    + "(bad input, an error in any stage) leaves the previous outputs byte for byte as they were.",
            "Prints one progress line per stage and one line per artifact left out, to stderr."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:outputs written", "1:bad input or failed verification; nothing written", "2:usage error"})
final class PaperCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    Options.Data data;

    @Mixin
    Options.Threads threads;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = ".",
            description = "the folder that receives tables/ and figures/; default: ${DEFAULT-VALUE}")
    Path out;

    @Option(names = "--timings",
            description = "print each step's wall time, CPU time and peak RSS to stderr, then (on Linux) the CPU time"
                    + " of the JVM's JIT compiler and collector threads (lines starting 'timing')")
    boolean timings;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        int n = threads.get(spec);
        try {
            Stages.paper(data.data, n, err)
                    .timings(timings ? StageTimings.to(err) : StageTimings.OFF)
                    .run(out);
            return Options.OK;
        } catch (BadInputException e) {
            return Options.report(err, e, "tables/ and figures/ were left unchanged");
        } catch (StageException e) {
            err.println("error: " + e.getMessage() + "; tables/ and figures/ were left unchanged");
            e.getCause().printStackTrace(err);
            err.flush();
            return Options.BAD_INPUT;
        }
    }
}
