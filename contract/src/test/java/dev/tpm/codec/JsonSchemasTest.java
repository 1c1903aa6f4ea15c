package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Endpoints;
import dev.tpm.model.SourceSetup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schemas of schema/ and the records they bind to say the same keys; violations read as the project's messages. */
class JsonSchemasTest {
    private static final PropertyNamingStrategies.SnakeCaseStrategy SNAKE = new PropertyNamingStrategies.SnakeCaseStrategy();

    private static List<String> components(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(c -> SNAKE.translate(c.getName())).toList();
    }

    private static List<String> problems(String format, String json) throws IOException {
        Problems p = new Problems();
        JsonSchemas.check(JsonFile.MAPPER.readTree(json), format, "f.json", p);
        return p.all().stream().map(Problem::toString).toList();
    }

    @Test
    void analysisJsonHoldsExactlyTheParametersOfAnalysisConfig() {
        assertEquals(components(AnalysisConfig.class).stream().sorted().toList(),
                AnalysisJson.KEYS.stream().sorted().toList());
        assertEquals("bootstrap_resamples", AnalysisJson.KEYS.get(0), "the schema lists the keys in analysis.md's order");
    }

    @Test
    void setupJsonHoldsTheFactorsOfSourceSetup() {
        JsonNode factors = JsonSchemas.tree(SetupJson.FORMAT).get("additionalProperties");
        assertEquals(SourceSetup.FACTORS, JsonSchemas.keys(factors));
        assertEquals(components(SourceSetup.class).subList(1, 9), SourceSetup.FACTORS);
    }

    @Test
    void theMemorySeriesEndpointsAreDataMdsEndpoints() {
        List<String> endpoints = new ArrayList<>();
        JsonSchemas.tree(MemorySeriesJson.FORMAT).at("/properties/endpoint/enum").forEach(e -> endpoints.add(e.asText()));
        assertEquals(Endpoints.ALL, endpoints);
    }

    @Test
    void everyPropertyOfEverySchemaHasADescription() {
        for (String format : FORMATS) {
            JsonNode root = JsonSchemas.tree(format);
            List<String> missing = new ArrayList<>();
            described(root, root, "#", missing);
            assertEquals(List.of(), missing, format);
            assertTrue(root.path("description").asText().length() > 20, format);
        }
    }

    /** Every format of schema/ that the code reads. */
    static final List<String> FORMATS = List.of(AnalysisJson.FORMAT, SetupJson.FORMAT, MemorySeriesJson.FORMAT, "stack",
            CampaignJson.FORMAT, PresetJson.FORMAT);

    /** The keys a record is bound from: its components' names (snake_case or @JsonProperty), less the ignored and extra. */
    private static List<String> jsonNames(Class<? extends Record> type) {
        List<String> out = new ArrayList<>();
        for (var c : type.getRecordComponents()) {
            if (c.getName().equals("extra") || c.getAccessor().isAnnotationPresent(com.fasterxml.jackson.annotation.JsonIgnore.class)) continue;
            var named = c.getAccessor().getAnnotation(com.fasterxml.jackson.annotation.JsonProperty.class);
            out.add(named != null ? named.value() : SNAKE.translate(c.getName()));
        }
        return out.stream().sorted().toList();
    }

    @Test
    void campaignJsonsSchemaListsTheKeysOfEveryRecordItIsBoundTo() {
        JsonNode root = JsonSchemas.tree(CampaignJson.FORMAT);
        var pairs = new java.util.LinkedHashMap<String, Class<? extends Record>>();
        pairs.put("", dev.tpm.model.Campaign.class);
        pairs.put("/$defs/device", dev.tpm.model.Device.class);
        pairs.put("/properties/machine", dev.tpm.model.Machine.class);
        pairs.put("/properties/load_generator", dev.tpm.model.LoadGeneratorInfo.class);
        pairs.put("/$defs/protocol", dev.tpm.model.Protocol.class);
        pairs.put("/$defs/protocol/properties/sweep", dev.tpm.model.Protocol.Sweep.class);
        pairs.put("/$defs/protocol/properties/memory", dev.tpm.model.Protocol.Memory.class);
        pairs.put("/$defs/protocol/properties/pinning", dev.tpm.model.Protocol.Pinning.class);
        pairs.put("/$defs/protocol/properties/phase4", dev.tpm.model.Protocol.Phase4.class);
        pairs.put("/$defs/protocol/properties/phase4/properties/load_generator", dev.tpm.model.Protocol.Phase4LoadGenerator.class);
        pairs.put("/$defs/protocol/properties/phase4/properties/search", dev.tpm.model.Protocol.Search.class);
        pairs.put("/$defs/protocol/properties/phase5", dev.tpm.model.Protocol.Phase5.class);
        pairs.put("/$defs/protocol/properties/seed_rows_delete_calibration", dev.tpm.model.Protocol.DeleteCalibration.class);
        pairs.put("/$defs/protocol/properties/seed_rows_delete_calibration/properties/rates/items",
                dev.tpm.model.Protocol.DeleteCalibration.Rate.class);
        pairs.put("/$defs/protocol/properties/quiet", dev.tpm.model.Protocol.Quiet.class);
        pairs.put("/$defs/probe", dev.tpm.model.Protocol.Probe.class);
        pairs.put("/$defs/stacks/items", dev.tpm.model.StackInfo.class);
        pairs.put("/$defs/stacks/items/properties/stand_in", dev.tpm.model.StackInfo.StandIn.class);
        pairs.forEach((pointer, type) -> assertEquals(jsonNames(type),
                JsonSchemas.keys(root.at(pointer)).stream().sorted().toList(), pointer + " vs " + type.getSimpleName()));
    }

