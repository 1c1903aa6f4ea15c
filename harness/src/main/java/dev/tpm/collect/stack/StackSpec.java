package dev.tpm.collect.stack;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tpm.codec.JsonFile;
import dev.tpm.codec.Problem;
import dev.tpm.codec.Problems;
import dev.tpm.model.Endpoints;
import dev.tpm.model.StackInfo;
import io.soabase.recordbuilder.core.RecordBuilder;
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
// the component build (stack.json's build commands) names its own setter: the builder ends with create()
@RecordBuilder
@RecordBuilder.Options(buildMethodName = "create")
public record StackSpec(
        String id,
        Path dir,
        String language,
        String framework,
        List<String> toolchain,
        List<List<String>> build,
        List<String> run,
        Map<String, String> env,
        @RecordBuilder.Initializer("ONE_WORKER") int workers,
        List<String> artifacts,
        List<String> version,
        List<String> endpoints,
        Map<String, VersionHint> versionHints,
        String lockFile,
        boolean workersPerCore,
        StackInfo.StandIn standIn,
        List<String> toolchainCheck) {

    public static final String FILE_NAME = "stack.json";
    /** What a stack.json without "endpoints" serves: servers.md's CRUD API and GET /. */
    public static final List<String> CRUD_STACK_ENDPOINTS = crudPlus(List.of(Endpoints.HELLO));
    /** stack.json's {@code "workers"} value for one worker per core. */
    public static final String WORKERS_PER_CORE = "cores";
    /** The format of stack.json in schema/: stack.schema.json. */
    static final String FORMAT = "stack";
    /** stack.json's key naming the base stack of a variant. */
    public static final String VARIANT_OF = "variant_of";
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

        /** stack.json's value: a package name, {@code {"builtin": name}} or {@code {"command": argv}}. */
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static VersionHint of(JsonNode v) {
            if (v.isTextual()) return new VersionHint(v.asText(), false);
            if (v.has("builtin")) return new VersionHint(v.get("builtin").asText(), true);
            List<String> argv = new ArrayList<>();
            v.get("command").forEach(a -> argv.add(a.asText()));
            return new VersionHint(String.join(" ", argv), false, argv);
        }

        public VersionHint(String name, boolean builtin) {
            this(name, builtin, List.of());
        }

        public boolean isCommand() {
            return !command.isEmpty();
        }
    }

    /** A builder's default of {@code workers}: one worker. */
    public static final int ONE_WORKER = 1;

    /** A null is stack.json's default: no text, nothing listed, the CRUD endpoints. */
    public StackSpec {
        language = language == null ? "" : language;
        framework = framework == null ? "" : framework;
        toolchain = orEmpty(toolchain);
        build = orEmpty(build).stream().map(List::copyOf).toList();
        run = List.copyOf(run);
        env = Map.copyOf(orEmpty(env));
        artifacts = orEmpty(artifacts);
        version = orEmpty(version);
        endpoints = endpoints == null ? CRUD_STACK_ENDPOINTS : List.copyOf(endpoints);
        versionHints = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(orEmpty(versionHints)));
        toolchainCheck = orEmpty(toolchainCheck);
    }

    /**
     * A stack field by field: {@code id}, its folder and its run argv, the rest at stack.json's
     * defaults (no toolchain, build or artifacts, one worker, the CRUD endpoints, no lock file, no
     * stand-in); a spec version adds a component whose null the constructor reads as its default.
     */
    public static StackSpecBuilder builder(String id, Path dir, List<String> run) {
        return StackSpecBuilder.builder().id(id).dir(dir).run(run);
    }

    /** A builder holding this stack's fields, to change some of them (RecordBuilder's StackSpecBuilder). */
    public StackSpecBuilder toBuilder() {
        return StackSpecBuilder.builder(this);
    }

    /**
     * This stack as it runs on a server given {@code cores} CPUs: a stack of one worker per core
     * gets {@code cores} workers (with {@code --pin} or {@code --server-cpus}, the server's CPUs,
     * not the machine's); any other stack is returned as it is.
     */
    public StackSpec onCores(int cores) {
        if (!workersPerCore || cores == workers) return this;
        if (cores < 1) throw new IllegalArgumentException("a server needs at least one core, got " + cores);
        return toBuilder().workers(cores).create();
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
     * Reads {@code dir/stack.json}: checked against schema/stack.schema.json (every key's rule, a
     * key that stack.json does not define an error rather than silently ignored), then bound to
     * {@link StackJson}; an error names the file and each JSON path at fault. A stack.json with
     * {@code "variant_of"} declares a variant of another stack (below).
     */
    public static StackSpec load(Path dir) throws IOException {
        StackJson j = read(dir.resolve(FILE_NAME));
        String where = dir.resolve(FILE_NAME).toString();
        if (!j.id().equals(dir.getFileName().toString())) {
            throw new IOException(where + " $.id: expected the folder name '" + dir.getFileName()
                    + "', found '" + j.id() + "'");
        }
        if (j.variantOf() != null) return variant(j, dir, where);
        List<String> endpoints = j.endpoints() == null ? CRUD_STACK_ENDPOINTS : endpoints(j.endpoints());
        Workers workers = j.workers() == null ? Workers.ONE : j.workers();
        return new StackSpec(j.id(), dir, j.language(), j.framework(), j.toolchain(), j.build(), j.run(), j.env(),
                workers.count(), j.artifacts(), j.version(), endpoints, j.versions(), j.lockFile(), workers.perCore(),
                j.standIn(), j.toolchainCheck());
    }

    /**
     * stack.json as written (schema/stack.schema.json): a base stack's keys, or a variant's
     * ({@code variant_of} and what differs); absent keys are null. {@code worker_class} and
     * {@code worker_class_reason} are a stack's own documentation.
     */
    record StackJson(String id, String variantOf, String language, String framework, List<String> endpoints,
            LinkedHashMap<String, VersionHint> versions, String lockFile, List<String> toolchain,
            List<List<String>> build, List<String> run, LinkedHashMap<String, String> env, Workers workers,
            List<String> artifacts, List<String> version, StackInfo.StandIn standIn, List<String> toolchainCheck,
            String workerClass, String workerClassReason) {}

    /** stack.json's {@code "workers"}: a count, or {@code "cores"}, one per core this JVM may run on. */
    record Workers(int count, boolean perCore) {
        static final Workers ONE = new Workers(1, false);

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static Workers of(JsonNode n) {
            return n.isTextual() ? new Workers(Runtime.getRuntime().availableProcessors(), true) : new Workers(n.asInt(), false);
        }
    }

    private static StackJson read(Path file) throws IOException {
        Problems problems = new Problems();
        JsonNode root = JsonFile.readChecked(file, file.toString(), FORMAT, problems);
        if (root == null) {
            throw new IOException(String.join("\n", problems.all().stream().map(Problem::toString).toList()));
        }
        return JsonFile.bind(root, StackJson.class, file.toString());
    }

    /**
     * A variant (as TechEmpower's benchmark_config lists the tests of one implementation): the stack
     * of the sibling folder {@code variant_of} with only what stack.json says differs - its
     * framework label, workers, env and versions (each added to the base's), the argv and the
     * artifacts (both relative to the base's folder) - so that the variant runs the base's build
     * and code, and a fix to the base reaches both. It runs in the base's folder, builds nothing of
     * its own and has the base's toolchain, endpoints and lock file.
     */
    private static StackSpec variant(StackJson j, Path dir, String where) throws IOException {
        String baseId = j.variantOf();
        Path baseDir = dir.resolveSibling(baseId);
        if (baseId.contains("/") || baseId.equals(j.id()) || !Files.isRegularFile(baseDir.resolve(FILE_NAME))) {
            throw new IOException(where + " $." + VARIANT_OF + ": expected the id of another stack of "
                    + dir.getParent() + ", found '" + baseId + "'");
        }
        if (read(baseDir.resolve(FILE_NAME)).variantOf() != null) {
            throw new IOException(where + " $." + VARIANT_OF + ": expected a stack that is not itself a variant, found '"
                    + baseId + "', a variant");
        }
        StackSpec base = load(baseDir);
        Map<String, String> env = new LinkedHashMap<>(base.env());
        env.putAll(orEmpty(j.env()));
        Map<String, VersionHint> versions = new LinkedHashMap<>(base.versionHints());
        versions.putAll(orEmpty(j.versions()));
        Workers workers = j.workers() == null ? new Workers(base.workers(), base.workersPerCore()) : j.workers();
        return new StackSpec(j.id(), base.dir(), base.language(), j.framework() == null ? base.framework() : j.framework(),
                base.toolchain(), List.of(), j.run() == null ? base.run() : j.run(), env, workers.count(),
                j.artifacts() == null ? base.artifacts() : j.artifacts(), base.version(), base.endpoints(), versions,
                base.lockFile(), workers.perCore(), base.standIn(), base.toolchainCheck());
    }

    /** One CRUD endpoint (or mixed) in the declared list brings the five and mixed. */
    private static List<String> endpoints(List<String> declared) {
        boolean crud = declared.stream().anyMatch(e -> Endpoints.CRUD.contains(e) || e.equals(Endpoints.MIXED));
        return crud ? crudPlus(declared) : declared;
    }

    private static <T> List<T> orEmpty(List<T> l) {
        return l == null ? List.of() : List.copyOf(l);
    }

    private static <K, V> Map<K, V> orEmpty(Map<K, V> m) {
        return m == null ? Map.of() : m;
    }
}
