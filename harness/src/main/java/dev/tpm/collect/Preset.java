package dev.tpm.collect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.loadgen.LoadGenerators;
import dev.tpm.model.Endpoints;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A collection protocol (servers.md "Protocol presets"), read from {@code harness/presets/<name>.json}
 * and validated on load. Phase 1 measures {@code endpoints} at {@code concurrency}; phase 2 the
 * {@code sweep}; phase 3 the {@code memory} series. Every run of every phase is a cold start.
 *
 * @param runs measured phase-1 runs per (stack, endpoint)
 * @param warmups phase-1 warm-up runs per (stack, endpoint), run before the measured runs
 * @param durationS wrk's -d for phases 1 and 2
 * @param settleS wait between the first 200 on /health and the idle RSS reading
 * @param mix the declared workload mix the {@code mixed} endpoint draws requests from (data.md
 *     config/mixes.csv overrides it when the data folder has one)
 * @param maxRetries re-queued attempts allowed per (stack, endpoint, concurrency, warm-up) group
 *     when runs are discarded or fail
 * @param seedRowsDelete rows seeded before every stack's delete runs, or {@link #AUTO} ({@code "auto"}:
 *     one size for every stack, measured by a short calibration load before the first run, see
 *     {@code DeleteCalibration}; a campaign started before version 3 sized each stack's table
 *     from its own previous delete run, {@code DeleteRows})
 * @param study campaign.json's {@code study} (data.md; {@code paper} unless the preset names a
 *     seed study of studies.md)
 * @param loadGenerator {@link #WRK} or {@link #AUTOCANNON}
 * @param timeoutS the load generator's request time-out in whole seconds; NaN leaves the tool's default
 * @param concurrencyLevels the phase-1 levels, each measured for every endpoint ({@code
 *     "concurrency": [10, 50]}); {@code concurrency} is the first
 * @param primeS seconds of load on the freshly started server before the measured window, not
 *     counted (0: none, every run measured cold)
 * @param phase4 phase 4, latency at offered load (open loop), or null
 * @param phase5 phase 5 (version 4), steady state after prior load in the same process, or null
 * @param modelId campaign.json's {@code device.model_id} (version 4: the model the device is a unit
 *     of), or null; {@code tpm collect --model-id} overrides it
 */
