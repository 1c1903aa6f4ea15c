package dev.tpm.codec;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.nio.file.Path;
import java.util.List;

/**
 * A JSON file of the data folder and typed access to its fields: each accessor records a problem
 * naming the JSON path when a field is missing (where required) or of the wrong type or range.
 */
public final class JsonFile {
    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    /** Binds a tree that its schema has passed to a record of dev.tpm.model: snake_case keys, records' components. */
    static final ObjectMapper BIND = MAPPER.copy()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    public final String file;
    public final JsonNode root;
    private final Problems problems;

    private JsonFile(String file, JsonNode root, Problems problems) {
        this.file = file;
        this.root = root;
        this.problems = problems;
    }

    /** Reads and parses; null (with a problem naming line and column) when it is not JSON. */
    public static JsonFile read(Path path, String file, Problems problems) {
        String text = CsvFile.readUtf8(path, file, problems);
        if (text == null) return null;
        JsonNode root = parse(text, file, "a JSON object", problems);
        if (root == null) return null;
        if (!root.isObject()) {
            problems.atJson(file, "$", "a JSON object", describe(root));
            return null;
        }
        return new JsonFile(file, root, problems);
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
        try {
            return BIND.treeToValue(tree, type);
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

    /** Typed reads of a JSON value of any kind (an array file's): {@link #root} is that value. */
    static JsonFile ofValue(JsonNode root, String file, Problems problems) {
        return new JsonFile(file, root, problems);
    }

    /** A JSON object already parsed (a test's, or one read by another route). */
    public static JsonFile of(JsonNode root, String file, Problems problems) {
        if (root == null || !root.isObject()) {
            problems.atJson(file, "$", "a JSON object", describe(root));
            return null;
        }
        return new JsonFile(file, root, problems);
    }

    /**
     * Records a problem at {@code path} and returns an exception for the caller to throw: with
     * {@link Problems#failFast()} the problem itself has already thrown.
     */
    public RuntimeException fail(String path, String expected, JsonNode found) {
        problem(path, expected, describe(found));
        return new IllegalStateException(file + " " + path + ": expected " + expected);
    }

    /** Every key of {@code object} is one of {@code allowed}, so that a misspelt key is not ignored. */
    public void onlyKeys(JsonNode object, String path, java.util.Set<String> allowed) {
        java.util.Iterator<String> names = object.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!allowed.contains(name)) {
                problem(child(path, name), "one of the keys " + allowed.stream().sorted().toList(), "an unknown key");
            }
        }
    }

    /** An object field; null when absent or not an object (a problem). */
    public JsonNode object(JsonNode parent, String path, String key) {
        JsonNode n = parent.get(key);
        if (n == null || !n.isObject()) {
            problem(child(path, key), "an object", describe(n));
            return null;
        }
        return n;
    }

