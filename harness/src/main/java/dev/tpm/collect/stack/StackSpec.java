package dev.tpm.collect.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.codec.JsonFile;
import dev.tpm.codec.Problems;
import dev.tpm.model.Endpoints;
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
 * @param workers the WORKERS value the harness passes; {@code "workers": "cores"} in stack.json is
 *     one per core this JVM may run on when the file is read, until {@link #onCores} sets it to the
 *     cores the server is given
 * @param artifacts files or folders that make the deployment artifact (the size column)
 * @param version an argv that prints the toolchain version
 * @param endpoints the endpoint ids (data.md) the server answers: stack.json's {@code "endpoints"}
 *     (the five CRUD endpoints, which come together, and {@code mixed} when it lists one of them),
 *     or {@link #CRUD_STACK_ENDPOINTS} for a stack.json without that key
 * @param versionHints what to report in campaign.json {@code stacks[].versions} besides the
 *     runtime and SQLite versions of GET /diag: role ("framework", "driver", ...) to the package
 *     whose version the lock file holds, or to a part of the runtime ({@code {"builtin": name}})
 * @param lockFile the lock file to read versions from, relative to the stack folder, or null to
 *     take the first of {@link LockFileVersions#KNOWN} found in the folder
 * @param workersPerCore stack.json says {@code "workers": "cores"}
 * @param standIn stack.json's {@code "stand_in"}: the seed's server this stack stands in for, and
 *     why that server is not built here; null for a stack that is the seed's own server (or no
 *     seed's)
 * @param toolchainCheck stack.json's {@code "toolchain_check"}: an argv run in the stack's folder
 *     once the toolchain is on PATH, whose non-zero exit makes the stack unavailable with its last
 *     output line as the reason (a toolchain part that is not an executable, such as the header
 *     Ruby's MJIT compiles against); empty when the PATH lookup is enough
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
        String lockFile,
        boolean workersPerCore,
        StandIn standIn,
        List<String> toolchainCheck) {

    public static final String FILE_NAME = "stack.json";
    /** What a stack.json without "endpoints" serves: servers.md's CRUD API and GET /. */
    public static final List<String> CRUD_STACK_ENDPOINTS = crudPlus(List.of(Endpoints.HELLO));
    /** stack.json's {@code "workers"} value for one worker per core. */
    public static final String WORKERS_PER_CORE = "cores";
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    /** stack.json's key naming the base stack of a variant. */
    public static final String VARIANT_OF = "variant_of";
    /**
     * Every key stack.json defines (servers/README.md): the record's components, the lock file,
     * what a stand-in stands in for, and a stack's own documentation keys (python-gunicorn names
     * the worker class it chose and why).
     */
    static final java.util.Set<String> KEYS = java.util.Set.of("id", "language", "framework", "endpoints", "versions",
            "lock_file", "toolchain", "build", "run", "env", "workers", "artifacts", "version", "stand_in", "toolchain_check",
            "worker_class", "worker_class_reason");
    /** The keys of a variant's stack.json: its id, its base and what may differ from the base. */
    static final java.util.Set<String> VARIANT_KEYS = java.util.Set.of("id", VARIANT_OF, "framework", "workers", "env",
            "run", "artifacts", "versions");

    /**
     * A package whose version goes into campaign.json: one of the lock file, a part of the runtime,
     * or ({@code {"command": [argv]}}) the first line a command prints, for a package installed by
     * the system's package manager rather than pinned by a lock file (Debian's puma, OTP's inets).
     *
     * @param name the package, or for a command the argv joined with spaces
     * @param command the argv, empty unless the hint is a command
     */
    public record VersionHint(String name, boolean builtin, List<String> command) {
        public VersionHint {
            command = List.copyOf(command);
        }

        public VersionHint(String name, boolean builtin) {
            this(name, builtin, List.of());
        }

        public boolean isCommand() {
            return !command.isEmpty();
        }
    }

    /**
     * A stack that is not the seed's own server but stands in for it (studies.md: nim-http for
     * httpbeast, elixir-http for Plug with Cowboy), as stack.json's
     * {@code "stand_in": {"for": ..., "why": ...}} says.
     *
     * @param forServer the seed's server
     * @param why why the seed's server is not built here
     */
    public record StandIn(String forServer, String why) {}

    public StackSpec {
        toolchain = List.copyOf(toolchain);
        build = build.stream().map(List::copyOf).toList();
        run = List.copyOf(run);
        env = Map.copyOf(env);
        artifacts = List.copyOf(artifacts);
        version = List.copyOf(version);
        endpoints = List.copyOf(endpoints);
        versionHints = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(versionHints));
        toolchainCheck = List.copyOf(toolchainCheck);
    }

    /** A stack that is its seed's own server and needs no toolchain check. */
    public StackSpec(String id, Path dir, String language, String framework, List<String> toolchain,
            List<List<String>> build, List<String> run, Map<String, String> env, int workers, List<String> artifacts,
            List<String> version, List<String> endpoints, Map<String, VersionHint> versionHints, String lockFile,
            boolean workersPerCore) {
        this(id, dir, language, framework, toolchain, build, run, env, workers, artifacts, version, endpoints,
                versionHints, lockFile, workersPerCore, null, List.of());
    }

    /** A stack with a fixed number of workers. */
    public StackSpec(String id, Path dir, String language, String framework, List<String> toolchain,
            List<List<String>> build, List<String> run, Map<String, String> env, int workers, List<String> artifacts,
            List<String> version, List<String> endpoints, Map<String, VersionHint> versionHints, String lockFile) {
        this(id, dir, language, framework, toolchain, build, run, env, workers, artifacts, version, endpoints,
                versionHints, lockFile, false);
    }

    /**
     * This stack as it runs on a server given {@code cores} CPUs: a stack of one worker per core
     * gets {@code cores} workers (with {@code --pin} or {@code --server-cpus}, the server's CPUs,
     * not the machine's); any other stack is returned as it is.
     */
    public StackSpec onCores(int cores) {
        if (!workersPerCore || cores == workers) return this;
        if (cores < 1) throw new IllegalArgumentException("a server needs at least one core, got " + cores);
        return new StackSpec(id, dir, language, framework, toolchain, build, run, env, cores, artifacts, version,
                endpoints, versionHints, lockFile, true, standIn, toolchainCheck);
    }

    /** A CRUD stack (no "endpoints" in its stack.json). */
    public StackSpec(String id, Path dir, String language, String framework, List<String> toolchain,
            List<List<String>> build, List<String> run, Map<String, String> env, int workers, List<String> artifacts,
            List<String> version) {
        this(id, dir, language, framework, toolchain, build, run, env, workers, artifacts, version, CRUD_STACK_ENDPOINTS,
                Map.of(), null);
    }

    /**
     * Whether the server implements the five CRUD endpoints (and so the items table in SQLite, where
     * the SQLite policy and GET /diag apply).
     */
    public boolean servesCrud() {
        return endpoints.contains(Endpoints.GET_ITEM);
    }

    /** The CRUD endpoints and mixed, then {@code declared} in its order without repeats. */
    private static List<String> crudPlus(List<String> declared) {
        java.util.LinkedHashSet<String> all = new java.util.LinkedHashSet<>(Endpoints.CRUD);
        all.add(Endpoints.MIXED);
        all.addAll(declared);
        return List.copyOf(all);
    }

    /**
     * Reads {@code dir/stack.json}; an error names the file and the JSON path at fault, and a key
     * that stack.json does not define is an error rather than silently ignored. A stack.json with
     * {@code "variant_of"} declares a variant of another stack (below).
     */
    public static StackSpec load(Path dir) throws IOException {
        Path file = dir.resolve(FILE_NAME);
        String where = file.toString();
        JsonNode root = readObject(file);
        String id = text(root, "id", where);
        if (!id.equals(dir.getFileName().toString())) {
            throw new IOException(where + ": $.id: expected the folder name '" + dir.getFileName()
                    + "', found '" + id + "'");
        }
        if (root.has(VARIANT_OF)) return variant(id, root, dir, where);
        onlyKeys(root, KEYS, where, "");
        List<List<String>> build = new ArrayList<>();
        JsonNode b = root.path("build");
        for (int i = 0; i < b.size(); i++) build.add(strings(b.get(i), "$.build[" + i + "]", where));
        Map<String, String> env = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : root.path("env").properties()) env.put(e.getKey(), e.getValue().asText());
        List<String> run = strings(root.get("run"), "$.run", where);
        if (run.isEmpty()) throw new IOException(where + ": $.run: expected a non-empty argv");
        List<String> endpoints = root.has("endpoints") ? endpoints(root.get("endpoints"), where) : CRUD_STACK_ENDPOINTS;
        return new StackSpec(
                id,
                dir,
                root.path("language").asText(""),
                root.path("framework").asText(""),
                strings(root.get("toolchain"), "$.toolchain", where),
                build,
                run,
                env,
                workers(root.get("workers"), where),
                strings(root.get("artifacts"), "$.artifacts", where),
                strings(root.get("version"), "$.version", where),
                endpoints,
                versionHints(root.get("versions"), where),
                root.hasNonNull("lock_file") ? text(root, "lock_file", where) : null,
                root.has("workers") && root.get("workers").isTextual(),
                standIn(root.get("stand_in"), where),
                strings(root.get("toolchain_check"), "$.toolchain_check", where));
    }

    /** {"for": "httpbeast", "why": "..."}: both non-empty strings, nothing else; null when absent. */
    private static StandIn standIn(JsonNode n, String where) throws IOException {
        if (n == null || n.isNull()) return null;
        if (!n.isObject()) throw new IOException(where + ": $.stand_in: expected {\"for\": server, \"why\": reason}, found " + n);
        for (Map.Entry<String, JsonNode> e : n.properties()) {
            if (!e.getKey().equals("for") && !e.getKey().equals("why")) {
                throw new IOException(where + ": $.stand_in." + e.getKey() + ": expected only \"for\" and \"why\"");
            }
        }
        String[] v = new String[2];
        String[] fields = {"for", "why"};
        for (int i = 0; i < 2; i++) {
            JsonNode f = n.get(fields[i]);
            if (f == null || !f.isTextual() || f.asText().isBlank()) {
                throw new IOException(where + ": $.stand_in." + fields[i] + ": expected a non-empty string, found " + f);
            }
            v[i] = f.asText();
        }
        return new StandIn(v[0], v[1]);
    }

    /**
     * A variant (as TechEmpower's benchmark_config lists the tests of one implementation): the stack
     * of the sibling folder {@code variant_of} with only what stack.json says differs - its
     * framework label, workers, env and versions (each added to the base's), the argv and the
     * artifacts (both relative to the base's folder) - so that the variant runs the base's build
     * and code, and a fix to the base reaches both. It runs in the base's folder, builds nothing of
     * its own and has the base's toolchain, endpoints and lock file.
     */
    private static StackSpec variant(String id, JsonNode root, Path dir, String where) throws IOException {
        onlyKeys(root, VARIANT_KEYS, where, " (a variant declares only what differs from its base stack)");
        String baseId = text(root, VARIANT_OF, where);
        Path baseDir = dir.resolveSibling(baseId);
        if (baseId.contains("/") || baseId.equals(id) || !Files.isRegularFile(baseDir.resolve(FILE_NAME))) {
            throw new IOException(where + ": $." + VARIANT_OF + ": expected the id of another stack of "
                    + dir.getParent() + ", found \"" + baseId + "\"");
        }
        if (readObject(baseDir.resolve(FILE_NAME)).has(VARIANT_OF)) {
            throw new IOException(where + ": $." + VARIANT_OF + ": expected a stack that is not itself a variant, found '"
                    + baseId + "', a variant");
        }
        StackSpec base = load(baseDir);
        Map<String, String> env = new LinkedHashMap<>(base.env());
        for (Map.Entry<String, JsonNode> e : root.path("env").properties()) env.put(e.getKey(), e.getValue().asText());
        List<String> run = root.has("run") ? strings(root.get("run"), "$.run", where) : base.run();
        if (run.isEmpty()) throw new IOException(where + ": $.run: expected a non-empty argv");
        boolean perCore = root.has("workers") ? root.get("workers").isTextual() : base.workersPerCore();
        Map<String, VersionHint> versions = new LinkedHashMap<>(base.versionHints());
        versions.putAll(versionHints(root.get("versions"), where));
        return new StackSpec(id, base.dir(), base.language(), root.path("framework").asText(base.framework()),
                base.toolchain(), List.of(), run, env,
                root.has("workers") ? workers(root.get("workers"), where) : base.workers(),
                root.has("artifacts") ? strings(root.get("artifacts"), "$.artifacts", where) : base.artifacts(),
                base.version(), base.endpoints(), versions, base.lockFile(), perCore, base.standIn(),
                base.toolchainCheck());
    }

    private static JsonNode readObject(Path file) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            var at = e.getLocation();
            throw new IOException(file + ": line " + at.getLineNr() + ", column " + at.getColumnNr()
                    + ": expected valid JSON, found a syntax error: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) throw new IOException(file + ": $: expected a JSON object, found " + root);
        return root;
    }

    private static void onlyKeys(JsonNode root, java.util.Set<String> allowed, String where, String why)
            throws IOException {
        Problems problems = Problems.failFast();
        try {
            JsonFile.of(root, where, problems).onlyKeys(root, "$", allowed);
        } catch (Problems.Stop stop) {
            throw new IOException(stop.getMessage() + why);
        }
    }

    /** A positive integer, or "cores": one worker per core the JVM may run on; 1 when absent. */
    private static int workers(JsonNode n, String where) throws IOException {
        if (n == null || n.isNull()) return 1;
        if (n.isTextual() && n.asText().equals(WORKERS_PER_CORE)) return Runtime.getRuntime().availableProcessors();
        if (!n.isIntegralNumber() || n.asLong() < 1 || n.asLong() > 4096) {
            throw new IOException(where + ": $.workers: expected a positive integer or \"" + WORKERS_PER_CORE
                    + "\", found " + n);
        }
        return n.asInt();
    }

    /** Known endpoint ids, each once; one CRUD endpoint brings the five and mixed. */
    private static List<String> endpoints(JsonNode n, String where) throws IOException {
        List<String> declared = strings(n, "$.endpoints", where);
        if (declared.isEmpty()) throw new IOException(where + ": $.endpoints: expected at least one endpoint id");
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < declared.size(); i++) {
            String e = declared.get(i);
            if (!Endpoints.isKnown(e)) {
                throw new IOException(where + ": $.endpoints[" + i + "]: expected an endpoint id of data.md "
                        + Endpoints.ALL + ", found \"" + e + "\"");
            }
            if (!seen.add(e)) throw new IOException(where + ": $.endpoints[" + i + "]: expected each endpoint once, found \"" + e + "\" again");
        }
        boolean crud = declared.stream().anyMatch(e -> Endpoints.CRUD.contains(e) || e.equals(Endpoints.MIXED));
        return crud ? crudPlus(declared) : declared;
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
            } else if (v.isObject() && v.size() == 1 && v.path("command").isArray() && !v.path("command").isEmpty()) {
                List<String> argv = strings(v.get("command"), path + ".command", where);
                out.put(e.getKey(), new VersionHint(String.join(" ", argv), false, argv));
            } else {
                throw new IOException(where + ": " + path + ": expected a package name, {\"builtin\": name} or {\"command\": argv}, found " + v);
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
