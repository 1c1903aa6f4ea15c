package dev.tpm.collect.stack;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a stack runs on, for campaign.json {@code stacks[].versions} (data.md): the runtime and the
 * SQLite library from GET /diag (the toolchain's version line when the stack has no /diag), and
 * each package of stack.json's {@code versions} at the version its lock file pins ("axum 0.8.9");
 * a builtin is named without a version (its version is the runtime's); a {@code {"command": argv}}
 * entry is the first line that command prints (a package of the system, such as Debian's puma,
 * which no lock file pins: "puma 5.6.5"). JVM stacks add their
 * collectors, maximum heap and flags as /diag reports them.
 *
 * @param versions role to text, in a fixed order: runtime, framework, sqlite, then the other hints
 * @param problems hints that could not be resolved, and /diag answers that contradict a hint
 */
public record StackVersions(Map<String, String> versions, List<String> problems) {
    public StackVersions {
        versions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(versions));
        problems = List.copyOf(problems);
    }

    /**
     * @param diag the server's /diag answer, or null for a stack without one
     * @param toolchainLine the first line of the stack's version command, or null
     */
    public static StackVersions of(StackSpec spec, Diag diag, String toolchainLine) {
        List<String> problems = new ArrayList<>();
        Map<String, String> hinted = new LinkedHashMap<>();
        Optional<Path> lock = Optional.empty();
        try {
            lock = LockFileVersions.lockFileOf(spec);
        } catch (IOException e) {
            problems.add(e.getMessage());
        }
        for (Map.Entry<String, StackSpec.VersionHint> e : spec.versionHints().entrySet()) {
            StackSpec.VersionHint h = e.getValue();
            if (h.builtin()) {
                hinted.put(e.getKey(), h.name());
                continue;
            }
            if (h.isCommand()) {
                try {
                    hinted.put(e.getKey(), ToolchainVersion.firstLine(spec, h.command()));
                } catch (IOException ex) {
                    problems.add("versions." + e.getKey() + ": " + ex.getMessage());
                }
                continue;
            }
            if (lock.isEmpty()) {
                problems.add("versions." + e.getKey() + ": no lock file in " + spec.dir() + " to read '" + h.name() + "' from");
                continue;
            }
            try {
                Optional<String> v = LockFileVersions.find(lock.get(), h.name());
                if (v.isPresent()) {
                    hinted.put(e.getKey(), h.name() + " " + v.get());
                } else {
                    problems.add("versions." + e.getKey() + ": '" + h.name() + "' is not in " + lock.get());
                }
            } catch (IOException ex) {
                problems.add("versions." + e.getKey() + ": " + ex.getMessage());
            }
        }

        Map<String, String> out = new LinkedHashMap<>();
        String runtime = diag != null && diag.runtime() != null ? diag.runtime() : toolchainLine;
        if (runtime != null) out.put("runtime", runtime);
        String framework = hinted.containsKey("framework") ? hinted.get("framework")
                : diag != null && diag.framework() != null ? diag.framework() : spec.framework();
        out.put("framework", framework);
        if (diag != null && diag.sqliteVersion() != null) out.put("sqlite", diag.sqliteVersion());
        hinted.forEach(out::putIfAbsent);
        if (diag != null && diag.eventLoop() != null) {
            StackSpec.VersionHint loop = spec.versionHints().get("event_loop");
            if (loop == null) {
                out.put("event_loop", diag.eventLoop());
            } else if (!diag.eventLoop().toLowerCase(Locale.ROOT).startsWith(loop.name().toLowerCase(Locale.ROOT))) {
                problems.add("versions.event_loop: stack.json names '" + loop.name() + "', GET /diag reports '"
                        + diag.eventLoop() + "' running");
            }
        }
        if (diag != null && diag.jvm() != null) jvm(diag.jvm(), out);
        return new StackVersions(out, problems);
    }

    private static void jvm(JsonNode jvm, Map<String, String> out) {
        List<String> gc = new ArrayList<>();
        jvm.path("gc").forEach(n -> gc.add(n.asText()));
        if (!gc.isEmpty()) out.put("gc", String.join(", ", gc));
        if (jvm.path("max_heap_bytes").canConvertToLong()) {
            out.put("max_heap_mib", String.format(Locale.ROOT, "%.0f", jvm.path("max_heap_bytes").asLong() / 1048576.0));
        }
        List<String> flags = new ArrayList<>();
        jvm.path("flags").forEach(n -> flags.add(n.asText()));
        if (!flags.isEmpty()) out.put("jvm_flags", String.join(" ", flags));
    }
}
