package dev.tpm.codec;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tpm.model.AnalysisConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * data/config/analysis.json (analysis.md's parameter table), read with its rules by ingest and by
 * the harness (which discards runs above its {@code max_error_rate}).
 */
public final class AnalysisJson {
    public static final String FILE = "config/analysis.json";

    /** analysis.md's parameter table, in its order: the keys analysis.json may hold. */
    public static final List<String> KEYS = List.of(
            "bootstrap_resamples", "confidence", "rng_seed", "alpha", "posthoc_test", "large_effect",
            "max_error_rate", "plateau_gain", "drop_threshold_mib", "exclude_campaigns", "min_n", "memory_warm_s",
            "memory_checkpoints_s", "latency_slo_ms", "kept_up_ratio", "min_units", "device_models",
            "min_units_ci", "max_steal_share");

    private AnalysisJson() {}

    /**
     * analysis.json; keys it leaves out take {@link AnalysisConfig#defaults()}. Returns the defaults
     * (after recording problems) when the file is bad, so that reading can go on.
     */
    public static AnalysisConfig read(Path dataDir, Problems problems) {
        AnalysisConfig d = AnalysisConfig.defaults();
        Path path = dataDir.resolve(FILE);
        if (!java.nio.file.Files.isRegularFile(path)) {
            problems.atFile(FILE, "the analysis parameters (analysis.md; every key may be left at its default)",
                    "no such file");
            return d;
        }
        JsonFile json = JsonFile.read(path, FILE, problems);
        if (json == null) return d;
        JsonNode r = json.root;
        for (Iterator<String> it = r.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!KEYS.contains(key)) {
                json.problem("$." + key, "one of the parameters of analysis.md (" + String.join(", ", KEYS)
                        + ")", "the unknown key '" + key + "'");
            }
        }
        Integer b = json.intField(r, "$", "bootstrap_resamples", false, 1);
        Double conf = json.number(r, "$", "confidence", false, 0, 1, true, "a number strictly between 0 and 1");
        Long seed = json.integer(r, "$", "rng_seed", false, Long.MIN_VALUE);
        Double alpha = json.number(r, "$", "alpha", false, 0, 1, true, "a number strictly between 0 and 1");
        String test = json.oneOf(r, "$", "posthoc_test", false,
                List.of(AnalysisConfig.MANN_WHITNEY, AnalysisConfig.WELCH));
        Double large = json.number(r, "$", "large_effect", false, 0, Double.MAX_VALUE, false, "a number >= 0");
        Double maxErr = json.number(r, "$", "max_error_rate", false, 0, 1, false, "a number from 0 to 1");
        Double plateau = json.number(r, "$", "plateau_gain", false, 0, Double.MAX_VALUE, false, "a number >= 0");
        Double drop = json.number(r, "$", "drop_threshold_mib", false, 0, Double.MAX_VALUE, false, "a number >= 0");
        List<String> exclude = new ArrayList<>();
        JsonNode ex = r.get("exclude_campaigns");
        if (ex != null && !ex.isNull()) {
            if (!ex.isArray()) {
                json.problem("$.exclude_campaigns", "an array of campaign ids", JsonFile.describe(ex));
            } else {
                for (int i = 0; i < ex.size(); i++) {
                    JsonNode e = ex.get(i);
                    if (!e.isTextual() || e.asText().isEmpty()) {
                        json.problem("$.exclude_campaigns[" + i + "]", "a campaign id", JsonFile.describe(e));
                    } else {
                        exclude.add(e.asText());
                    }
                }
            }
        }
        Integer minN = json.intField(r, "$", "min_n", false, 1);
        Double warm = json.number(r, "$", "memory_warm_s", false, 0, Double.MAX_VALUE, false, "a number >= 0");
        List<Double> checkpoints = d.memoryCheckpointsS();
        JsonNode cp = r.get("memory_checkpoints_s");
        if (cp != null && !cp.isNull()) {
            if (!cp.isArray()) {
                json.problem("$.memory_checkpoints_s", "an array of times in seconds (numbers > 0)", JsonFile.describe(cp));
            } else {
                List<Double> read = new ArrayList<>();
                for (int i = 0; i < cp.size(); i++) {
                    JsonNode e = cp.get(i);
                    if (!e.isNumber() || !(e.asDouble() > 0) || Double.isInfinite(e.asDouble())) {
                        json.problem("$.memory_checkpoints_s[" + i + "]", "a time in seconds > 0", JsonFile.describe(e));
                    } else {
                        read.add(e.asDouble());
                    }
                }
                checkpoints = read;
            }
        }
        Double slo = json.number(r, "$", "latency_slo_ms", false, 0, Double.MAX_VALUE, true, "a latency in ms > 0");
        Double keptUp = json.number(r, "$", "kept_up_ratio", false, 0, 1, false, "a number from 0 to 1");
        Integer minUnits = json.intField(r, "$", "min_units", false, 1);
        Integer minUnitsCi = json.intField(r, "$", "min_units_ci", false, 2);
        // absent: the default; null: the rule is off (analysis.md 1, version 5)
        JsonNode steal = r.get("max_steal_share");
        Double maxSteal = steal == null ? d.maxStealShare()
                : steal.isNull() ? null
                : json.number(r, "$", "max_steal_share", false, 0, 1, false, "a share from 0 to 1, or null (the rule off)");
        Map<String, String> models = new java.util.TreeMap<>();
        JsonNode dm = r.get("device_models");
        if (dm != null && !dm.isNull()) {
            if (!dm.isObject()) {
                json.problem("$.device_models", "an object of device id -> model id", JsonFile.describe(dm));
            } else {
                for (Iterator<Map.Entry<String, JsonNode>> it = dm.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getValue().isTextual() || e.getValue().asText().isEmpty()) {
                        json.problem(deviceModelPath(e.getKey()), "a model id", JsonFile.describe(e.getValue()));
                    } else {
                        models.put(e.getKey(), e.getValue().asText());
                    }
                }
            }
        }
        return new AnalysisConfig(
                b != null ? b : d.bootstrapResamples(),
                conf != null ? conf : d.confidence(),
                seed != null ? seed : d.rngSeed(),
                alpha != null ? alpha : d.alpha(),
                test != null ? test : d.posthocTest(),
                large != null ? large : d.largeEffect(),
                maxErr != null ? maxErr : d.maxErrorRate(),
                plateau != null ? plateau : d.plateauGain(),
                drop != null ? drop : d.dropThresholdMib(),
                exclude,
                minN != null ? minN : d.minN(),
                warm != null ? warm : d.memoryWarmS(),
                checkpoints,
                slo != null ? slo : d.latencySloMs(),
                keptUp != null ? keptUp : d.keptUpRatio(),
                minUnits != null ? minUnits : d.minUnits(),
                models,
                minUnitsCi != null ? minUnitsCi : d.minUnitsCi(),
                maxSteal);
    }

    /** The JSON path of exclude_campaigns[i], for a problem found once the campaigns are known. */
    public static String excludePath(int i) {
        return "$.exclude_campaigns[" + i + "]";
    }

    /** The JSON path of device_models' entry for a device, for a problem found once the devices are known. */
    public static String deviceModelPath(String device) {
        return "$.device_models." + device;
    }
}
