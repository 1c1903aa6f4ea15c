package dev.tpm.cli;

import dev.tpm.codec.Sha256Sums;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code tpm manifest}: (re)write data/SHA256SUMS. */
@Command(
        name = "manifest",
        mixinStandardHelpOptions = true,
        description = {
            "(Re)writes DIR/SHA256SUMS in coreutils format, listing every file under raw/, config/ and "
                    + "reference/ with its SHA-256, in path order. For maintainers who edit the config or add "
                    + "a campaign; commit the result with the data.",
            "It does not check the data: run `tpm ingest` (or `make paper`) afterwards."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:SHA256SUMS written", "1:the folder cannot be read or written", "2:usage error"})
final class ManifestCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    Options.Data data;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            if (!java.nio.file.Files.isDirectory(data.data)) {
                err.println("error: " + data.data + ": expected a data folder, found no such folder");
                err.flush();
                return Options.BAD_INPUT;
            }
            int n = Sha256Sums.write(data.data);
            out.println("wrote " + data.data.resolve(Sha256Sums.FILE_NAME) + ": " + n + " files");
            out.flush();
            return Options.OK;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return Options.BAD_INPUT;
        }
    }
}
