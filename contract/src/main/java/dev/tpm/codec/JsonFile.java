package dev.tpm.codec;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.nio.file.Path;

/**
 * A JSON file of the data folder: read and parsed (a syntax error one problem naming its line and
 * column), checked against its schema ({@link JsonSchemas}), bound to its record.
 */
public final class JsonFile {
    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    /** Binds a tree that its schema has passed to a record of dev.tpm.model: snake_case keys, records' components. */
    static final ObjectMapper BIND = MAPPER.copy()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    public final String file;
    public final JsonNode root;

    private JsonFile(String file, JsonNode root) {
        this.file = file;
        this.root = root;
    }

    /** Reads and parses; null (with a problem naming line and column) when it is not a JSON object. */
    public static JsonFile read(Path path, String file, Problems problems) {
        String text = CsvFile.readUtf8(path, file, problems);
        if (text == null) return null;
        JsonNode root = parse(text, file, "a JSON object", problems);
        if (root == null) return null;
        if (!root.isObject()) {
            problems.atJson(file, "$", "a JSON object", describe(root));
            return null;
        }
        return new JsonFile(file, root);
    }

    /**
     * Reads, parses and checks a JSON object file against {@code schema/<format>.schema.json}; null
     * when it is not JSON or breaks its schema (every violation one more problem).
     */
    public static JsonNode readChecked(Path path, String file, String format, Problems problems) {
        JsonFile json = read(path, file, problems);
        if (json == null) return null;
        return JsonSchemas.check(json.root, format, file, problems) ? json.root : null;
    }

    /**
     * Binds a tree that its schema has passed to {@code type} (snake_case keys); a value the schema
     * let through but the type cannot hold is a bug of one of the two, not bad input.
     */
    public static <T> T bind(JsonNode tree, Class<T> type, String file) {
        return bind(BIND, tree, type, file);
    }

    static <T> T bind(ObjectMapper mapper, JsonNode tree, Class<T> type, String file) {
        try {
            return mapper.treeToValue(tree, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(file + " passed its schema but does not bind to " + type.getSimpleName()
                    + ": " + e.getOriginalMessage(), e);
        }
    }

    /** A JSON text of any kind (a byte-order mark skipped); null (a problem) when it is not JSON or empty. */
    static JsonNode parse(String text, String file, String expected, Problems problems) {
        if (text.startsWith("\uFEFF")) text = text.substring(1);
        try {
            JsonNode root = MAPPER.readTree(text);
            if (root == null || root.isMissingNode()) {
                problems.atFile(file, expected, "an empty file");
                return null;
            }
            return root;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? null : "line " + at.getLineNr();
            String column = at == null ? null : Integer.toString(at.getColumnNr());
            problems.add(new Problem(file, where, column, "expected valid JSON, found a syntax error: "
                    + e.getOriginalMessage()));
            return null;
        }
    }

    /** How a found JSON value is shown in a problem: quoted text, "an object", "no such key", ... */
    public static String describe(JsonNode n) {
        if (n == null || n.isMissingNode()) return "no such key";
        if (n.isNull()) return "null";
        if (n.isTextual()) return Problem.quote(n.asText()).replace("an empty cell", "an empty string");
        if (n.isObject()) return n.isEmpty() ? "an empty object" : "an object";
        if (n.isArray()) {
            if (n.isEmpty()) return "an empty array";
            return n.toString().length() <= 60 ? n.toString() : "an array of " + n.size() + " values";
        }
        String s = n.toString();
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }
}
