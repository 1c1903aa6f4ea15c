package dev.tpm.cli;

import dev.tpm.codec.BadInputException;
import dev.tpm.ingest.Ingest;
import dev.tpm.model.Campaign;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.StackInfo;
import dev.tpm.pipeline.Pipeline;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code tpm ingest}: validate the data folder and summarise it. */
@Command(
        name = "ingest",
        mixinStandardHelpOptions = true,
        description = {
            "Reads the data folder and checks every rule of spec/data.md (config, reference values, each "
                    + "campaign's campaign.json, phase1.csv, phase2.csv and phase3/*.json), reporting every "
                    + "problem at once. On success prints a summary to stdout. Writes nothing.",
            "The SHA256SUMS check is `tpm verify`."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the data folder follows the contract", "1:bad input", "2:usage error"})
final class IngestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    Options.Data data;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Dataset d;
        try {
            d = Ingest.read(data.data, s -> {
                err.println(s);
                err.flush();
            });
        } catch (BadInputException e) {
            return Options.report(err, e, "the data folder does not follow spec/data.md");
        }
        out.println(data.data + ": " + Pipeline.summary(d));
        for (Campaign c : d.campaigns()) {
            out.println("  campaign " + c.id() + ": device " + c.device().id() + ", stacks "
                    + c.stacks().stream().map(StackInfo::id).collect(Collectors.joining(", ")));
        }
        out.println("  mixes: " + d.mixes().stream().map(m -> m.name()).collect(Collectors.joining(", "))
                + " (declared: " + d.declaredMix().name() + ")");
        out.flush();
        return Options.OK;
    }
}
