package dev.tpm.collect.stack;

import dev.tpm.collect.sample.Commands;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * campaign.json's {@code stacks[].runtime_bytes} (servers.md version 4 "Runtime size"): what
 * {@code du --bytes --summarize} gives over the distinct paths a stack's run command needs beyond
 * its artifact, resolved on the device itself by asking each runtime where it lives: the JDK or
 * JRE home of {@code java} (its {@code java.home}); the {@code node} binary
 * ({@code process.execPath}) and the stack's node_modules when it is not an artifact; the Python
 * interpreter's prefix ({@code sys.base_prefix}; for a system interpreter under /usr or /usr/local,
 * whose prefix is the whole system, its binary and standard library) and the virtual environment
 * when it is not an artifact; Ruby's binary and library; the Erlang root (and Elixir's) for mix or
 * elixir. A run command whose program is a native binary inside the stack folder (Go, Rust, Crystal,
 * Nim, a self-contained .NET) needs no runtime: null, written as no key.
 */
public final class RuntimeSize {
    /** What the run command needs beyond the artifact, and the runtime it found them from. */
    public record Paths(String runtime, List<Path> paths) {}

    private static final long TIMEOUT_MS = 30_000;
    private static final Commands COMMANDS = Commands.systemWithStderr(TIMEOUT_MS);
    private static final Set<Path> SYSTEM_PREFIXES = Set.of(Path.of("/usr"), Path.of("/usr/local"), Path.of("/"));

    private RuntimeSize() {}

    /** The runtime bytes of {@code spec}, or null for a self-contained binary. */
    public static Long bytes(StackSpec spec) throws IOException {
        Paths p = paths(spec);
        return p == null ? null : du(p.paths());
    }

    /** The paths the run command needs beyond the artifact, or null for a self-contained binary. */
    public static Paths paths(StackSpec spec) throws IOException {
        String program = spec.run().get(0);
        String exe;
        String kind;
        if (program.contains("/")) {
            Path p = spec.dir().resolve(program).normalize();
            if (!Files.exists(p)) throw new IOException("stack '" + spec.id() + "': " + p + " does not exist (not built?)");
            String shebang = shebang(p);
            if (shebang != null) {
                exe = shebang;
                kind = kind(Path.of(shebang).getFileName().toString());
            } else {
                Path real = p.toRealPath();
                if (real.startsWith(spec.dir().toRealPath())) return null; // a native binary of the stack's own
                exe = real.toString();
                kind = kind(real.getFileName().toString());
            }
        } else {
            exe = program;
            kind = kind(program);
            if (kind == null) {
                // a script on the PATH (puma, mix): its interpreter
                Path onPath = which(program);
                String shebang = onPath == null ? null : shebang(onPath);
                if (shebang != null) {
                    exe = shebang;
                    kind = kind(Path.of(shebang).getFileName().toString());
                }
            }
        }
        if (kind == null) throw new IOException("stack '" + spec.id() + "': cannot tell the runtime of " + program);
        Set<Path> out = new LinkedHashSet<>();
        switch (kind) {
            case "java" -> out.add(Path.of(property(run(List.of(exe, "-XshowSettings:properties", "-version")), "java.home")));
            case "node" -> {
                out.add(Path.of(run(List.of(exe, "-p", "process.execPath")).strip()).toRealPath());
                addUnlessArtifact(spec, "node_modules", out);
            }
            case "python" -> {
                List<String> l = run(List.of(exe, "-c", "import os,sys,sysconfig;print(os.path.realpath(sys.base_prefix));"
                        + "print(os.path.realpath(getattr(sys,'_base_executable',sys.executable)));"
                        + "print(sysconfig.get_paths()['stdlib']);print(sys.prefix)")).strip().lines().toList();
                Path prefix = Path.of(l.get(0));
                if (SYSTEM_PREFIXES.contains(prefix)) {
                    out.add(Path.of(l.get(1)));
                    out.add(Path.of(l.get(2)));
                } else {
                    out.add(prefix);
                }
                Path venv = Path.of(l.get(3));
                if (!venv.equals(prefix) && !isArtifact(spec, venv)) out.add(venv);
            }
            case "ruby" -> {
                List<String> l = run(List.of(exe, "-e", "require 'rbconfig'; c = RbConfig::CONFIG;"
                        + " puts File.realpath(File.join(c['bindir'], c['ruby_install_name'])); puts c['rubylibdir'];"
                        + " puts Gem.default_dir")).strip().lines().toList();
                for (String s : l) if (Files.exists(Path.of(s))) out.add(Path.of(s));
            }
            case "erlang" -> {
                out.add(Path.of(run(List.of("erl", "-noshell", "-eval", "io:format(\"~s\", [code:root_dir()]), halt().")).strip()));
                if (!exe.endsWith("erl")) {
                    Path lib = Path.of(run(List.of("elixir", "-e", "IO.write(:code.lib_dir(:elixir))")).strip());
                    out.add(lib.getParent() != null && lib.getParent().getParent() != null ? lib.getParent().getParent() : lib);
                }
            }
            default -> throw new IllegalStateException(kind);
        }
        // a path inside another counts once
        List<Path> distinct = new ArrayList<>();
        for (Path p : out) {
            if (out.stream().noneMatch(o -> !o.equals(p) && p.startsWith(o))) distinct.add(p);
        }
        return new Paths(kind, distinct);
    }

