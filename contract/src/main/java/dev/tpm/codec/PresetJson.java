package dev.tpm.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A preset file, {@code harness/presets/<name>.json} (servers.md "Protocol presets"), read into a
 * {@link Preset} and checked: the one class that parses a preset. The first problem stops the
 * read, an {@link IOException} whose message names the file and the JSON path, says what was
 * expected and shows what was found as JSON (a syntax error: line and column).
 *
 * <p>What the harness knows of load generators (which are closed- or open-loop, which endpoints
 * each can load) arrives as {@link Tools}: the contract names no tool but the default, wrk.
 */
public final class PresetJson {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> KEYS = Set.of("preset", "description", "runs", "warmups", "duration_s",
            "concurrency", "threads", "cooldown_s", "settle_s", "seed_rows", "seed_rows_delete",
            "sample_interval_ms", "endpoints", "mix", "sweep", "memory", "rng_seed", "max_retries",
            "startup_timeout_s", "stop_grace_s", "study", "load_generator", "timeout_s", "prime_s", "phase4", "phase5",
            "model_id", "order", "max_steal_share", "quiet");
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
    /** campaign.json's {@code protocol.order} (servers.md version 5): rounds, the default, or randomized. */
    public static final String ROUNDS = "rounds";
    public static final String RANDOMIZED = "randomized";
    /** servers.md version 5: the steal share above which the gate waits and the rule discards, when a preset says nothing. */
    public static final double DEFAULT_MAX_STEAL_SHARE = 0.05;
    private static final Set<String> QUIET_KEYS = Set.of("window_s", "max_wait_s");

    /** The load generators a preset may name, as the harness knows them. */
    public interface Tools {
        /** The ids of the closed-loop load generators (phases 1-3 and 5), sorted. */
        List<String> closedLoop();

        /** The ids of the open-loop load generators (phase 4), sorted. */
        List<String> openLoop();

        /** Why {@code tool} cannot load {@code endpoint}, or null when it can. */
        String cannotLoad(String tool, String endpoint);
    }

    private PresetJson() {}

