package dev.tpm.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.model.SourceSetup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * reference/setup.json (data.md version 4, optional; schema/setup.schema.json): the setup each
 * source of published.csv measured on, one object per source with analysis.md section 7's factors.
 * Every problem names the file and the JSON path; an absent file is no setup at all.
 */
public final class SetupJson {
    static final String FORMAT = "setup";

    private SetupJson() {}

    /** @param file the path relative to data/, for messages */
    public static List<SourceSetup> read(Path path, String file, Problems problems) {
        if (!Files.exists(path)) return List.of();
        JsonNode root = JsonFile.readChecked(path, file, FORMAT, problems);
        if (root == null) return List.of();
        List<SourceSetup> out = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            ObjectNode factors = ((ObjectNode) e.getValue()).deepCopy().put("source", e.getKey());
            out.add(JsonFile.bind(factors, SourceSetup.class, file));
        }
        return out;
    }
}
