package dev.tpm.collect.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A server stack as {@code servers/<id>/stack.json} describes it (servers.md "Stacks"): the harness
 * and the conformance check know stacks only through this file. Relative paths in {@code run} and
 * {@code artifacts} are resolved against the stack's folder, and every command runs there; no
 * shell is involved.
 *
 * @param dir the stack's folder
 * @param toolchain executables that must be on PATH to build and run it; a stack missing one is
 *     reported as unavailable, not as an error
 * @param build commands (each an argv) that build the stack in release mode, in order
 * @param run the argv that starts the server; it reads PORT, BIND, DB_PATH and WORKERS
 * @param env extra environment for the server process
 * @param workers the WORKERS value the harness passes
 * @param artifacts files or folders that make the deployment artifact (the size column)
 * @param version an argv that prints the toolchain version
 */
public record StackSpec(
        String id,
        Path dir,
        String language,
        String framework,
        List<String> toolchain,
        List<List<String>> build,
        List<String> run,
        Map<String, String> env,
        int workers,
        List<String> artifacts,
        List<String> version) {

    public static final String FILE_NAME = "stack.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    public StackSpec {
        toolchain = List.copyOf(toolchain);
        build = build.stream().map(List::copyOf).toList();
        run = List.copyOf(run);
        env = Map.copyOf(env);
        artifacts = List.copyOf(artifacts);
        version = List.copyOf(version);
    }

    /** Reads {@code dir/stack.json}; an error names the file and the JSON path at fault. */
    public static StackSpec load(Path dir) throws IOException {
        Path file = dir.resolve(FILE_NAME);
        JsonNode root = JSON.readTree(file.toFile());
        String where = file.toString();
        String id = text(root, "id", where);
        if (!id.equals(dir.getFileName().toString())) {
            throw new IOException(where + ": $.id: expected the folder name '" + dir.getFileName()
                    + "', found '" + id + "'");
        }
        List<List<String>> build = new ArrayList<>();
        JsonNode b = root.path("build");
        for (int i = 0; i < b.size(); i++) build.add(strings(b.get(i), "$.build[" + i + "]", where));
        Map<String, String> env = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : root.path("env").properties()) env.put(e.getKey(), e.getValue().asText());
        List<String> run = strings(root.get("run"), "$.run", where);
        if (run.isEmpty()) throw new IOException(where + ": $.run: expected a non-empty argv");
        return new StackSpec(
                id,
                dir,
                root.path("language").asText(""),
                root.path("framework").asText(""),
                strings(root.get("toolchain"), "$.toolchain", where),
                build,
                run,
                env,
                root.path("workers").asInt(1),
                strings(root.get("artifacts"), "$.artifacts", where),
                strings(root.get("version"), "$.version", where));
    }

    private static String text(JsonNode root, String field, String where) throws IOException {
        JsonNode n = root.get(field);
        if (n == null || !n.isTextual() || n.asText().isBlank()) {
            throw new IOException(where + ": $." + field + ": expected a non-empty string, found " + n);
        }
        return n.asText();
    }

    private static List<String> strings(JsonNode n, String path, String where) throws IOException {
        List<String> out = new ArrayList<>();
        if (n == null || n.isNull()) return out;
        if (!n.isArray()) throw new IOException(where + ": " + path + ": expected an array of strings, found " + n);
        for (int i = 0; i < n.size(); i++) {
            if (!n.get(i).isTextual()) {
                throw new IOException(where + ": " + path + "[" + i + "]: expected a string, found " + n.get(i));
            }
            out.add(n.get(i).asText());
        }
        return out;
    }
}
