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
 * @param endpoints the endpoint ids of data.md the stack serves (default: the five CRUD ones)
 * @param versionHints what to report in campaign.json {@code stacks[].versions} besides the
 *     runtime and SQLite versions of GET /diag: role ("framework", "driver", ...) to the package
 *     whose version the lock file holds, or to a part of the runtime ({@code {"builtin": name}})
 * @param lockFile the lock file to read versions from, relative to the stack folder, or null to
 *     take the first of {@link LockFileVersions#KNOWN} found in the folder
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
        List<String> version,
        List<String> endpoints,
        Map<String, VersionHint> versionHints,
        String lockFile) {

    public static final String FILE_NAME = "stack.json";
    /** The endpoints of a CRUD stack, served from SQLite; a stack.json without "endpoints" serves these. */
    public static final List<String> CRUD_ENDPOINTS = List.of("post_item", "get_item", "get_list", "put_item", "delete_item");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A package whose version goes into campaign.json: one of the lock file, or a part of the runtime. */
    public record VersionHint(String name, boolean builtin) {}

    public StackSpec {
        toolchain = List.copyOf(toolchain);
        build = build.stream().map(List::copyOf).toList();
        run = List.copyOf(run);
        env = Map.copyOf(env);
        artifacts = List.copyOf(artifacts);
        version = List.copyOf(version);
        endpoints = List.copyOf(endpoints);
        versionHints = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(versionHints));
    }

    /** A CRUD stack with no version hints (tests and stacks written before endpoints were declared). */
    public StackSpec(String id, Path dir, String language, String framework, List<String> toolchain,
            List<List<String>> build, List<String> run, Map<String, String> env, int workers, List<String> artifacts,
            List<String> version) {
        this(id, dir, language, framework, toolchain, build, run, env, workers, artifacts, version, CRUD_ENDPOINTS,
                Map.of(), null);
    }

    /** True when the stack serves an endpoint backed by SQLite, so the SQLite policy and GET /diag apply. */
    public boolean usesSqlite() {
        return endpoints.stream().anyMatch(CRUD_ENDPOINTS::contains);
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
                strings(root.get("version"), "$.version", where),
                root.has("endpoints") ? strings(root.get("endpoints"), "$.endpoints", where) : CRUD_ENDPOINTS,
                versionHints(root.get("versions"), where),
                root.hasNonNull("lock_file") ? text(root, "lock_file", where) : null);
    }

    /** {"framework": "axum", "runtime_http": {"builtin": "net/http"}}: each value a package name or a builtin. */
    private static Map<String, VersionHint> versionHints(JsonNode n, String where) throws IOException {
        Map<String, VersionHint> out = new LinkedHashMap<>();
        if (n == null || n.isNull()) return out;
        if (!n.isObject()) throw new IOException(where + ": $.versions: expected an object, found " + n);
        for (Map.Entry<String, JsonNode> e : n.properties()) {
            JsonNode v = e.getValue();
            String path = "$.versions." + e.getKey();
            if (v.isTextual() && !v.asText().isBlank()) {
                out.put(e.getKey(), new VersionHint(v.asText(), false));
            } else if (v.isObject() && v.size() == 1 && v.path("builtin").isTextual() && !v.path("builtin").asText().isBlank()) {
                out.put(e.getKey(), new VersionHint(v.path("builtin").asText(), true));
            } else {
                throw new IOException(where + ": " + path + ": expected a package name or {\"builtin\": name}, found " + v);
            }
        }
        return out;
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
