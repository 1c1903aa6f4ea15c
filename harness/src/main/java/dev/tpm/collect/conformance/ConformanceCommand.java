package dev.tpm.collect.conformance;

import dev.tpm.collect.stack.StackRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code conformance [--servers DIR] [--stack ID...]}: checks built servers against the API table. */
@Command(name = "conformance", mixinStandardHelpOptions = true,
        description = "Start each built server and check every row of the API table of spec/servers.md.")
public final class ConformanceCommand implements Callable<Integer> {
    @Option(names = "--servers", description = "folder of stacks (default: ${DEFAULT-VALUE})")
    Path servers = Path.of("servers");

    @Option(names = "--stack", arity = "1..*", description = "stack ids to check (default: every available stack)")
    List<String> stacks = new ArrayList<>();

    @Option(names = "--work", description = "folder for the databases and server logs (default: ${DEFAULT-VALUE})")
    Path work = Path.of("target", "conformance");

    @Override
    public Integer call() throws Exception {
        StackRegistry registry = StackRegistry.load(servers);
        ConformanceCheck.Report report = new ConformanceCheck(work).run(registry, stacks);
        System.out.print(report.text());
        return report.passed() && !report.stacks().isEmpty() ? 0 : 1;
    }
}
