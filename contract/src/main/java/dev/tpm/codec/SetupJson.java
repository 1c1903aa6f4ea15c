package dev.tpm.codec;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tpm.model.SourceSetup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * reference/setup.json (data.md version 4, optional): the setup each source of published.csv
 * measured on, one object per source with analysis.md section 7's factors. Every problem names the
 * file and the JSON key; an absent file is no setup at all.
 */
public final class SetupJson {
    private SetupJson() {}

    /** @param file the path relative to data/, for messages */
    public static List<SourceSetup> read(Path path, String file, Problems problems) {
        if (!Files.exists(path)) return List.of();
        JsonFile json = JsonFile.read(path, file, problems);
        if (json == null) return List.of();
        List<SourceSetup> out = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> sources = json.root.fields();
        while (sources.hasNext()) {
            Map.Entry<String, JsonNode> e = sources.next();
            String p = "$[" + Problem.quote(e.getKey()) + "]";
            JsonNode o = e.getValue();
            if (!o.isObject()) {
                json.problem(p, "an object of setup factors", JsonFile.describe(o));
                continue;
            }
            json.onlyKeys(o, p, Set.copyOf(SourceSetup.FACTORS));
            out.add(new SourceSetup(e.getKey(), json.string(o, p, "model", false), json.string(o, p, "arch", false),
                    json.integer(o, p, "server_cores", false, 1),
                    json.oneOf(o, p, "load_generator_host", false, List.of("same", "separate")),
                    json.integer(o, p, "page_size", false, 1), json.integer(o, p, "seed_rows_delete", false, 0),
                    json.integer(o, p, "runs", false, 1), o.has("stacks") ? json.strings(o, p, "stacks") : null));
        }
        return out;
    }
}