public record Preset(
        String name,
        String description,
        int runs,
        int warmups,
        int durationS,
        int concurrency,
        int threads,
        double cooldownS,
        double settleS,
        int seedRows,
        int seedRowsDelete,
        int sampleIntervalMs,
        List<String> endpoints,
        Map<String, Double> mix,
        Sweep sweep,
        Memory memory,
        long rngSeed,
        int maxRetries,
        double startupTimeoutS,
        double stopGraceS,
        String study,
        String loadGenerator,
        double timeoutS,
        List<Integer> concurrencyLevels,
        double primeS,
        Phase4 phase4,
        Phase5 phase5,
        String modelId) {

    /** {@code seed_rows_delete: "auto"}. */
    public static final int AUTO = -1;
    public static final String WRK = dev.tpm.collect.loadgen.LoadGenerator.WRK;
    public static final String AUTOCANNON = dev.tpm.collect.loadgen.LoadGenerator.AUTOCANNON;
    /** The study of a preset without {@code "study"} (data.md). */
    public static final String PAPER_STUDY = "paper";

    /** Phase 2: one endpoint at several concurrency levels. */
    public record Sweep(String endpoint, List<Integer> concurrency, int runs, int warmups) {
        public Sweep {
            concurrency = List.copyOf(concurrency);
        }
    }

    /** Phase 3: runs whose memory time series is kept, one JSON file each, sampled every {@code sampleIntervalMs}. */
    public record Memory(List<String> endpoints, int runs, int durationS, int concurrency, int sampleIntervalMs) {
        public Memory {
            endpoints = List.copyOf(endpoints);
        }
    }

    /**
     * Phase 4 (servers.md, data.md {@code protocol.phase4}): each endpoint at each offered rate, an
     * open loop. The rates of a stack are {@code offeredRps} (the same for every stack: comparable
     * at equal load) and each of {@code offeredFractions} times the stack's phase-1 median rps on
     * that endpoint in the same campaign, rounded to a whole request per second.
     *
     * @param concurrency the connections the rate is spread over (oha -c)
     * @param tool the open-loop load generator's id (oha)
     * @param version the version the preset pins; the installed tool must report it
     * @param latencyCorrection latency from each request's scheduled start (always true: the harness
     *     measures phase 4 with coordinated omission corrected only)
     */
    public record Phase4(List<String> endpoints, List<Double> offeredRps, List<Double> offeredFractions, int runs,
            int warmups, int durationS, int concurrency, String tool, String version, boolean latencyCorrection,
            Search search) {
        public Phase4 {
            endpoints = List.copyOf(endpoints);
            offeredRps = List.copyOf(offeredRps);
            offeredFractions = List.copyOf(offeredFractions);
        }

        /** Phase 4 without a search. */
        public Phase4(List<String> endpoints, List<Double> offeredRps, List<Double> offeredFractions, int runs,
                int warmups, int durationS, int concurrency, String tool, String version, boolean latencyCorrection) {
            this(endpoints, offeredRps, offeredFractions, runs, warmups, durationS, concurrency, tool, version,
                    latencyCorrection, null);
        }
    }

    /**
     * Phase 4's search (version 4, {@code protocol.phase4.search}): after the declared rates, factor
     * times the highest rate while it met the latency target, up to max_fraction times the stack's
     * phase-1 median ({@code Phase4Search}).
     *
     * @param factor above 1
     * @param maxFraction above 0
     */
    public record Search(double factor, double maxFraction) {}

    /**
     * Phase 5 (version 4, {@code protocol.phase5}): each endpoint's runs measured after
     * {@code priorLoadS} of unrecorded load at the run's endpoint and concurrency, in the same server
     * process, with the preset's (closed-loop) load generator.
     */
    public record Phase5(List<String> endpoints, double priorLoadS, int runs, int warmups, int durationS, int concurrency) {
        public Phase5 {
            endpoints = List.copyOf(endpoints);
        }
    }

    /** A preset without phase 4. */
    public Preset(String name, String description, int runs, int warmups, int durationS, int concurrency, int threads,
            double cooldownS, double settleS, int seedRows, int seedRowsDelete, int sampleIntervalMs,
            List<String> endpoints, Map<String, Double> mix, Sweep sweep, Memory memory, long rngSeed, int maxRetries,
            double startupTimeoutS, double stopGraceS, String study, String loadGenerator, double timeoutS,
            List<Integer> concurrencyLevels, double primeS) {
        this(name, description, runs, warmups, durationS, concurrency, threads, cooldownS, settleS, seedRows,
                seedRowsDelete, sampleIntervalMs, endpoints, mix, sweep, memory, rngSeed, maxRetries, startupTimeoutS,
                stopGraceS, study, loadGenerator, timeoutS, concurrencyLevels, primeS, null, null, null);
    }

    /** A preset without phase 5 or a model id. */
    public Preset(String name, String description, int runs, int warmups, int durationS, int concurrency, int threads,
            double cooldownS, double settleS, int seedRows, int seedRowsDelete, int sampleIntervalMs,
            List<String> endpoints, Map<String, Double> mix, Sweep sweep, Memory memory, long rngSeed, int maxRetries,
            double startupTimeoutS, double stopGraceS, String study, String loadGenerator, double timeoutS,
            List<Integer> concurrencyLevels, double primeS, Phase4 phase4) {
        this(name, description, runs, warmups, durationS, concurrency, threads, cooldownS, settleS, seedRows,
                seedRowsDelete, sampleIntervalMs, endpoints, mix, sweep, memory, rngSeed, maxRetries, startupTimeoutS,
                stopGraceS, study, loadGenerator, timeoutS, concurrencyLevels, primeS, phase4, null, null);
    }

    /** Tolerance on the sum of mix weights (data.md: "sum to 1 (within 1e-9)"). */
    public static final double MIX_SUM_TOLERANCE = 1e-9;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> KEYS = Set.of("preset", "description", "runs", "warmups", "duration_s",
            "concurrency", "threads", "cooldown_s", "settle_s", "seed_rows", "seed_rows_delete",
            "sample_interval_ms", "endpoints", "mix", "sweep", "memory", "rng_seed", "max_retries",
            "startup_timeout_s", "stop_grace_s", "study", "load_generator", "timeout_s", "prime_s", "phase4", "phase5",
            "model_id");
    private static final Set<String> PHASE4_KEYS = Set.of("endpoints", "offered_rps", "offered_fractions", "runs", "warmups",
            "duration_s", "concurrency", "load_generator", "search");
    private static final Set<String> SEARCH_KEYS = Set.of("factor", "max_fraction");
    private static final Set<String> PHASE5_KEYS = Set.of("endpoints", "prior_load_s", "runs", "warmups", "duration_s",
            "concurrency");
    private static final Set<String> PHASE4_TOOL_KEYS = Set.of("tool", "version", "latency_correction");
    /** Largest offered rate or fraction a preset may ask for (a typo guard, far above any device's capacity). */
    private static final double MAX_OFFERED_RPS = 10_000_000;
    private static final double MAX_OFFERED_FRACTION = 100;
    private static final Set<String> SWEEP_KEYS = Set.of("endpoint", "concurrency", "runs", "warmups");
    private static final Set<String> MEMORY_KEYS = Set.of("endpoints", "runs", "duration_s", "concurrency", "sample_interval_ms");
    private static final int MAX_CONNECTIONS = 100_000;

    public Preset {
        endpoints = List.copyOf(endpoints);
        mix = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(mix));
        concurrencyLevels = List.copyOf(concurrencyLevels);
    }

    /** {@code spec} is a preset name (looked up in {@code presetsDir}) or a path to a .json file. */
    public static Preset resolve(String spec, Path presetsDir) throws IOException {
        Path file = spec.endsWith(".json") || spec.contains("/") ? Path.of(spec) : presetsDir.resolve(spec + ".json");
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no such preset (presets in " + presetsDir + ": " + available(presetsDir) + ")");
        }
        return load(file);
    }

    static List<String> available(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - 5)).sorted().toList();
        }
    }

    public static Preset load(Path file) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            var loc = e.getLocation();
            throw new IOException(file + ": line " + loc.getLineNr() + ", column " + loc.getColumnNr()
                    + ": not valid JSON: " + e.getOriginalMessage(), e);
        }
        return parse(root, file.toString());
    }

    /** A preset from its JSON; {@code where} names the file in errors. */
    public static Preset parse(JsonNode root, String where) throws IOException {
        JsonReader r = new JsonReader(where);
        if (root == null || !root.isObject()) throw r.error("$", "a JSON object", root);
        r.onlyKeys(root, "$", KEYS);
        String name = r.text(root, "$", "preset");
        String description = r.optionalText(root, "description", "");
        int runs = (int) r.integer(root, "$", "runs", 1, 100_000);
        int warmups = (int) r.integer(root, "$", "warmups", 0, 100_000);
        int duration = (int) r.integer(root, "$", "duration_s", 1, 86_400);
        List<Integer> phase1Levels = root.path("concurrency").isArray()
                ? levels(r, root, "$", "concurrency")
                : List.of((int) r.integer(root, "$", "concurrency", 1, MAX_CONNECTIONS));
        int concurrency = phase1Levels.get(0);
        int threads = (int) r.integer(root, "$", "threads", 1, 1024);
        int fewest = phase1Levels.stream().mapToInt(Integer::intValue).min().orElseThrow();
        if (threads > fewest) {
            throw r.error("$.threads", "at most concurrency (" + fewest + "): wrk needs a connection per thread",
                    root.get("threads"));
        }
        String study = r.optionalText(root, "study", PAPER_STUDY);
        if (!study.matches("[a-z0-9][a-z0-9-]*")) throw r.error("$.study", "a study id of lower-case letters, digits and '-'", root.get("study"));
        String tool = r.optionalText(root, "load_generator", WRK);
        if (!LoadGenerators.isKnown(tool) || LoadGenerators.get(tool).openLoop()) {
            throw r.error("$.load_generator", "one of " + closedLoopTools() + " (phases 1-3 keep their connections busy;"
                    + " an open-loop tool belongs in phase4.load_generator)", root.get("load_generator"));
        }
        // whole seconds: wrk's --timeout takes s, m or h units, autocannon's -t seconds
        double timeout = root.has("timeout_s") ? r.integer(root, "$", "timeout_s", 1, 86_400) : Double.NaN;
        double cooldown = r.number(root, "$", "cooldown_s", 0, 3600);
        double settle = r.number(root, "$", "settle_s", 0, 3600);
        int seedRows = (int) r.integer(root, "$", "seed_rows", 1, 100_000_000);
        int seedRowsDelete = "auto".equals(root.path("seed_rows_delete").asText(null)) ? AUTO
                : (int) r.integer(root, "$", "seed_rows_delete", 1, 100_000_000);
        int interval = (int) r.integer(root, "$", "sample_interval_ms", 10, 60_000);

        List<String> endpoints = r.strings(root, "$", "endpoints");
        // data.md version 4: a campaign of other phases alone needs no phase-1 runs; checked below,
        // once the other phases are read
        checkEndpoints(r, root.get("endpoints"), "$.endpoints", endpoints);

        Map<String, Double> mix = new LinkedHashMap<>();
        if (root.has("mix")) {
            mix = parseMix(r, r.object(root, "$", "mix"), "$.mix");
        } else if (endpoints.contains(Endpoints.MIXED)) {
            throw r.error("$.mix", "an object of weights over the five CRUD endpoints (endpoints include 'mixed')", null);
        }

        Sweep sweep = null;
        if (root.has("sweep") && !root.get("sweep").isNull()) {
            JsonNode s = r.object(root, "$", "sweep");
            r.onlyKeys(s, "$.sweep", SWEEP_KEYS);
            String endpoint = r.text(s, "$.sweep", "endpoint");
            if (!Endpoints.isKnown(endpoint)) throw r.error("$.sweep.endpoint", "one of " + Endpoints.ALL, s.get("endpoint"));
            List<Integer> levels = r.integers(s, "$.sweep", "concurrency", 1, MAX_CONNECTIONS);
            for (int i = 0; i < levels.size(); i++) {
                if (i > 0 && levels.get(i) <= levels.get(i - 1)) {
                    throw r.error("$.sweep.concurrency[" + i + "]", "a level above the previous one (" + levels.get(i - 1) + ")",
                            s.get("concurrency").get(i));
                }
                if (levels.get(i) < threads) {
                    throw r.error("$.sweep.concurrency[" + i + "]", "at least threads (" + threads + ")", s.get("concurrency").get(i));
                }
            }
            sweep = new Sweep(endpoint, levels, (int) r.integer(s, "$.sweep", "runs", 1, 100_000),
                    (int) r.integer(s, "$.sweep", "warmups", 0, 100_000));
        }

        Memory memory = null;
        if (root.has("memory") && !root.get("memory").isNull()) {
            JsonNode m = r.object(root, "$", "memory");
            r.onlyKeys(m, "$.memory", MEMORY_KEYS);
            List<String> me = r.strings(m, "$.memory", "endpoints");
            checkEndpoints(r, m.get("endpoints"), "$.memory.endpoints", me);
            int mc = (int) r.integer(m, "$.memory", "concurrency", threads, MAX_CONNECTIONS);
            int mi = m.has("sample_interval_ms") ? (int) r.integer(m, "$.memory", "sample_interval_ms", 10, 60_000) : interval;
            memory = new Memory(me, (int) r.integer(m, "$.memory", "runs", 1, 100_000),
                    (int) r.integer(m, "$.memory", "duration_s", 1, 86_400), mc, mi);
            if (me.contains(Endpoints.MIXED) && mix.isEmpty()) {
                throw r.error("$.mix", "an object of weights (memory endpoints include 'mixed')", null);
            }
        }
        if (sweep != null && sweep.endpoint().equals(Endpoints.MIXED) && mix.isEmpty()) {
            throw r.error("$.mix", "an object of weights (the sweep endpoint is 'mixed')", null);
        }

        long seed = r.integer(root, "$", "rng_seed", Long.MIN_VALUE, Long.MAX_VALUE);
        int retries = (int) r.integer(root, "$", "max_retries", 0, 1000);
        double startup = r.number(root, "$", "startup_timeout_s", 0.001, 3600);
        double grace = r.number(root, "$", "stop_grace_s", 0.001, 3600);
        double prime = root.has("prime_s") ? r.number(root, "$", "prime_s", 0, 3600) : 0;
        Phase4 phase4 = root.has("phase4") && !root.get("phase4").isNull() ? phase4(r, root, endpoints) : null;
        Phase5 phase5 = root.has("phase5") && !root.get("phase5").isNull() ? phase5(r, root, threads) : null;
        if (phase5 != null && phase5.endpoints().contains(Endpoints.MIXED) && mix.isEmpty()) {
            throw r.error("$.mix", "an object of weights (phase5 endpoints include 'mixed')", null);
        }
        if (endpoints.isEmpty() && sweep == null && memory == null && phase5 == null) {
            // phase 4 alone has no phase-1 median to take fractions of, and data.md wants rows in some phase file
            throw r.error("$.endpoints", "at least one endpoint, or a sweep, memory series or phase5 (a campaign"
                    + " without phase-1 runs measures some other phase)", root.get("endpoints"));
        }
        String modelId = null;
        if (root.has("model_id")) {
            modelId = r.text(root, "$", "model_id");
            if (!modelId.matches(MODEL_ID)) {
                throw r.error("$.model_id", "a model id of letters, digits, '.', '_' or '-' (such as x86-vm-2c)",
                        root.get("model_id"));
            }
        }
        Preset p = new Preset(name, description, runs, warmups, duration, concurrency, threads, cooldown, settle,
                seedRows, seedRowsDelete, interval, endpoints, mix, sweep, memory, seed, retries, startup, grace,
                study, tool, timeout, phase1Levels, prime, phase4, phase5, modelId);
        for (String e : p.allEndpoints()) {
            String why = LoadGenerators.get(tool).cannotLoad(e);
            if (why != null) {
                throw r.error("$.load_generator", "wrk for the endpoint '" + e + "' (" + why + ")", root.get("load_generator"));
            }
        }
        return p;
    }

    /** A device.model_id: what --model-id and a preset's model_id accept. */
    public static final String MODEL_ID = "[A-Za-z0-9._-]+";

    /**
     * {@code phase5}: endpoints each once; {@code prior_load_s} above 0 (a phase 5 without prior load
     * would be phase 1); a concurrency of at least threads, as phase 1's.
     */
    private static Phase5 phase5(JsonReader r, JsonNode root, int threads) throws IOException {
        String at = "$.phase5";
        JsonNode q = r.object(root, "$", "phase5");
        r.onlyKeys(q, at, PHASE5_KEYS);
        List<String> eps = r.strings(q, at, "endpoints");
        if (eps.isEmpty()) throw r.error(at + ".endpoints", "at least one endpoint", q.get("endpoints"));
        checkEndpoints(r, q.get("endpoints"), at + ".endpoints", eps);
        int del = eps.indexOf(Endpoints.DELETE_ITEM);
        if (del >= 0) {
            // the window would DELETE the ids the prior load already deleted (delete_item.lua walks
            // the same slices from the first seeded id); not measured until the script can start later
            throw r.error(at + ".endpoints[" + del + "]", "an endpoint other than delete_item (this harness does not"
                    + " yet give phase 5's window rows the prior load left)", q.get("endpoints").get(del));
        }
        JsonNode pl = q.get("prior_load_s");
        if (pl == null || !pl.isNumber() || !(pl.asDouble() > 0) || pl.asDouble() > 86_400) {
            throw r.error(at + ".prior_load_s", "seconds of load before the measured window, > 0 and at most 86400"
                    + " (phase 5 measures a server that has served load)", pl);
        }
        return new Phase5(eps, pl.asDouble(), (int) r.integer(q, at, "runs", 1, 100_000),
                (int) r.integer(q, at, "warmups", 0, 100_000), (int) r.integer(q, at, "duration_s", 1, 86_400),
                (int) r.integer(q, at, "concurrency", threads, MAX_CONNECTIONS));
    }

    /** {@code phase4.search}: factor above 1, max_fraction above 0; for endpoints phase 1 measures. */
    private static Search search(JsonReader r, JsonNode q, String at, List<String> eps, List<String> phase1Endpoints)
            throws IOException {
        JsonNode s = r.object(q, at, "search");
        String sa = at + ".search";
        r.onlyKeys(s, sa, SEARCH_KEYS);
        JsonNode f = s.get("factor");
        if (f == null || !f.isNumber() || !(f.asDouble() > 1) || f.asDouble() > MAX_OFFERED_FRACTION) {
            throw r.error(sa + ".factor", "a factor above 1 and at most " + (long) MAX_OFFERED_FRACTION
                    + " (each search rate is factor times the one before)", f);
        }
        JsonNode m = s.get("max_fraction");
        if (m == null || !m.isNumber() || !(m.asDouble() > 0) || m.asDouble() > MAX_OFFERED_FRACTION) {
            throw r.error(sa + ".max_fraction", "a fraction of the phase-1 median rps > 0 and at most "
                    + (long) MAX_OFFERED_FRACTION, m);
        }
        for (int i = 0; i < eps.size(); i++) {
            if (!phase1Endpoints.contains(eps.get(i))) {
                throw r.error(at + ".endpoints[" + i + "]", "an endpoint phase 1 measures (" + phase1Endpoints
                        + "): the search stops at max_fraction of the stack's phase-1 median rps on it", q.get("endpoints").get(i));
            }
        }
        return new Search(f.asDouble(), m.asDouble());
    }

    private static List<String> closedLoopTools() {
        List<String> ids = new ArrayList<>();
        for (String id : LoadGenerators.ids()) if (!LoadGenerators.get(id).openLoop()) ids.add("\"" + id + "\"");
        return ids;
    }

    /**
     * {@code phase4}: every offered rate and fraction above 0, each once; fractions only for
     * endpoints phase 1 measures (a fraction is of that endpoint's phase-1 median); an open-loop
     * load generator that loads every endpoint, at a pinned version, with latency correction.
     */
    private static Phase4 phase4(JsonReader r, JsonNode root, List<String> phase1Endpoints) throws IOException {
        String at = "$.phase4";
        JsonNode q = r.object(root, "$", "phase4");
        r.onlyKeys(q, at, PHASE4_KEYS);
        List<String> eps = r.strings(q, at, "endpoints");
        if (eps.isEmpty()) throw r.error(at + ".endpoints", "at least one endpoint", q.get("endpoints"));
        checkEndpoints(r, q.get("endpoints"), at + ".endpoints", eps);
        List<Double> rates = q.has("offered_rps") ? offered(r, q, at, "offered_rps", MAX_OFFERED_RPS) : List.of();
        List<Double> fractions = q.has("offered_fractions")
                ? offered(r, q, at, "offered_fractions", MAX_OFFERED_FRACTION) : List.of();
        if (rates.isEmpty() && fractions.isEmpty()) {
            throw r.error(at, "offered_rps or offered_fractions with at least one rate", q);
        }
        if (!fractions.isEmpty()) {
            for (int i = 0; i < eps.size(); i++) {
                if (!phase1Endpoints.contains(eps.get(i))) {
                    throw r.error(at + ".endpoints[" + i + "]", "an endpoint phase 1 measures (" + phase1Endpoints
                            + "): offered_fractions are of the stack's phase-1 median rps on it", q.get("endpoints").get(i));
                }
            }
        }
        JsonNode lg = r.object(q, at, "load_generator");
        r.onlyKeys(lg, at + ".load_generator", PHASE4_TOOL_KEYS);
        String tool = r.text(lg, at + ".load_generator", "tool");
        if (!LoadGenerators.isKnown(tool) || !LoadGenerators.get(tool).openLoop()) {
            List<String> open = LoadGenerators.ids().stream().filter(id -> LoadGenerators.get(id).openLoop()).toList();
            throw r.error(at + ".load_generator.tool", "an open-loop load generator " + open, lg.get("tool"));
        }
        String version = r.text(lg, at + ".load_generator", "version");
        if (!version.matches("\\d+\\.\\d+\\.\\d+\\S*")) {
            throw r.error(at + ".load_generator.version", "the pinned version, such as 1.16.0", lg.get("version"));
        }
        JsonNode lc = lg.get("latency_correction");
        if (lc == null || !lc.isBoolean() || !lc.asBoolean()) {
            throw r.error(at + ".load_generator.latency_correction", "true (phase 4 measures latency from each request's"
                    + " scheduled start)", lc);
        }
        for (int i = 0; i < eps.size(); i++) {
            String why = LoadGenerators.get(tool).cannotLoad(eps.get(i));
            if (why != null) throw r.error(at + ".endpoints[" + i + "]", "an endpoint " + tool + " loads (" + why + ")", q.get("endpoints").get(i));
        }
        Search search = q.has("search") && !q.get("search").isNull() ? search(r, q, at, eps, phase1Endpoints) : null;
        return new Phase4(eps, rates, fractions, (int) r.integer(q, at, "runs", 1, 100_000),
                (int) r.integer(q, at, "warmups", 0, 100_000), (int) r.integer(q, at, "duration_s", 1, 86_400),
                (int) r.integer(q, at, "concurrency", 1, MAX_CONNECTIONS), tool, version, true, search);
    }

    /** Rates or fractions: numbers above 0, at most {@code max}, each once. */
    private static List<Double> offered(JsonReader r, JsonNode q, String at, String key, double max) throws IOException {
        JsonNode a = q.get(key);
        if (a == null || !a.isArray()) throw r.error(at + "." + key, "an array of numbers > 0", a);
        List<Double> out = new ArrayList<>();
        for (int i = 0; i < a.size(); i++) {
            JsonNode n = a.get(i);
            String path = at + "." + key + "[" + i + "]";
            if (!n.isNumber() || !(n.asDouble() > 0) || n.asDouble() > max) {
                throw r.error(path, (key.equals("offered_rps") ? "an offered rate in requests per second" : "a fraction of the"
                        + " phase-1 median rps") + " > 0 and at most " + (long) max, n);
            }
            if (out.contains(n.asDouble())) throw r.error(path, "each value once", n);
            out.add(n.asDouble());
        }
        return out;
    }

    /** Strictly increasing connection counts. */
    private static List<Integer> levels(JsonReader r, JsonNode parent, String path, String key) throws IOException {
        List<Integer> levels = r.integers(parent, path, key, 1, MAX_CONNECTIONS);
        if (levels.isEmpty()) throw r.error(path + "." + key, "at least one level", parent.get(key));
        for (int i = 1; i < levels.size(); i++) {
            if (levels.get(i) <= levels.get(i - 1)) {
                throw r.error(path + "." + key + "[" + i + "]", "a level above the previous one (" + levels.get(i - 1) + ")",
                        parent.get(key).get(i));
            }
        }
        return levels;
    }

    private static void checkEndpoints(JsonReader r, JsonNode array, String path, List<String> endpoints)
            throws IOException {
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < endpoints.size(); i++) {
            String e = endpoints.get(i);
            if (!Endpoints.isKnown(e)) throw r.error(path + "[" + i + "]", "an endpoint id of data.md " + Endpoints.ALL, array.get(i));
            if (!seen.add(e)) throw r.error(path + "[" + i + "]", "each endpoint once", array.get(i));
        }
    }

    /** Weights over exactly the five CRUD endpoints, non-negative, summing to 1 (data.md mixes.csv). */
    static Map<String, Double> parseMix(JsonReader r, JsonNode m, String path) throws IOException {
        r.onlyKeys(m, path, Set.copyOf(Endpoints.CRUD));
        Map<String, Double> mix = new LinkedHashMap<>();
        double sum = 0;
        for (String e : Endpoints.CRUD) {
            double w = r.number(m, path, e, 0, 1);
            mix.put(e, w);
            sum += w;
        }
        if (Math.abs(sum - 1) > MIX_SUM_TOLERANCE) {
            throw r.error(path, "weights summing to 1 (within " + MIX_SUM_TOLERANCE + ")", JSON.valueToTree(sum));
        }
        return mix;
    }

    /** The endpoint list phase 1 measures, in the preset's order. */
    public List<String> phase1Endpoints() {
        return endpoints;
    }

    /**
     * Rows seeded before a run of {@code endpoint} (servers.md: seed_rows_delete before delete
     * runs); {@link #AUTO} for a delete run of an {@code auto} preset.
     */
    public int seedRowsFor(String endpoint) {
        return Endpoints.DELETE_ITEM.equals(endpoint) ? seedRowsDelete : seedRows;
    }

    /** This preset with another declared mix (from data/config/mixes.csv). */
    public Preset withMix(Map<String, Double> declared) {
        return new Preset(name, description, runs, warmups, durationS, concurrency, threads, cooldownS, settleS,
                seedRows, seedRowsDelete, sampleIntervalMs, endpoints, declared, sweep, memory, rngSeed, maxRetries,
                startupTimeoutS, stopGraceS, study, loadGenerator, timeoutS, concurrencyLevels, primeS, phase4, phase5,
                modelId);
    }

    /**
     * This preset with {@code seed_rows_delete} a number: the one an {@code auto} campaign measured
     * (or recorded in its campaign.json).
     */
    public Preset withSeedRowsDelete(int rows) {
        if (rows < 1) throw new IllegalArgumentException("seed_rows_delete: expected at least 1 row, found " + rows);
        return new Preset(name, description, runs, warmups, durationS, concurrency, threads, cooldownS, settleS,
                seedRows, rows, sampleIntervalMs, endpoints, mix, sweep, memory, rngSeed, maxRetries,
                startupTimeoutS, stopGraceS, study, loadGenerator, timeoutS, concurrencyLevels, primeS, phase4, phase5,
                modelId);
    }

    /**
     * campaign.json's {@code protocol} object: data.md's keys first, then this harness's own
     * (unknown keys are kept and ignored by ingest).
     */
    public ObjectNode protocolJson() {
        ObjectNode p = JSON.createObjectNode();
        p.put("preset", name);
        p.put("runs", runs);
        p.put("warmups", warmups);
        p.put("duration_s", durationS);
        if (concurrencyLevels.size() == 1) {
            p.put("concurrency", concurrency);
        } else {
            ArrayNode levels = p.putArray("concurrency");
            concurrencyLevels.forEach(levels::add);
        }
        p.put("threads", threads);
        p.put("cooldown_s", cooldownS);
        p.put("seed_rows", seedRows);
        if (seedRowsDelete == AUTO) p.put("seed_rows_delete", "auto");
        else p.put("seed_rows_delete", seedRowsDelete);
        p.put("sample_interval_ms", sampleIntervalMs);
        p.put("order", "randomized");
        p.put("rng_seed", rngSeed);
        p.put("settle_s", settleS);
        ArrayNode eps = p.putArray("endpoints");
        endpoints.forEach(eps::add);
        if (!mix.isEmpty()) {
            ObjectNode m = p.putObject("mix");
            mix.forEach(m::put);
        }
        if (sweep != null) {
            ObjectNode s = p.putObject("sweep");
            s.put("endpoint", sweep.endpoint());
            ArrayNode c = s.putArray("concurrency");
            sweep.concurrency().forEach(c::add);
            s.put("runs", sweep.runs());
            s.put("warmups", sweep.warmups());
        }
        if (memory != null) {
            ObjectNode m = p.putObject("memory");
            ArrayNode me = m.putArray("endpoints");
            memory.endpoints().forEach(me::add);
            m.put("runs", memory.runs());
            m.put("duration_s", memory.durationS());
            m.put("concurrency", memory.concurrency());
            if (memory.sampleIntervalMs() != sampleIntervalMs) m.put("sample_interval_ms", memory.sampleIntervalMs());
        }
        p.put("max_retries", maxRetries);
        p.put("startup_timeout_s", startupTimeoutS);
        p.put("stop_grace_s", stopGraceS);
        if (!Double.isNaN(timeoutS)) p.put("timeout_s", timeoutS);
        if (primeS > 0) p.put("prime_s", primeS);
        if (phase4 != null) {
            ObjectNode q = p.putObject("phase4");
            ArrayNode e = q.putArray("endpoints");
            phase4.endpoints().forEach(e::add);
            ArrayNode rates = q.putArray("offered_rps");
            phase4.offeredRps().forEach(x -> addNumber(rates, x));
            ArrayNode fractions = q.putArray("offered_fractions");
            phase4.offeredFractions().forEach(fractions::add);
            q.put("runs", phase4.runs());
            q.put("warmups", phase4.warmups());
            q.put("duration_s", phase4.durationS());
            q.put("concurrency", phase4.concurrency());
            ObjectNode lg = q.putObject("load_generator");
            lg.put("tool", phase4.tool());
            lg.put("version", phase4.version());
            lg.put("latency_correction", phase4.latencyCorrection());
            if (phase4.search() != null) {
                ObjectNode se = q.putObject("search");
                se.put("factor", phase4.search().factor());
                se.put("max_fraction", phase4.search().maxFraction());
            }
        }
        if (phase5 != null) {
            ObjectNode q = p.putObject("phase5");
            ArrayNode e = q.putArray("endpoints");
            phase5.endpoints().forEach(e::add);
            q.put("prior_load_s", phase5.priorLoadS());
            q.put("runs", phase5.runs());
            q.put("warmups", phase5.warmups());
            q.put("duration_s", phase5.durationS());
            q.put("concurrency", phase5.concurrency());
        }
        return p;
    }

    /** A whole number as an integer (500, as data.md writes it), else as a decimal. */
    private static void addNumber(ArrayNode a, double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e15) a.add((long) x);
        else a.add(x);
    }

    /** The sampling interval of a run of {@code phase}: phase 3 may have its own. */
    public int sampleIntervalMs(int phase) {
        return phase == 3 && memory != null ? memory.sampleIntervalMs() : sampleIntervalMs;
    }

    /** Every endpoint some phase of this preset loads, for checking that its wrk scripts exist. */
    public List<String> allEndpoints() {
        Set<String> all = new LinkedHashSet<>(endpoints);
        if (sweep != null) all.add(sweep.endpoint());
        if (memory != null) all.addAll(memory.endpoints());
        if (phase5 != null) all.addAll(phase5.endpoints());
        return new ArrayList<>(all);
    }

    /** Every endpoint some phase loads, phase 4's included: what a measured stack must serve. */
    public List<String> servedEndpoints() {
        Set<String> all = new LinkedHashSet<>(allEndpoints());
        if (phase4 != null) all.addAll(phase4.endpoints());
        return new ArrayList<>(all);
    }
}
