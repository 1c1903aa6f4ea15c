package dev.tpm.collect.importer;

import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.Problem;
import dev.tpm.codec.Problems;
import dev.tpm.model.Device;
import dev.tpm.model.StackInfo;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tpm import}: saved wrk or autocannon outputs into a new campaign (studies.md). */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {
            "Turn saved load-generator outputs into a new campaign DATA/raw/ID/ (spec/studies.md, \"Importing saved "
                    + "outputs\"): campaign.json with load_generator.imported true, phase1.csv with one row per output, "
                    + "each output kept as loadgen/<seq>.txt or .json, and SHA256SUMS updated.",
            "runs.csv: file,stack,endpoint,concurrency,threads,run,warmup and optional data.md columns the tool does not "
                    + "print (peak_rss_kib, cpu_s, ...); file is relative to runs.csv. Each file is a wrk report with "
                    + "--latency, a wrk report with the harness's done() line, autocannon's --json result or its text table.",
            "An output that is not a complete report is an error naming the file, and nothing is written."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:campaign written", "1:bad input (the message names file, line and column)", "2:usage error"})
public final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--data", description = "data folder (default: ${DEFAULT-VALUE})")
    Path data = Path.of("data");

    @Option(names = "--campaign", required = true, description = "the new campaign's folder name under DATA/raw")
    String campaign;

    @Option(names = "--study", required = true, description = "campaign.json's study: hello-blog, app-servers, node-pi, ...")
    String study;

    @Option(names = "--device-json", required = true, description = "a JSON file with campaign.json's device object (at least an id)")
    Path deviceJson;

    @Option(names = "--runs", required = true, description = "runs.csv naming each saved output")
    Path runs;

    @Option(names = "--stacks-json", description = "a JSON file with campaign.json's stacks array (id, language, framework, ...); "
            + "default: one {\"id\": ...} per stack of runs.csv")
    Path stacksJson;

    @Option(names = "--loadgen-version", description = "the load generator's version, e.g. 4.1.0")
    String loadgenVersion;

    @Option(names = "--loadgen-host", description = "same (on the device under test) or separate")
    String loadgenHost;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            if (loadgenHost != null && !loadgenHost.equals("same") && !loadgenHost.equals("separate")) {
                throw new IOException("--loadgen-host: expected same or separate, found '" + loadgenHost + "'");
            }
            Device device = readJson(deviceJson, (text, problems) -> CampaignJson.parseDevice(text, deviceJson.toString(), problems));
            List<StackInfo> stacks = stacksJson == null ? null
                    : readJson(stacksJson, (text, problems) -> CampaignJson.parseStacks(text, stacksJson.toString(), problems));
            CampaignImport.Outcome o = CampaignImport.run(new CampaignImport.Request(data, campaign, study, device, stacks, runs,
                    loadgenVersion, loadgenHost));
            out.println("imported " + o.rows().size() + " " + o.tool() + " outputs into " + o.folder()
                    + (o.failed() > 0 ? " (" + o.failed() + " with no response, status failed)" : ""));
            out.flush();
            return 0;
        } catch (IOException e) {
            err.println("error: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    /** A JSON file read by the contract's codec; its first problem (file, line and column or JSON path) an error. */
    private static <T> T readJson(Path file, BiFunction<String, Problems, T> codec) throws IOException {
        if (!Files.isRegularFile(file)) throw new IOException(file + ": expected a JSON file, found no such file");
        Problems problems = new Problems();
        T value = codec.apply(Files.readString(file, StandardCharsets.UTF_8), problems);
        if (!problems.isEmpty()) {
            List<Problem> all = problems.all();
            throw new IOException(all.get(0) + (all.size() > 1 ? " (and " + (all.size() - 1) + " more)" : ""));
        }
        return value;
    }
}
