package dev.tpm.collect.stack;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Every stack of a servers folder: each {@code <dir>/<id>/stack.json}, sorted by id. A stack is
 * available when every executable of its {@code toolchain} is on PATH; the others are listed with
 * the reason, so a machine without a .NET SDK still accepts the dotnet folder. A stack whose
 * stack.json has a {@code toolchain_check} is available only when that command also succeeds (run
 * once per registry, the first time it is asked): ruby-puma-mjit without the header MJIT compiles
 * against is skipped, not run as an interpreter under the JIT's name.
 */
public final class StackRegistry {
    /** A stack that cannot be built or run here, and why. */
    public record Unavailable(StackSpec spec, String reason) {}

    private final Path dir;
    private final List<StackSpec> all;
    private final String searchPath;
    /** stack id to the toolchain check's failure ("" when it passed), filled on first use. */
    private final java.util.Map<String, String> checked = new java.util.concurrent.ConcurrentHashMap<>();

    private StackRegistry(Path dir, List<StackSpec> all, String searchPath) {
        this.dir = dir;
        this.all = List.copyOf(all);
        this.searchPath = searchPath;
    }

    /** Loads every stack under {@code serversDir}, judging toolchains against this process's PATH. */
    public static StackRegistry load(Path serversDir) throws IOException {
        return load(serversDir, System.getenv("PATH"));
    }

    /** Loads every stack under {@code serversDir}, judging toolchains against {@code searchPath}. */
    public static StackRegistry load(Path serversDir, String searchPath) throws IOException {
        if (!Files.isDirectory(serversDir)) {
            throw new IOException(serversDir + ": expected a folder of stacks (servers/<id>/stack.json), found none");
        }
        List<StackSpec> specs = new ArrayList<>();
        try (Stream<Path> children = Files.list(serversDir)) {
            for (Path child : children.sorted().toList()) {
                if (Files.isRegularFile(child.resolve(StackSpec.FILE_NAME))) specs.add(StackSpec.load(child));
            }
        }
        specs.sort(Comparator.comparing(StackSpec::id));
        return new StackRegistry(serversDir, specs, searchPath == null ? "" : searchPath);
    }

    public Path dir() {
        return dir;
    }

    /** Every stack, sorted by id. */
    public List<StackSpec> all() {
        return all;
    }

    public Optional<StackSpec> find(String id) {
        return all.stream().filter(s -> s.id().equals(id)).findFirst();
    }

    /** The stack with this id; an error lists the ids there are. */
    public StackSpec get(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("no stack '" + id + "' in " + dir
                + " (stacks: " + String.join(", ", all.stream().map(StackSpec::id).toList()) + ")"));
    }

    /**
     * True when every toolchain executable of {@code spec} is on the search path and its
     * {@code toolchain_check}, if any, succeeds.
     */
    public boolean available(StackSpec spec) {
        return reason(spec).isEmpty();
    }

    /** The stacks that are available, sorted by id. */
    public List<StackSpec> available() {
        return all.stream().filter(this::available).toList();
    }

    /** The stacks that are not available, sorted by id, each with the reason. */
    public List<Unavailable> unavailable() {
        List<Unavailable> out = new ArrayList<>();
        for (StackSpec s : all) {
            String reason = reason(s);
            if (!reason.isEmpty()) out.add(new Unavailable(s, reason));
        }
        return out;
    }

    /** Why {@code spec} cannot be built or run here, or "" when it can. */
    private String reason(StackSpec spec) {
        List<String> missing = missingToolchain(spec);
        if (!missing.isEmpty()) return "toolchain not on PATH: " + String.join(", ", missing);
        if (spec.toolchainCheck().isEmpty()) return "";
        return checked.computeIfAbsent(spec.id(), id -> toolchainCheck(spec));
    }

    /** "" when the stack's toolchain check exits 0, else the check and its last line of output. */
    static String toolchainCheck(StackSpec spec) {
        String what = "toolchain check " + spec.toolchainCheck() + " failed";
        try {
            ToolchainVersion.run(spec, spec.toolchainCheck());
            return "";
        } catch (IOException e) {
            String msg = e instanceof ToolchainVersion.CommandFailed f ? f.output()
                    : e.getMessage() == null ? "" : e.getMessage().strip();
            List<String> lines = msg.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
            return what + (lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1));
        }
    }

    private List<String> missingToolchain(StackSpec spec) {
        return spec.toolchain().stream().filter(t -> !onPath(t, searchPath)).toList();
    }

    /** True when {@code name} is an executable file in one of the folders of {@code searchPath}. */
    public static boolean onPath(String name, String searchPath) {
        if (name.contains("/")) return Files.isExecutable(Path.of(name));
        for (String d : searchPath.split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, name)) && !Files.isDirectory(Path.of(d, name))) {
                return true;
            }
        }
        return false;
    }
}