    /** A $ref followed (several in a row too), with the root of the schema it leads into: [root, schema]. */
    private static JsonNode[] followed(JsonNode root, JsonNode schema) {
        for (int i = 0; i < 16 && schema.has("$ref"); i++) {
            JsonNode[] t = JsonSchemas.target(root, schema.get("$ref").asText());
            root = t[0];
            schema = t[1];
        }
        return new JsonNode[] {root, schema};
    }

    private static void described(JsonNode root, JsonNode schema, String at, List<String> missing) {
        JsonNode[] r = followed(root, schema);
        root = r[0];
        schema = r[1];
        if (!schema.isObject() || at.length() > 200) return;
        for (Iterator<String> it = schema.path("properties").fieldNames(); it.hasNext(); ) {
            String key = it.next();
            JsonNode own = schema.get("properties").get(key);
            JsonNode[] q = followed(root, own);
            JsonNode p = q[1];
            if (!own.hasNonNull("description") && !p.hasNonNull("description")) missing.add(at + "/" + key);
            described(q[0], p, at + "/" + key, missing);
            described(q[0], p.path("items"), at + "/" + key + "[]", missing);
        }
        described(root, schema.path("additionalProperties"), at + "/*", missing);
        for (String branch : List.of("then", "else")) described(root, schema.path(branch), at, missing);
    }

    @Test
    void everyViolationOfAFileIsOneProblemAtItsPath() throws IOException {
        assertEquals(List.of(
                "f.json $.bootstrap_resamples: expected an integer >= 1, found 100.5",
                "f.json $.confidence: expected a number strictly between 0 and 1, found 1.5",
                "f.json $.memory_checkpoints_s[1]: expected a number > 0, found 0",
                "f.json $.max_steal_share: expected a number from 0 to 1, or null, found 'none'",
                "f.json $.device_models.pi5-a: expected a non-empty string, found 3",
                "f.json $.rng_sed: expected one of the keys bootstrap_resamples, confidence, rng_seed, alpha, posthoc_test,"
                        + " large_effect, max_error_rate, plateau_gain, drop_threshold_mib, exclude_campaigns, min_n,"
                        + " memory_warm_s, memory_checkpoints_s, latency_slo_ms, kept_up_ratio, min_units, min_units_ci,"
                        + " max_steal_share, probe_tolerance, device_models, found the unknown key 'rng_sed'"),
                problems(AnalysisJson.FORMAT, """
                        {"confidence": 1.5, "bootstrap_resamples": 100.5, "max_steal_share": "none",
                         "memory_checkpoints_s": [60, 0], "device_models": {"pi5-a": 3}, "rng_sed": 1}"""));
    }

    @Test
    void aMissingKeyIsNamedWithWhatItShouldHold() throws IOException {
        List<String> p = problems(MemorySeriesJson.FORMAT, """
                {"stack": "go", "endpoint": "get_items", "run": 1, "started_at": "yesterday",
                 "samples": [{"t_ms": 0, "rss_kib": 1}, {"t_ms": 5}]}""");
        assertEquals(3, p.size(), p.toString());
        assertTrue(p.contains("f.json $.samples[1].rss_kib: expected an integer >= 0, found no such key"), p.toString());
        assertTrue(p.stream().anyMatch(s -> s.startsWith("f.json $.endpoint: expected one of post_item, get_item,")
                && s.endsWith("found 'get_items'")), p.toString());
        assertTrue(p.stream().anyMatch(s -> s.startsWith("f.json $.started_at: expected a string such as"
                + " 2026-12-01T11:00:00.000Z") && s.endsWith("found 'yesterday'")), p.toString());
    }

    @Test
    void analysisJsonKeepsTheDefaultsOfKeysItLeavesOut(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("config"));
        Files.writeString(dir.resolve(AnalysisJson.FILE), "{\"min_n\": 7, \"device_models\": {\"pi5-a\": \"pi5\"}}");
        Problems p = new Problems();
        AnalysisConfig c = AnalysisJson.read(dir, p);
        assertEquals(List.of(), p.all());
        assertEquals(AnalysisConfig.defaults().withMinN(7).withMinUnits(2).withDeviceModels(java.util.Map.of("pi5-a", "pi5")), c);
    }
}
