package dev.tpm.collect.stack;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code servers [--servers DIR] [--stack ID...]}: builds every stack whose toolchain is present. */
@Command(name = "servers", mixinStandardHelpOptions = true,
        description = "Build every available reference server (servers/<id>/stack.json); say which were skipped and why.")
public final class ServersCommand implements Callable<Integer> {
    @Option(names = "--servers", description = "folder of stacks (default: ${DEFAULT-VALUE})")
    Path servers = Path.of("servers");

    @Option(names = "--stack", arity = "1..*", description = "stack ids to build (default: every available stack)")
    List<String> stacks = new ArrayList<>();

    @Option(names = "--logs", description = "folder for the build logs (default: ${DEFAULT-VALUE})")
    Path logs = Path.of("target", "server-builds");

    /**
     * Folders of {@code servers} with a README.md and no stack.json: a system that cannot be built
     * here (dart-httpserver), listed so that `make servers` says it was skipped.
     */
    static List<Path> notStacks(Path servers) throws java.io.IOException {
        try (var children = java.nio.file.Files.list(servers)) {
            return children.filter(java.nio.file.Files::isDirectory)
                    .filter(d -> !java.nio.file.Files.exists(d.resolve(StackSpec.FILE_NAME)))
                    .filter(d -> java.nio.file.Files.isRegularFile(d.resolve("README.md")))
                    .sorted().toList();
        }
    }

    @Override
    public Integer call() throws Exception {
        StackRegistry registry = StackRegistry.load(servers);
        List<StackSpec> chosen = stacks.isEmpty() ? registry.all() : stacks.stream().map(registry::get).toList();
        int failed = 0;
        for (StackSpec spec : chosen) {
            if (!registry.available(spec)) {
                String reason = registry.unavailable().stream().filter(u -> u.spec().id().equals(spec.id()))
                        .map(StackRegistry.Unavailable::reason).findFirst().orElse("unavailable");
                System.out.println("skipped " + spec.id() + ": " + reason);
                continue;
            }
            Path log = logs.resolve(spec.id() + ".log");
            System.out.println("building " + spec.id() + " (log " + log + ")");
            try {
                Duration took = StackBuilder.build(spec, log);
                String size = StackBuilder.isBuilt(spec)
                        ? String.format(Locale.ROOT, "%.1f MiB", ArtifactSize.bytes(spec) / 1048576.0)
                        : "artifacts missing: " + StackBuilder.missingArtifacts(spec);
                System.out.printf(Locale.ROOT, "built %s in %.1f s; artifact %s; %s%n", spec.id(),
                        took.toMillis() / 1000.0, size, ToolchainVersion.of(spec));
                if (!StackBuilder.isBuilt(spec)) failed++;
            } catch (Exception e) {
                System.out.println("FAILED " + e.getMessage());
                failed++;
            }
        }
        if (stacks.isEmpty()) {
            for (Path folder : notStacks(servers)) {
                System.out.println("skipped " + folder.getFileName() + ": no stack.json; " + folder.resolve("README.md") + " says why");
            }
        }
        return failed == 0 ? 0 : 1;
    }
}