    /** An integer field in [min, max]; null when absent (a problem if required) or bad. */
    public Long integer(JsonNode parent, String path, String key, boolean required, long min, long max) {
        JsonNode n = parent.get(key);
        String p = child(path, key);
        String expected = "an integer in [" + min + ", " + max + "]";
        if (n == null || n.isNull()) {
            if (required) problem(p, expected, "no such key");
            return null;
        }
        if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < min || n.asLong() > max) {
            problem(p, expected, describe(n));
            return null;
        }
        return n.asLong();
    }

    /** An array of strings; null (a problem) when it is not one. */
    public List<String> strings(JsonNode parent, String path, String key) {
        JsonNode n = parent.get(key);
        String p = child(path, key);
        if (n == null || !n.isArray()) {
            problem(p, "an array of strings", describe(n));
            return null;
        }
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            JsonNode e = n.get(i);
            if (!e.isTextual()) {
                problem(p + "[" + i + "]", "a string", describe(e));
                return null;
            }
            out.add(e.asText());
        }
        return out;
    }

    /** A non-empty array of integers in [min, max]; null (a problem) when it is not one. */
    public List<Integer> integers(JsonNode parent, String path, String key, int min, int max) {
        JsonNode n = parent.get(key);
        String p = child(path, key);
        if (n == null || !n.isArray() || n.isEmpty()) {
            problem(p, "a non-empty array of integers", describe(n));
            return null;
        }
        List<Integer> out = new java.util.ArrayList<>();
        for (int i = 0; i < n.size(); i++) {
            JsonNode e = n.get(i);
            String pi = p + "[" + i + "]";
            if (!e.isIntegralNumber() || !e.canConvertToInt() || e.asInt() < min || e.asInt() > max) {
                problem(pi, "an integer in [" + min + ", " + max + "]", describe(e));
                return null;
            }
            out.add(e.asInt());
        }
        return out;
    }

    public void problem(String path, String expected, String found) {
        problems.atJson(file, path, expected, found);
    }

    public static String describe(JsonNode n) {
        if (n == null || n.isMissingNode()) return "no such key";
        if (n.isNull()) return "null";
        if (n.isTextual()) return Problem.quote(n.asText()).replace("an empty cell", "an empty string");
        if (n.isObject()) return "an object";
        if (n.isArray()) return "an array";
        String s = n.toString();
        return s.length() > 80 ? s.substring(0, 77) + "..." : s;
    }

    public static String child(String path, String key) {
        return path + "." + key;
    }

    /** A string field; null when absent (a problem if required) or not a non-empty string. */
    public String string(JsonNode parent, String path, String key, boolean required) {
        JsonNode n = parent.get(key);
        String p = child(path, key);
        if (n == null || n.isNull()) {
            if (required) problem(p, "a non-empty string", "no such key");
            return null;
        }
        if (!n.isTextual() || n.asText().isEmpty()) {
            problem(p, "a non-empty string", describe(n));
            return null;
        }
        return n.asText();
    }

    /** A string that must be one of {@code allowed}. */
    public String oneOf(JsonNode parent, String path, String key, boolean required, List<String> allowed) {
        String s = string(parent, path, key, required);
        if (s != null && !allowed.contains(s)) {
            problem(child(path, key), "one of " + String.join(", ", allowed), Problem.quote(s));
            return null;
        }
        return s;
    }

    /** An integer field at least {@code min}; null when absent (a problem if required) or bad. */
    public Long integer(JsonNode parent, String path, String key, boolean required, long min) {
        JsonNode n = parent.get(key);
        String p = child(path, key);
        return integerNode(n, p, required, min);
    }

    private Long integerNode(JsonNode n, String p, boolean required, long min) {
        String expected = min == Long.MIN_VALUE ? "an integer" : "an integer >= " + min;
        if (n == null || n.isNull()) {
            if (required) problem(p, expected, "no such key");
            return null;
        }
        if (!n.isIntegralNumber() || !n.canConvertToLong()) {
            problem(p, expected, describe(n));
            return null;
        }
        long v = n.asLong();
        if (v < min) {
            problem(p, expected, Long.toString(v));
            return null;
        }
        return v;
    }

    /** A finite number in [min, max] (bounds inclusive unless {@code open}). */
    public Double number(JsonNode parent, String path, String key, boolean required, double min, double max,
            boolean open, String expected) {
        JsonNode n = parent.get(key);
        String p = child(path, key);
        if (n == null || n.isNull()) {
            if (required) problem(p, expected, "no such key");
            return null;
        }
        if (!n.isNumber() || !Double.isFinite(n.asDouble())) {
            problem(p, expected, describe(n));
            return null;
        }
        double v = n.asDouble();
        boolean ok = open ? v > min && v < max : v >= min && v <= max;
        if (!ok) {
            problem(p, expected, n.toString());
            return null;
        }
        return v;
    }

    /** An integer field in [min, Integer.MAX_VALUE]. */
    public Integer intField(JsonNode parent, String path, String key, boolean required, int min) {
        Long v = integer(parent, path, key, required, min);
        if (v != null && v > Integer.MAX_VALUE) {
            problem(child(path, key), "an integer <= " + Integer.MAX_VALUE, Long.toString(v));
            return null;
        }
        return v == null ? null : v.intValue();
    }
}
