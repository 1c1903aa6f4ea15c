package dev.tpm.collect.conformance;

import dev.tpm.collect.stack.StackRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code conformance [--servers DIR] [--stack ID...] [--launcher ARG,...] [--startup-timeout S]}: checks built
 * servers against the API table.
 */
@Command(name = "conformance", mixinStandardHelpOptions = true,
        description = "Start each built server and check every row of the API table of spec/servers.md.")
public final class ConformanceCommand implements Callable<Integer> {
    @Option(names = "--servers", description = "folder of stacks (default: ${DEFAULT-VALUE})")
    Path servers = Path.of("servers");

    @Option(names = "--stack", arity = "1..*", description = "stack ids to check (default: every available stack)")
    List<String> stacks = new ArrayList<>();

    @Option(names = "--work", description = "folder for the databases and server logs (default: ${DEFAULT-VALUE})")
    Path work = Path.of("target", "conformance");

    @Option(names = "--launcher", split = ",", paramLabel = "ARG",
            description = "a command put before each server's run argv, its arguments separated by commas; it must exec "
                    + "that argv in the stack's folder with the environment it is given (scripts/arm64/check.sh: the "
                    + "server inside an arm64 root under qemu-user). Toolchains are still looked up on this PATH.")
    List<String> launcher = new ArrayList<>();

    @Option(names = "--startup-timeout", paramLabel = "SECONDS",
            description = "seconds a server may take to answer GET /health with 200 (default: ${DEFAULT-VALUE})")
    long startupTimeoutSeconds = ConformanceCheck.STARTUP_TIMEOUT.toSeconds();

    @Override
    public Integer call() throws Exception {
        StackRegistry registry = StackRegistry.load(servers);
        ConformanceCheck check = new ConformanceCheck(work, launcher, Duration.ofSeconds(startupTimeoutSeconds));
        ConformanceCheck.Report report = check.run(registry, stacks);
        System.out.print(report.text());
        return report.passed() && !report.stacks().isEmpty() ? 0 : 1;
    }
}
