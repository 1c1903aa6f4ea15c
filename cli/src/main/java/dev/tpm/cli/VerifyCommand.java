package dev.tpm.cli;

import dev.tpm.codec.BadInputException;
import dev.tpm.output.Outputs;
import dev.tpm.codec.FileHashes;
import dev.tpm.paper.PaperCatalog;
import dev.tpm.paper.Stages;
import dev.tpm.pipeline.StageException;
import dev.tpm.results.Verification;
import dev.tpm.verify.OutputComparison;
import dev.tpm.verify.Verifier;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tpm verify}: the manifest check, and with --outputs the byte-for-byte regeneration check. */
@Command(
        name = "verify",
        mixinStandardHelpOptions = true,
        description = {
            "Checks DIR/SHA256SUMS: every file under raw/, config/ and reference/ is listed once with its "
                    + "SHA-256, nothing else is listed, no path is absolute or contains '..'. Agrees with "
                    + "`cd data && sha256sum -c SHA256SUMS` and also catches unlisted files.",
            "With --outputs, also regenerates every output in memory (the whole pipeline, nothing written) and "
                    + "compares it byte for byte with OUT/tables/ and OUT/figures/, printing each file that "
                    + "differs, is missing or is extra, then a one-line verdict."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the manifest matches (and, with --outputs, every output regenerates identically)",
            "1:a manifest problem, bad input, or an output that differs",
            "2:usage error"
        })
final class VerifyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    Options.Data data;

    @Mixin
    Options.Threads threads;

    @Option(names = "--outputs", paramLabel = "OUT",
            description = "also regenerate and compare with OUT/tables/ and OUT/figures/ (e.g. --outputs .)")
    Path outputs;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        int n = threads.get(spec);
        Verification v;
        FileHashes hashes = new FileHashes(); // the check and the regeneration read each file once
        try {
            v = Verifier.verify(data.data, hashes);
        } catch (BadInputException e) {
            return Options.report(err, e, data.data.resolve("SHA256SUMS") + " does not match the files");
        }
        out.println("SHA256SUMS ok: " + v.filesChecked() + " files listed, every hash matches, nothing unlisted"
                + " (SHA256SUMS sha256 " + v.manifestSha256() + ")");
        out.flush();
        if (outputs == null) return Options.OK;

        Outputs fresh;
        try {
            fresh = Stages.paper(data.data, n, err, hashes).generate();
        } catch (BadInputException e) {
            return Options.report(err, e, "could not regenerate the outputs");
        } catch (StageException e) {
            err.println("error: " + e.getMessage());
            e.getCause().printStackTrace(err);
            err.flush();
            return Options.BAD_INPUT;
        }
        OutputComparison c = OutputComparison.compare(fresh, outputs);
        for (OutputComparison.Difference d : c.differences()) out.println(d + " " + builtBy(d.path()));
        out.println("verify: " + c.verdict() + " (against " + outputs.resolve("tables") + " and "
                + outputs.resolve("figures") + ")");
        out.flush();
        return c.matches() ? Options.OK : Options.BAD_INPUT;
    }

    /** The catalog's artifact behind a path, so that a reader goes from a differing file to its code in one step. */
    static String builtBy(String path) {
        return PaperCatalog.CATALOG.owner(path)
                .map(a -> "[" + a.kind().name().toLowerCase(java.util.Locale.ROOT) + " " + a.name() + ", built by "
                        + a.builder().getName() + "]")
                .orElse("[in no artifact of the catalog]");
    }
}
