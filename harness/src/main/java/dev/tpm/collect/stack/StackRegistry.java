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
 * the reason, so a machine without a .NET SDK still accepts the dotnet folder.
 */
public final class StackRegistry {
    /** A stack that cannot be built or run here, and why. */
    public record Unavailable(StackSpec spec, String reason) {}

    private final Path dir;
    private final List<StackSpec> all;
    private final String searchPath;

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

    /** True when every toolchain executable of {@code spec} is on the search path. */
    public boolean available(StackSpec spec) {
        return missingToolchain(spec).isEmpty();
    }

    /** The stacks that are available, sorted by id. */
    public List<StackSpec> available() {
        return all.stream().filter(this::available).toList();
    }

    /** The stacks that are not available, sorted by id, each with the reason. */
    public List<Unavailable> unavailable() {
        List<Unavailable> out = new ArrayList<>();
        for (StackSpec s : all) {
            List<String> missing = missingToolchain(s);
            if (!missing.isEmpty()) {
                out.add(new Unavailable(s, "toolchain not on PATH: " + String.join(", ", missing)));
            }
        }
        return out;
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