    /** {@code du --bytes --summarize --total} over the paths: bytes, a file linked twice once. */
    public static long du(List<Path> paths) throws IOException {
        List<String> argv = new ArrayList<>(List.of("du", "--bytes", "--summarize", "--total"));
        for (Path p : paths) argv.add(p.toString());
        String out = run(argv).strip();
        String last = out.substring(out.lastIndexOf('\n') + 1);
        return Long.parseLong(last.split("\\s+")[0]);
    }

    private static String kind(String name) {
        if (name.equals("java")) return "java";
        if (name.equals("node") || name.equals("nodejs")) return "node";
        if (name.matches("python(\\d+(\\.\\d+)?)?")) return "python";
        if (name.matches("ruby(\\d+(\\.\\d+)?)?")) return "ruby";
        if (name.equals("mix") || name.equals("elixir") || name.equals("erl")) return "erlang";
        return null;
    }

    private static void addUnlessArtifact(StackSpec spec, String rel, Set<Path> out) {
        Path p = spec.dir().resolve(rel);
        if (Files.isDirectory(p) && !isArtifact(spec, p)) out.add(p);
    }

    private static boolean isArtifact(StackSpec spec, Path p) {
        for (String a : spec.artifacts()) {
            if (p.toAbsolutePath().normalize().startsWith(spec.dir().resolve(a).toAbsolutePath().normalize())) return true;
        }
        return false;
    }

    /** The interpreter of a script's {@code #!} line ({@code /usr/bin/env X}: X), or null for a binary. */
    static String shebang(Path file) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(256);
        }
        if (head.length < 2 || head[0] != '#' || head[1] != '!') return null;
        String line = new String(head, StandardCharsets.UTF_8).substring(2).lines().findFirst().orElse("").strip();
        String[] f = line.split("\\s+");
        if (f[0].endsWith("/env") && f.length > 1) return f[f.length - 1].equals("-S") ? f[0] : f[1];
        return f[0];
    }

    private static Path which(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(p)) return p;
        }
        return null;
    }

    /** {@code key = value} of {@code java -XshowSettings:properties}. */
    static String property(String settings, String key) throws IOException {
        for (String l : settings.lines().toList()) {
            String t = l.strip();
            if (t.startsWith(key + " = ")) return t.substring(key.length() + 3);
        }
        throw new IOException("no " + key + " in java -XshowSettings:properties");
    }

    /** stdout and stderr of a short command; an exception when it fails. */
    private static String run(List<String> argv) throws IOException {
        return COMMANDS.run(argv);
    }
}