    /** Reads and checks a preset file; errors name {@code file}. */
    public static Preset read(Path file, Tools tools) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw syntax(file.toString(), e);
        }
        return parse(root, file.toString(), tools);
    }

    /** A preset from its JSON text; {@code where} names the file in errors. */
    public static Preset parse(String text, String where, Tools tools) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw syntax(where, e);
        }
        return parse(root, where, tools);
    }

    private static IOException syntax(String where, JsonProcessingException e) {
        var loc = e.getLocation();
        return new IOException(where + ": line " + loc.getLineNr() + ", column " + loc.getColumnNr()
                + ": not valid JSON: " + e.getOriginalMessage(), e);
    }

    private static Preset parse(JsonNode root, String where, Tools tools) throws IOException {
        Reader r = new Reader(where);
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
        int threads = (int) r.integer(root, "$", "threads", 1, 1024);
        int fewest = phase1Levels.stream().mapToInt(Integer::intValue).min().orElseThrow();
        if (threads > fewest) {
            throw r.error("$.threads", "at most concurrency (" + fewest + "): wrk needs a connection per thread",
                    root.get("threads"));
        }
        String study = r.optionalText(root, "study", Preset.PAPER_STUDY);
        if (!study.matches("[a-z0-9][a-z0-9-]*")) throw r.error("$.study", "a study id of lower-case letters, digits and '-'", root.get("study"));
        String tool = r.optionalText(root, "load_generator", Preset.WRK);
        if (!tools.closedLoop().contains(tool)) {
            List<String> quoted = tools.closedLoop().stream().map(id -> "\"" + id + "\"").toList();
            throw r.error("$.load_generator", "one of " + quoted + " (phases 1-3 keep their connections busy;"
                    + " an open-loop tool belongs in phase4.load_generator)", root.get("load_generator"));
        }
        // whole seconds: wrk's --timeout takes s, m or h units, autocannon's -t seconds
        Double timeout = root.has("timeout_s") ? (double) r.integer(root, "$", "timeout_s", 1, 86_400) : null;
        double cooldown = r.number(root, "$", "cooldown_s", 0, 3600);
        double settle = r.number(root, "$", "settle_s", 0, 3600);
        long seedRows = r.integer(root, "$", "seed_rows", 1, 100_000_000);
        Protocol.DeleteRows seedRowsDelete = Protocol.DeleteRows.AUTO.equals(root.path("seed_rows_delete").asText(null))
                ? Protocol.DeleteRows.AUTOMATIC
                : new Protocol.DeleteRows(r.integer(root, "$", "seed_rows_delete", 1, 100_000_000));
        int interval = (int) r.integer(root, "$", "sample_interval_ms", 10, 60_000);

        List<String> endpoints = r.strings(root, "$", "endpoints");
        // data.md version 4: a campaign of other phases alone needs no phase-1 runs; checked below,
        // once the other phases are read
        checkEndpoints(r, root.get("endpoints"), "$.endpoints", endpoints);

        Map<String, Double> mix = null;
        if (root.has("mix")) {
            mix = parseMix(r, r.object(root, "$", "mix"), "$.mix");
        } else if (endpoints.contains(Endpoints.MIXED)) {
            throw r.error("$.mix", "an object of weights over the five CRUD endpoints (endpoints include 'mixed')", null);
        }

        Protocol.Sweep sweep = null;
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
            sweep = new Protocol.Sweep(endpoint, levels, (int) r.integer(s, "$.sweep", "runs", 1, 100_000),
                    (int) r.integer(s, "$.sweep", "warmups", 0, 100_000));
        }

        Protocol.Memory memory = null;
        if (root.has("memory") && !root.get("memory").isNull()) {
            JsonNode m = r.object(root, "$", "memory");
            r.onlyKeys(m, "$.memory", MEMORY_KEYS);
            List<String> me = r.strings(m, "$.memory", "endpoints");
            checkEndpoints(r, m.get("endpoints"), "$.memory.endpoints", me);
            int mc = (int) r.integer(m, "$.memory", "concurrency", threads, MAX_CONNECTIONS);
            int mi = m.has("sample_interval_ms") ? (int) r.integer(m, "$.memory", "sample_interval_ms", 10, 60_000) : interval;
            int memoryRuns = (int) r.integer(m, "$.memory", "runs", 1, 100_000);
            double memoryDuration = r.integer(m, "$.memory", "duration_s", 1, 86_400);
            // campaign.json records the series' own interval only where it differs from the protocol's
            memory = new Protocol.Memory(me, memoryRuns, memoryDuration, mc, mi != interval ? mi : null);
            if (me.contains(Endpoints.MIXED) && mix == null) {
                throw r.error("$.mix", "an object of weights (memory endpoints include 'mixed')", null);
            }
        }
        if (sweep != null && sweep.endpoint().equals(Endpoints.MIXED) && mix == null) {
            throw r.error("$.mix", "an object of weights (the sweep endpoint is 'mixed')", null);
        }

        long seed = r.integer(root, "$", "rng_seed", Long.MIN_VALUE, Long.MAX_VALUE);
        int retries = (int) r.integer(root, "$", "max_retries", 0, 1000);
        double startup = r.number(root, "$", "startup_timeout_s", 0.001, 3600);
        double grace = r.number(root, "$", "stop_grace_s", 0.001, 3600);
        double prime = root.has("prime_s") ? r.number(root, "$", "prime_s", 0, 3600) : 0;
        Protocol.Phase4 phase4 = root.has("phase4") && !root.get("phase4").isNull() ? phase4(r, root, endpoints, tools) : null;
        Protocol.Phase5 phase5 = root.has("phase5") && !root.get("phase5").isNull() ? phase5(r, root, threads) : null;
        if (phase5 != null && phase5.endpoints().contains(Endpoints.MIXED) && mix == null) {
            throw r.error("$.mix", "an object of weights (phase5 endpoints include 'mixed')", null);
        }
        if (endpoints.isEmpty() && sweep == null && memory == null && phase5 == null) {
            // phase 4 alone has no phase-1 median to take fractions of, and data.md wants rows in some phase file
            throw r.error("$.endpoints", "at least one endpoint, or a sweep, memory series or phase5 (a campaign"
                    + " without phase-1 runs measures some other phase)", root.get("endpoints"));
        }
        String modelId = root.has("model_id") ? r.text(root, "$", "model_id") : null;
        if (modelId != null && !CampaignJson.ID.matcher(modelId).matches()) {
            throw r.error("$.model_id", "a model id of letters, digits, '.', '_', '+', '-', e.g. pi5-8gb", root.get("model_id"));
        }
        // version 5: order (absent: rounds), max_steal_share (absent: 0.05; null: the quiet gate and the
        // steal rule off) and quiet ({window_s, max_wait_s}, each > 0, a missing one its default;
        // recorded only while the gate is on, or when the preset gives it)
        String order = root.has("order") ? r.text(root, "$", "order") : ROUNDS;
        if (!order.equals(ROUNDS) && !order.equals(RANDOMIZED)) {
            throw r.error("$.order", "\"" + ROUNDS + "\" or \"" + RANDOMIZED + "\"", root.get("order"));
        }
        Double maxSteal = DEFAULT_MAX_STEAL_SHARE;
        if (root.has("max_steal_share")) {
            maxSteal = root.get("max_steal_share").isNull() ? null : (Double) r.number(root, "$", "max_steal_share", 0, 1);
        }
        Protocol.Quiet quiet = null;
        if (root.has("quiet") || maxSteal != null) {
            JsonNode q = root.has("quiet") ? r.object(root, "$", "quiet") : JSON.createObjectNode();
            r.onlyKeys(q, "$.quiet", QUIET_KEYS);
            quiet = new Protocol.Quiet(
                    q.has("window_s") ? positiveSeconds(r, q, "window_s", 3600) : Protocol.Quiet.DEFAULT_WINDOW_S,
                    q.has("max_wait_s") ? positiveSeconds(r, q, "max_wait_s", 86_400) : Protocol.Quiet.DEFAULT_MAX_WAIT_S);
        }
        Protocol protocol = Protocol.builder()
                .preset(name).runs(runs).warmups(warmups).durationS((double) duration).concurrency(phase1Levels)
                .threads(threads).cooldownS(cooldown).seedRows(seedRows).seedRowsDelete(seedRowsDelete)
                .sampleIntervalMs(interval).order(order).rngSeed(seed).settleS(settle)
                .endpoints(endpoints).mix(mix).sweep(sweep).memory(memory)
                .maxRetries(retries).startupTimeoutS(startup).stopGraceS(grace)
                .timeoutS(timeout).primeS(prime > 0 ? prime : null).phase4(phase4).phase5(phase5)
                .maxStealShare(maxSteal).quiet(quiet)
                .build();
        Preset p = new Preset(protocol, description, study, tool, modelId);
        for (String e : p.allEndpoints()) {
            String why = tools.cannotLoad(tool, e);
            if (why != null) {
                throw r.error("$.load_generator", "wrk for the endpoint '" + e + "' (" + why + ")", root.get("load_generator"));
            }
        }
        return p;
    }

    /**
     * {@code phase5}: endpoints each once; {@code prior_load_s} above 0 (a phase 5 without prior load
     * would be phase 1); a concurrency of at least threads, as phase 1's.
     */
    private static Protocol.Phase5 phase5(Reader r, JsonNode root, int threads) throws IOException {
        String at = "$.phase5";
        JsonNode q = r.object(root, "$", "phase5");
        r.onlyKeys(q, at, PHASE5_KEYS);
        List<String> eps = phaseEndpoints(r, q, at);
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
        int runs = (int) r.integer(q, at, "runs", 1, 100_000);
        int warmups = (int) r.integer(q, at, "warmups", 0, 100_000);
        double duration = r.integer(q, at, "duration_s", 1, 86_400);
        return new Protocol.Phase5(eps, pl.asDouble(), runs, warmups, duration,
                (int) r.integer(q, at, "concurrency", threads, MAX_CONNECTIONS));
    }

    /** {@code phase4.search}: factor above 1, max_fraction above 0; for endpoints phase 1 measures. */
    private static Protocol.Search search(Reader r, JsonNode q, String at, List<String> eps, List<String> phase1Endpoints)
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
        return new Protocol.Search(f.asDouble(), m.asDouble());
    }

    /** A phase's {@code endpoints}: at least one, each known and listed once. */
    private static List<String> phaseEndpoints(Reader r, JsonNode phase, String at) throws IOException {
        List<String> eps = r.strings(phase, at, "endpoints");
        if (eps.isEmpty()) throw r.error(at + ".endpoints", "at least one endpoint", phase.get("endpoints"));
        checkEndpoints(r, phase.get("endpoints"), at + ".endpoints", eps);
        return eps;
    }

    /**
     * {@code phase4}: every offered rate and fraction above 0, each once; fractions only for
     * endpoints phase 1 measures (a fraction is of that endpoint's phase-1 median); an open-loop
     * load generator that loads every endpoint, at a pinned version, with latency correction.
     */
    private static Protocol.Phase4 phase4(Reader r, JsonNode root, List<String> phase1Endpoints, Tools tools)
            throws IOException {
        String at = "$.phase4";
        JsonNode q = r.object(root, "$", "phase4");
        r.onlyKeys(q, at, PHASE4_KEYS);
        List<String> eps = phaseEndpoints(r, q, at);
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
        if (!tools.openLoop().contains(tool)) {
            throw r.error(at + ".load_generator.tool", "an open-loop load generator " + tools.openLoop(), lg.get("tool"));
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
            String why = tools.cannotLoad(tool, eps.get(i));
            if (why != null) throw r.error(at + ".endpoints[" + i + "]", "an endpoint " + tool + " loads (" + why + ")", q.get("endpoints").get(i));
        }
        Protocol.Search search = q.has("search") && !q.get("search").isNull() ? search(r, q, at, eps, phase1Endpoints) : null;
        int runs = (int) r.integer(q, at, "runs", 1, 100_000);
        int warmups = (int) r.integer(q, at, "warmups", 0, 100_000);
        double duration = r.integer(q, at, "duration_s", 1, 86_400);
        int concurrency = (int) r.integer(q, at, "concurrency", 1, MAX_CONNECTIONS);
        // the harness measures phase 4 with coordinated omission corrected only
        return new Protocol.Phase4(eps, rates, fractions, runs, warmups, duration, concurrency,
                new Protocol.Phase4LoadGenerator(tool, version, true), search);
    }

    /** Rates or fractions: numbers above 0, at most {@code max}, each once. */
    private static List<Double> offered(Reader r, JsonNode q, String at, String key, double max) throws IOException {
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

    /** {@code quiet}'s seconds: a number above 0 and at most {@code max}. */
    private static double positiveSeconds(Reader r, JsonNode q, String key, double max) throws IOException {
        JsonNode n = q.get(key);
        if (n == null || !n.isNumber() || !(n.asDouble() > 0) || n.asDouble() > max) {
            throw r.error("$.quiet." + key, "seconds > 0 and at most " + (long) max, n);
        }
        return n.asDouble();
    }

    /** Strictly increasing connection counts. */
    private static List<Integer> levels(Reader r, JsonNode parent, String path, String key) throws IOException {
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

    private static void checkEndpoints(Reader r, JsonNode array, String path, List<String> endpoints)
            throws IOException {
        Set<String> seen = new LinkedHashSet<>();
        for (int i = 0; i < endpoints.size(); i++) {
            String e = endpoints.get(i);
            if (!Endpoints.isKnown(e)) throw r.error(path + "[" + i + "]", "an endpoint id of data.md " + Endpoints.ALL, array.get(i));
            if (!seen.add(e)) throw r.error(path + "[" + i + "]", "each endpoint once", array.get(i));
        }
    }

    /** Weights over exactly the five CRUD endpoints, non-negative, summing to 1 (data.md mixes.csv). */
    private static Map<String, Double> parseMix(Reader r, JsonNode m, String path) throws IOException {
        r.onlyKeys(m, path, Set.copyOf(Endpoints.CRUD));
        Map<String, Double> mix = new LinkedHashMap<>();
        double sum = 0;
        for (String e : Endpoints.CRUD) {
            double w = r.number(m, path, e, 0, 1);
            mix.put(e, w);
            sum += w;
        }
        if (Math.abs(sum - 1) > Preset.MIX_SUM_TOLERANCE) {
            throw r.error(path, "weights summing to 1 (within " + Preset.MIX_SUM_TOLERANCE + ")", JSON.valueToTree(sum));
        }
        return mix;
    }

    /**
     * Typed reads from a preset's JSON whose errors name the file and the JSON path, say what was
     * expected and show what was found as JSON (the project's bad-input rule).
     */
    private static final class Reader {
        private final String file;

        Reader(String file) {
            this.file = file;
        }

        IOException error(String path, String expected, JsonNode found) {
            return new IOException(file + ": " + path + ": expected " + expected + ", found "
                    + (found == null || found.isMissingNode() ? "nothing" : found.toString()));
        }

        /** Rejects keys outside {@code allowed}, so that a misspelt key is not silently ignored. */
        void onlyKeys(JsonNode object, String path, Set<String> allowed) throws IOException {
            Iterator<String> names = object.fieldNames();
            while (names.hasNext()) {
                String name = names.next();
                if (!allowed.contains(name)) {
                    throw new IOException(file + ": " + path + "." + name + ": unknown key (expected one of "
                            + allowed.stream().sorted().toList() + ")");
                }
            }
        }

        JsonNode object(JsonNode parent, String path, String key) throws IOException {
            JsonNode n = parent.get(key);
            if (n == null || !n.isObject()) throw error(path + "." + key, "an object", n);
            return n;
        }

        String text(JsonNode parent, String path, String key) throws IOException {
            JsonNode n = parent.get(key);
            if (n == null || !n.isTextual() || n.asText().isBlank()) throw error(path + "." + key, "a non-empty string", n);
            return n.asText();
        }

        String optionalText(JsonNode parent, String key, String fallback) {
            JsonNode n = parent.get(key);
            return n == null || !n.isTextual() ? fallback : n.asText();
        }

        long integer(JsonNode parent, String path, String key, long min, long max) throws IOException {
            return integerNode(parent.get(key), path + "." + key, min, max);
        }

        long integerNode(JsonNode n, String path, long min, long max) throws IOException {
            if (n == null || !n.isIntegralNumber() || !n.canConvertToLong()) {
                throw error(path, "an integer in [" + min + ", " + max + "]", n);
            }
            long v = n.asLong();
            if (v < min || v > max) throw error(path, "an integer in [" + min + ", " + max + "]", n);
            return v;
        }

        double number(JsonNode parent, String path, String key, double min, double max) throws IOException {
            JsonNode n = parent.get(key);
            if (n == null || !n.isNumber()) throw error(path + "." + key, "a number in [" + min + ", " + max + "]", n);
            double v = n.asDouble();
            if (!(v >= min && v <= max)) throw error(path + "." + key, "a number in [" + min + ", " + max + "]", n);
            return v;
        }

        List<String> strings(JsonNode parent, String path, String key) throws IOException {
            JsonNode n = parent.get(key);
            if (n == null || !n.isArray()) throw error(path + "." + key, "an array of strings", n);
            List<String> out = new ArrayList<>();
            for (int i = 0; i < n.size(); i++) {
                JsonNode e = n.get(i);
                if (!e.isTextual()) throw error(path + "." + key + "[" + i + "]", "a string", e);
                out.add(e.asText());
            }
            return out;
        }

        List<Integer> integers(JsonNode parent, String path, String key, int min, int max) throws IOException {
            JsonNode n = parent.get(key);
            if (n == null || !n.isArray() || n.isEmpty()) throw error(path + "." + key, "a non-empty array of integers", n);
            List<Integer> out = new ArrayList<>();
            for (int i = 0; i < n.size(); i++) {
                out.add((int) integerNode(n.get(i), path + "." + key + "[" + i + "]", min, max));
            }
            return out;
        }
    }
}
