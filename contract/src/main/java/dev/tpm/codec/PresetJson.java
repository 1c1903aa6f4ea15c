package dev.tpm.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import dev.tpm.model.Protocol.Quiet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A preset file, {@code harness/presets/<name>.json} (servers.md "Protocol presets";
 * schema/preset.schema.json), read into a {@link Preset} and checked: the one class that reads a
 * preset. The schema holds every key's own rule; the file is then bound by Jackson to the
 * {@link Protocol}, and only the rules across keys stay here. A bad file is an {@link IOException}
 * whose message names the file and the JSON path, says what was expected and shows what was found:
 * every violation of the schema, one a line, else the first rule across keys it breaks (a syntax
 * error: line and column).
 *
 * <p>What the harness knows of load generators (which are closed- or open-loop, which endpoints
 * each can load) arrives as {@link Tools}: the contract names no tool but the default, wrk.
 */
public final class PresetJson {
    private static final ObjectMapper JSON = JsonFile.MAPPER;
    static final String FORMAT = "preset";
    /** campaign.json's {@code protocol.order} (servers.md version 5): rounds, the default, or randomized. */
    public static final String ROUNDS = "rounds";
    public static final String RANDOMIZED = "randomized";
    /**
     * servers.md version 5: the steal share above which the gate waits and the rule discards, when a
     * preset says nothing (the schema's {@code "default"}, its one home).
     */
    public static final double DEFAULT_MAX_STEAL_SHARE = JsonSchemas.tree(FORMAT).at("/properties/max_steal_share/default").asDouble();
    /** The quiet gate's window and longest wait when a preset leaves them out (the schema's {@code "default"}s). */
    public static final Quiet DEFAULT_QUIET = JsonFile.bind((ObjectNode) JsonDefaults.filled(JsonFile.MAPPER.createObjectNode(),
            JsonSchemas.tree(FORMAT).at("/properties/quiet")), Quiet.class, "schema/preset.schema.json");

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
        if (root == null || root.isMissingNode()) throw new IOException(where + ": $: expected a JSON object, found nothing");
        Problems problems = new Problems();
        if (!JsonSchemas.check(root, FORMAT, where, problems)) {
            throw new IOException(problems.all().stream().map(PresetJson::message).collect(Collectors.joining("\n")));
        }
        Cross r = new Cross(where, root);
        // the preset's own keys are the Preset's; the rest is the protocol, with version 5's defaults:
        // order rounds, max_steal_share 0.05 (null: the quiet gate and the steal rule off), and a
        // quiet gate with its defaults filled in (recorded only while the gate is on, or when given)
        ObjectNode p = ((ObjectNode) root).deepCopy();
        String description = textOr(p.remove("description"), "");
        String study = textOr(p.remove("study"), Preset.PAPER_STUDY);
        String tool = textOr(p.remove("load_generator"), Preset.WRK);
        String modelId = textOr(p.remove("model_id"), null);
        JsonNode schema = JsonSchemas.tree(FORMAT);
        JsonDefaults.filled(p, schema, "order", "max_steal_share");
        if (p.has("quiet") || !p.get("max_steal_share").isNull()) {
            JsonDefaults.filled(p.has("quiet") ? (ObjectNode) p.get("quiet") : p.putObject("quiet"), schema.at("/properties/quiet"));
        }
        if (p.path("probe").isObject()) {
            // version 6: the probe's tool, test length and interval take their defaults; the harness records the version
            JsonDefaults.filled((ObjectNode) p.get("probe"), JsonSchemas.resolved(schema, schema.at("/properties/probe")));
        }
        if (p.path("phase4").isObject()) {
            // phase 4 records both lists of rates, the one the preset leaves out empty
            ObjectNode q = (ObjectNode) p.get("phase4");
            if (!q.has("offered_rps")) q.putArray("offered_rps");
            if (!q.has("offered_fractions")) q.putArray("offered_fractions");
        }
        Protocol bound = JsonFile.bind(p, Protocol.class, where);

