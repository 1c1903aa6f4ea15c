package dev.tpm.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.model.AnalysisConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * data/config/analysis.json (analysis.md's parameter table; schema/analysis.schema.json), read by
 * ingest and by the harness (which discards runs above its {@code max_error_rate}). The schema holds
 * every key's rule; the file is bound onto the defaults, so a key left out keeps its default and an
 * explicit null (max_steal_share: the rule off) stays null.
 */
public final class AnalysisJson {
    public static final String FILE = "config/analysis.json";
    static final String FORMAT = "analysis";

    /** analysis.md's parameter table, in its order: the keys analysis.json may hold (the schema's). */
    public static final List<String> KEYS = JsonSchemas.keys(JsonSchemas.tree(FORMAT));

    private AnalysisJson() {}

    /**
     * analysis.json; keys it leaves out take the schema's defaults ({@link #defaults()}). Returns the defaults
     * (after recording problems) when the file is bad, so that reading can go on.
     */
    public static AnalysisConfig read(Path dataDir, Problems problems) {
        AnalysisConfig d = defaults();
        Path path = dataDir.resolve(FILE);
        if (!Files.isRegularFile(path)) {
            problems.atFile(FILE, "the analysis parameters (analysis.md; every key may be left at its default)",
                    "no such file");
            return d;
        }
        JsonNode root = JsonFile.readChecked(path, FILE, FORMAT, problems);
        if (root == null) return d;
        ObjectNode merged = JsonDefaults.filled(((ObjectNode) root).deepCopy(), JsonSchemas.tree(FORMAT));
        return JsonFile.bind(merged, AnalysisConfig.class, FILE);
    }

    /**
     * analysis.md's defaults as the schema's {@code "default"}s give them, the home of every default
     * (AnalysisConfig.defaults() and its constants, which the model cannot read from here, are
     * checked against it by DefaultsAgreeTest).
     */
    public static AnalysisConfig defaults() {
        return JsonFile.bind(JsonDefaults.filled(JsonFile.MAPPER.createObjectNode(), JsonSchemas.tree(FORMAT)),
                AnalysisConfig.class, "schema/analysis.schema.json");
    }

    /** The JSON path of exclude_campaigns[i], for a problem found once the campaigns are known. */
    public static String excludePath(int i) {
        return "$.exclude_campaigns[" + i + "]";
    }

    /** The JSON path of device_models' entry for a device, for a problem found once the devices are known. */
    public static String deviceModelPath(String device) {
        return JsonSchemas.child("$.device_models", device);
    }
}
