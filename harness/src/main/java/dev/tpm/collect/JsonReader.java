package dev.tpm.collect;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * Typed reads from a JSON object whose errors name the file and the JSON path, say what was
 * expected and what was found (the project's bad-input rule).
 */
final class JsonReader {
    private final String file;

    JsonReader(String file) {
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
        JsonNode n = parent.get(key);
        return integerNode(n, path + "." + key, min, max);
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
