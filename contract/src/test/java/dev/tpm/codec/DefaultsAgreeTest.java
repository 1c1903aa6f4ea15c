package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A default has one home, its schema's {@code "default"}; the records and the few constants that
 * cannot read the schema (the model sits below the codec) must agree with it, key by key.
 */
class DefaultsAgreeTest {
    private static final com.fasterxml.jackson.databind.PropertyNamingStrategies.SnakeCaseStrategy SNAKE =
            new com.fasterxml.jackson.databind.PropertyNamingStrategies.SnakeCaseStrategy();

    private static Set<String> names(Class<? extends Record> type) {
        Set<String> out = new TreeSet<>();
        for (var c : type.getRecordComponents()) {
            if (c.getName().equals("extra")) continue;
            var named = c.getAccessor().getAnnotation(com.fasterxml.jackson.annotation.JsonProperty.class);
            out.add(named != null ? named.value() : SNAKE.translate(c.getName()));
        }
        return out;
    }

    @Test
    void analysisConfigsDefaultsAreTheSchemas() {
        JsonNode schema = JsonSchemas.tree(AnalysisJson.FORMAT);
        List<String> without = new ArrayList<>();
        for (String key : JsonSchemas.keys(schema)) if (!schema.at("/properties/" + key).has("default")) without.add(key);
        assertEquals(List.of(), without, "every analysis parameter has its default in the schema");
        assertEquals(names(AnalysisConfig.class), new TreeSet<>(JsonSchemas.keys(schema)));
        AnalysisConfig d = AnalysisJson.defaults();
        assertEquals(d, AnalysisConfig.defaults());
        assertEquals(d.minN(), AnalysisConfig.DEFAULT_MIN_N);
        assertEquals(d.memoryWarmS(), AnalysisConfig.DEFAULT_MEMORY_WARM_S);
        assertEquals(d.memoryCheckpointsS(), AnalysisConfig.DEFAULT_MEMORY_CHECKPOINTS_S);
        assertEquals(d.latencySloMs(), AnalysisConfig.DEFAULT_LATENCY_SLO_MS);
        assertEquals(d.keptUpRatio(), AnalysisConfig.DEFAULT_KEPT_UP_RATIO);
        assertEquals(d.minUnits(), AnalysisConfig.DEFAULT_MIN_UNITS);
        assertEquals(d.minUnitsCi(), AnalysisConfig.DEFAULT_MIN_UNITS_CI);
        assertEquals(d.maxStealShare(), AnalysisConfig.DEFAULT_MAX_STEAL_SHARE);
    }

    @Test
    void aPresetThatLeavesOutAKeyTakesTheSchemasDefault() throws IOException {
        JsonNode schema = JsonSchemas.tree(PresetJson.FORMAT);
        Preset p = PresetJson.parse("""
                {"preset": "t", "runs": 5, "warmups": 0, "duration_s": 5, "concurrency": 4, "threads": 2,
                 "cooldown_s": 1, "settle_s": 1, "seed_rows": 100, "seed_rows_delete": 100, "sample_interval_ms": 100,
                 "endpoints": ["get_item"], "rng_seed": 1, "max_retries": 1, "startup_timeout_s": 5, "stop_grace_s": 5}""",
                "t.json", PresetJsonTest.TOOLS);
        Protocol q = p.protocol();
        assertEquals(schema.at("/properties/order/default").asText(), q.order());
        assertEquals(schema.at("/properties/max_steal_share/default").asDouble(), q.maxStealShare());
        assertEquals(schema.at("/properties/quiet/properties/window_s/default").asDouble(), q.quiet().windowS());
        assertEquals(schema.at("/properties/quiet/properties/max_wait_s/default").asDouble(), q.quiet().maxWaitS());
        assertEquals(q.quiet(), PresetJson.DEFAULT_QUIET);
        assertEquals(PresetJson.DEFAULT_MAX_STEAL_SHARE, q.maxStealShare());
    }

    @Test
    void everyProtocolKeyOfAPresetIsAKeyOfTheProtocolRecord() {
        Set<String> presetKeys = new TreeSet<>(JsonSchemas.keys(JsonSchemas.tree(PresetJson.FORMAT)));
        presetKeys.removeAll(List.of("description", "study", "load_generator", "model_id"));
        Set<String> missing = new TreeSet<>(presetKeys);
        missing.removeAll(names(Protocol.class));
        assertEquals(Set.of(), missing);
        assertTrue(presetKeys.size() > 20);
    }

    @Test
    void campaignsDefaultStudyIsTheRecords() {
        assertEquals(Campaign.PAPER, JsonSchemas.tree(CampaignJson.FORMAT).at("/properties/study/default").asText());
        assertEquals(Preset.PAPER_STUDY, Campaign.PAPER);
    }
}
