package dev.tpm.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * data.md version 6: "a JSON null is read as the key's absence wherever this contract gives null no
 * meaning of its own". Before a value is checked against its schema, every null of an optional key
 * whose schema does not itself allow null is removed from the tree, so that the schema, the binding
 * and every later reader see the key absent. A key whose schema allows null keeps it (the contract
 * gives it a meaning: {@code max_steal_share} null turns the steal rule off; {@code sweep} null is no
 * phase 2); a required key keeps it, and its schema then names the null as bad input.
 */
final class JsonNulls {
    private JsonNulls() {}

    /**
     * Removes, in place, the nulls of optional keys that {@code schema} (a part of the schema tree
     * {@code root}) gives no meaning; returns the JSON paths removed, for tests.
     */
    static List<String> removeAbsent(JsonNode value, JsonNode root, JsonNode schema) {
        List<String> removed = new ArrayList<>();
        walk(value, root, schema, "$", removed);
        return removed;
    }

    private static void walk(JsonNode value, JsonNode root, JsonNode schema, String path, List<String> removed) {
        List<JsonNode> branches = branches(root, schema);
        if (value instanceof ObjectNode object) {
            List<String> keys = new ArrayList<>();
            object.fieldNames().forEachRemaining(keys::add);
            for (String key : keys) {
                List<JsonNode> subs = new ArrayList<>();
                boolean required = false;
                for (JsonNode b : branches) {
                    JsonNode p = b.path("properties").path(key);
                    if (p.isMissingNode() && b.path("additionalProperties").isObject()) p = b.get("additionalProperties");
                    if (!p.isMissingNode()) subs.add(p);
                    for (JsonNode r : b.path("required")) required |= r.asText().equals(key);
                }
                JsonNode v = object.get(key);
                if (v.isNull()) {
                    if (!required && !subs.isEmpty() && subs.stream().noneMatch(s -> allowsNull(root, s))) {
                        object.remove(key);
                        removed.add(JsonSchemas.child(path, key));
                    }
                } else {
                    for (JsonNode s : subs) walk(v, root, s, JsonSchemas.child(path, key), removed);
                }
            }
        } else if (value != null && value.isArray()) {
            for (JsonNode b : branches) {
                JsonNode items = b.get("items");
                if (items == null || !items.isObject()) continue;
                for (int i = 0; i < value.size(); i++) walk(value.get(i), root, items, path + "[" + i + "]", removed);
            }
        }
    }

    /**
     * Every optional key of every object of {@code value} that {@code schema} gives no null of its own,
     * whether the object holds it or not: JSON pointers of the objects, then the key, as {@code /a/b key}.
     * For tests that set each such key null.
     */
    static List<String[]> optionalKeys(JsonNode value, JsonNode root, JsonNode schema) {
        List<String[]> out = new ArrayList<>();
        optional(value, root, schema, "", out);
        return out;
    }

    private static void optional(JsonNode value, JsonNode root, JsonNode schema, String pointer, List<String[]> out) {
        List<JsonNode> branches = branches(root, schema);
        if (value instanceof ObjectNode object) {
            java.util.Set<String> required = new java.util.HashSet<>();
            java.util.Map<String, List<JsonNode>> props = new java.util.LinkedHashMap<>();
            for (JsonNode b : branches) {
                b.path("required").forEach(r -> required.add(r.asText()));
                b.path("properties").fields().forEachRemaining(e -> props.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue()));
            }
            object.fieldNames().forEachRemaining(k -> {
                if (props.containsKey(k)) return;
                for (JsonNode b : branches) {
                    if (b.path("additionalProperties").isObject()) props.computeIfAbsent(k, x -> new ArrayList<>()).add(b.get("additionalProperties"));
                }
            });
            props.forEach((key, subs) -> {
                if (!required.contains(key) && subs.stream().noneMatch(s -> allowsNull(root, s))) out.add(new String[] {pointer, key});
                JsonNode v = object.get(key);
                if (v != null) for (JsonNode s : subs) optional(v, root, s, pointer + "/" + key.replace("~", "~0").replace("/", "~1"), out);
            });
        } else if (value != null && value.isArray()) {
            for (JsonNode b : branches) {
                JsonNode items = b.get("items");
                if (items == null || !items.isObject()) continue;
                for (int i = 0; i < value.size(); i++) optional(value.get(i), root, items, pointer + "/" + i, out);
            }
        }
    }

    /** The schema object and every object it is made of ($ref, allOf, anyOf, oneOf, then, else), resolved. */
    private static List<JsonNode> branches(JsonNode root, JsonNode schema) {
        List<JsonNode> out = new ArrayList<>();
        collect(root, schema, out, 0);
        return out;
    }

    private static void collect(JsonNode root, JsonNode schema, List<JsonNode> out, int depth) {
        if (schema == null || !schema.isObject() || depth > 32) return;
        out.add(schema);
        if (schema.has("$ref")) collect(root, resolve(root, schema.get("$ref").asText()), out, depth + 1);
        for (String combinator : List.of("allOf", "anyOf", "oneOf")) {
            for (JsonNode s : schema.path(combinator)) collect(root, s, out, depth + 1);
        }
        collect(root, schema.get("then"), out, depth + 1);
        collect(root, schema.get("else"), out, depth + 1);
    }

    private static JsonNode resolve(JsonNode root, String ref) {
        return JsonSchemas.resolved(root, JsonFile.MAPPER.createObjectNode().put("$ref", ref));
    }

    /** Whether a property's schema accepts null (by type, const or enum), or accepts anything. */
    private static boolean allowsNull(JsonNode root, JsonNode property) {
        boolean constrained = false;
        for (JsonNode s : branches(root, property)) {
            JsonNode type = s.get("type");
            if (type != null) {
                constrained = true;
                if (type.isTextual() ? type.asText().equals("null") : contains(type, "null")) return true;
            }
            if (s.has("const")) {
                constrained = true;
                if (s.get("const").isNull()) return true;
            }
            if (s.has("enum")) {
                constrained = true;
                for (JsonNode e : s.get("enum")) if (e.isNull()) return true;
            }
        }
        return !constrained;
    }

    private static boolean contains(JsonNode array, String text) {
        for (Iterator<JsonNode> it = array.elements(); it.hasNext(); ) if (it.next().asText().equals(text)) return true;
        return false;
    }
}