        List<Integer> levels = bound.concurrency();
        r.increasing(levels, "$.concurrency", "concurrency");
        int threads = bound.threads();
        int fewest = levels.stream().mapToInt(Integer::intValue).min().orElseThrow();
        if (threads > fewest) {
            throw r.error("$.threads", "at most concurrency (" + fewest + "): wrk needs a connection per thread", "threads");
        }
        if (!tools.closedLoop().contains(tool)) {
            List<String> quoted = tools.closedLoop().stream().map(id -> "\"" + id + "\"").toList();
            throw r.error("$.load_generator", "one of " + quoted + " (phases 1-3 keep their connections busy;"
                    + " an open-loop tool belongs in phase4.load_generator)", "load_generator");
        }
        List<String> endpoints = bound.endpoints();
        Map<String, Double> mix = bound.mix() == null ? null : mix(r, bound.mix());
        if (mix == null && endpoints.contains(Endpoints.MIXED)) {
            throw r.error("$.mix", "an object of weights over the five CRUD endpoints (endpoints include 'mixed')");
        }
        Protocol.Sweep sweep = bound.sweep();
        if (sweep != null) {
            r.increasing(sweep.concurrency(), "$.sweep.concurrency", "sweep", "concurrency");
            for (int i = 0; i < sweep.concurrency().size(); i++) {
                if (sweep.concurrency().get(i) < threads) {
                    throw r.error("$.sweep.concurrency[" + i + "]", "at least threads (" + threads + ")",
                            "sweep", "concurrency", i);
                }
            }
        }
        Protocol.Memory memory = bound.memory();
        if (memory != null) {
            r.atLeastThreads(memory.concurrency(), threads, "memory");
            if (memory.endpoints().contains(Endpoints.MIXED) && mix == null) {
                throw r.error("$.mix", "an object of weights (memory endpoints include 'mixed')");
            }
            // campaign.json records the series' own interval only where it differs from the protocol's
            if (bound.sampleIntervalMs().equals(memory.sampleIntervalMs())) {
                memory = new Protocol.Memory(memory.endpoints(), memory.runs(), memory.durationS(), memory.concurrency(), null);
            }
        }
        if (sweep != null && sweep.endpoint().equals(Endpoints.MIXED) && mix == null) {
            throw r.error("$.mix", "an object of weights (the sweep endpoint is 'mixed')");
        }
        if (bound.phase4() != null) phase4(r, bound.phase4(), endpoints, tools);
        Protocol.Phase5 phase5 = bound.phase5();
        if (phase5 != null) {
            int del = phase5.endpoints().indexOf(Endpoints.DELETE_ITEM);
            if (del >= 0) {
                // the window would DELETE the ids the prior load already deleted (delete_item.lua walks
                // the same slices from the first seeded id); not measured until the script can start later
                throw r.error("$.phase5.endpoints[" + del + "]", "an endpoint other than delete_item (this harness does not"
                        + " yet give phase 5's window rows the prior load left)", "phase5", "endpoints", del);
            }
            r.atLeastThreads(phase5.concurrency(), threads, "phase5");
            if (phase5.endpoints().contains(Endpoints.MIXED) && mix == null) {
                throw r.error("$.mix", "an object of weights (phase5 endpoints include 'mixed')");
            }
        }
        if (endpoints.isEmpty() && sweep == null && memory == null && phase5 == null) {
            // phase 4 alone has no phase-1 median to take fractions of, and data.md wants rows in some phase file
            throw r.error("$.endpoints", "at least one endpoint, or a sweep, memory series or phase5 (a campaign"
                    + " without phase-1 runs measures some other phase)", "endpoints");
        }
        Double prime = bound.primeS();
        Protocol protocol = bound.toBuilder().mix(mix).memory(memory).primeS(prime != null && prime > 0 ? prime : null)
                .build();
        Preset preset = new Preset(protocol, description, study, tool, modelId);
        for (String e : preset.allEndpoints()) {
            String why = tools.cannotLoad(tool, e);
            if (why != null) {
                throw r.error("$.load_generator", "wrk for the endpoint '" + e + "' (" + why + ")", "load_generator");
            }
        }
        return preset;
    }

    /** "file: $.path: expected ..., found ...", as the rules across keys below say it too. */
    private static String message(Problem p) {
        return p.file() + ": " + p.where() + ": " + p.message();
    }

    private static String textOr(JsonNode n, String fallback) {
        return n == null ? fallback : n.asText();
    }

    /**
     * {@code phase4} across keys: offered_rps or offered_fractions with a rate; fractions and the
     * search only for endpoints phase 1 measures (each is of that endpoint's phase-1 median); an
     * open-loop load generator that loads every endpoint.
     */
    private static void phase4(Cross r, Protocol.Phase4 q, List<String> phase1Endpoints, Tools tools) throws IOException {
        String at = "$.phase4";
        List<String> eps = q.endpoints();
        if (q.offeredRps().isEmpty() && q.offeredFractions().isEmpty()) {
            throw r.error(at, "offered_rps or offered_fractions with at least one rate", "phase4");
        }
        if (!q.offeredFractions().isEmpty()) {
            r.measuredInPhase1(eps, phase1Endpoints, "offered_fractions are of the stack's phase-1 median rps on it");
        }
        String tool = q.loadGenerator().tool();
        if (!tools.openLoop().contains(tool)) {
            throw r.error(at + ".load_generator.tool", "an open-loop load generator " + tools.openLoop(),
                    "phase4", "load_generator", "tool");
        }
        for (int i = 0; i < eps.size(); i++) {
            String why = tools.cannotLoad(tool, eps.get(i));
            if (why != null) {
                throw r.error(at + ".endpoints[" + i + "]", "an endpoint " + tool + " loads (" + why + ")", "phase4", "endpoints", i);
            }
        }
        if (q.search() != null) {
            r.measuredInPhase1(eps, phase1Endpoints, "the search stops at max_fraction of the stack's phase-1 median rps on it");
        }
    }

    /** The mix in the CRUD endpoints' order, its weights summing to 1 (data.md mixes.csv). */
    private static Map<String, Double> mix(Cross r, Map<String, Double> m) throws IOException {
        Map<String, Double> mix = new LinkedHashMap<>();
        double sum = 0;
        for (String e : Endpoints.CRUD) {
            mix.put(e, m.get(e));
            sum += m.get(e);
        }
        if (Math.abs(sum - 1) > Preset.MIX_SUM_TOLERANCE) {
            throw new IOException(r.file + ": $.mix: expected weights summing to 1 (within " + Preset.MIX_SUM_TOLERANCE
                    + "), found " + JSON.valueToTree(sum));
        }
        return mix;
    }

    /**
     * The rules across keys of a preset that its schema has passed; an error names the file and the
     * JSON path, says what was expected and shows what was found as JSON.
     */
    private static final class Cross {
        private final String file;
        private final JsonNode root;

        Cross(String file, JsonNode root) {
            this.file = file;
            this.root = root;
        }

        /** An error at {@code path}, showing the value at the keys and indexes {@code at} (none: nothing). */
        IOException error(String path, String expected, Object... at) {
            JsonNode found = at.length == 0 ? null : root;
            for (Object k : at) found = k instanceof Integer i ? found.path(i) : found.path((String) k);
            return new IOException(file + ": " + path + ": expected " + expected + ", found "
                    + (found == null || found.isMissingNode() ? "nothing" : found.toString()));
        }

        /** Strictly increasing connection counts. */
        void increasing(List<Integer> levels, String path, Object... at) throws IOException {
            for (int i = 1; i < levels.size(); i++) {
                if (levels.get(i) <= levels.get(i - 1)) {
                    Object[] item = Arrays.copyOf(at, at.length + 1);
                    item[at.length] = i;
                    throw error(path + "[" + i + "]", "a level above the previous one (" + levels.get(i - 1) + ")", item);
                }
            }
        }

        void atLeastThreads(int concurrency, int threads, String phase) throws IOException {
            if (concurrency < threads) {
                throw error("$." + phase + ".concurrency", "at least threads (" + threads + ")", phase, "concurrency");
            }
        }

        void measuredInPhase1(List<String> eps, List<String> phase1Endpoints, String why) throws IOException {
            for (int i = 0; i < eps.size(); i++) {
                if (!phase1Endpoints.contains(eps.get(i))) {
                    throw error("$.phase4.endpoints[" + i + "]", "an endpoint phase 1 measures (" + phase1Endpoints + "): " + why,
                            "phase4", "endpoints", i);
                }
            }
        }
    }
}
