package dev.tpm.codec;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The JSON Schemas of the data folder's formats (the repository's {@code schema/}, carried in the
 * jar as {@code schema/<format>.schema.json}) and the one place that checks a JSON value against
 * them: every violation of a file becomes one {@link Problem} naming its JSON path, what the schema
 * expects there (phrased from the schema itself) and what was found.
 */
public final class JsonSchemas {
    /** A key written {@code .key} in a JSON path; any other is written {@code ['key']}. */
    private static final Pattern PLAIN_KEY = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_-]*");
    /** A pattern that allows one word only ("^cores$"): a value a string may take besides the other types. */
    private static final Pattern LITERAL = Pattern.compile("\\^[A-Za-z_-]+\\$");
    /** Integers bounded only by Java's int range: the bound is the implementation's, not the spec's. */
    private static final BigDecimal INT_MAX = BigDecimal.valueOf(Integer.MAX_VALUE);

    /** The schemas' own ids (https://tpm.dev/schema/x.schema.json) are the jar's schema/ folder: one schema may refer to another's $defs. */
    static final String ID_PREFIX = "https://tpm.dev/schema/";
    private static final SchemaRegistry REGISTRY = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
            b -> b.schemaIdResolvers(r -> r.mapPrefix(ID_PREFIX, "classpath:schema/")));
    private static final Map<String, Loaded> SCHEMAS = new ConcurrentHashMap<>();
    /** A part of a format's schema checked on its own (campaign.json's device for the importer), by format#pointer. */
    private static final Map<String, Schema> PARTS = new ConcurrentHashMap<>();

    private record Loaded(Schema schema, JsonNode root) {}

    private JsonSchemas() {}

    /** The schema's own text as a tree, e.g. for its list of keys. */
    public static JsonNode tree(String format) {
        return load(format).root();
    }

    /**
     * Checks {@code value} against {@code schema/<format>.schema.json}; each violation (one per JSON
     * path, the first the validator reports there) is added to {@code problems} against {@code file}.
     * Nulls of optional keys that the schema does not allow are first removed from {@code value}
     * ({@link JsonNulls}): they read as the keys' absence.
     *
     * @return whether the value is valid
     */
    public static boolean check(JsonNode value, String format, String file, Problems problems) {
        return check(value, format, "", file, problems);
    }

    /**
     * Checks {@code value} against the part of a format's schema at {@code pointer} (a JSON pointer
     * such as {@code /$defs/device}; empty for the whole schema).
     */
    public static boolean check(JsonNode value, String format, String pointer, String file, Problems problems) {
        Loaded s = load(format);
        // data.md version 6: a null the contract gives no meaning of its own reads as the key's absence
        JsonNulls.removeAbsent(value, s.root(), pointer.isEmpty() ? s.root() : s.root().at(JsonPointer.compile(pointer)));
        Schema schema = pointer.isEmpty() ? s.schema() : PARTS.computeIfAbsent(format + "#" + pointer,
                part -> REGISTRY.getSchema(SchemaLocation.of("classpath:schema/" + part.replace("#", ".schema.json#"))));
        List<Error> errors = schema.validate(value);
        Set<String> seen = new HashSet<>();
        for (Error e : errors) {
            Problem p = problem(e, Where.of(e, s.root(), pointer), file);
            if (seen.add(p.where())) problems.add(p);
        }
        return errors.isEmpty();
    }

    /** The JSON path of {@code key} under {@code path}: {@code $.a.b}, or {@code $.a['pi5-a']}. */
    public static String child(String path, String key) {
        return PLAIN_KEY.matcher(key).matches() ? path + "." + key : path + "['" + key.replace("'", "\\'") + "']";
    }

    private static Loaded load(String format) {
        return SCHEMAS.computeIfAbsent(format, f -> {
            String resource = "schema/" + f + ".schema.json";
            try (InputStream in = JsonSchemas.class.getClassLoader().getResourceAsStream(resource)) {
                if (in == null) throw new IllegalStateException("no " + resource + " on the class path");
                JsonNode root = JsonFile.MAPPER.readTree(in);
                return new Loaded(REGISTRY.getSchema(SchemaLocation.of("classpath:" + resource), root), root);
            } catch (IOException e) {
                throw new UncheckedIOException(resource, e);
            }
        });
    }

    private static Problem problem(Error e, Where at, String file) {
        String path = path(e.getInstanceLocation());
        JsonNode where = at.merged();
        String keyword = e.getKeyword() == null ? "" : e.getKeyword();
        String expected;
        String found;
        switch (keyword) {
            case "required" -> {
                path = child(path, e.getProperty());
                JsonNode property = withTarget(at.doc(), where.path("properties").path(e.getProperty()), 0);
                expected = property.isObject() ? expectation(property) : "a key '" + e.getProperty() + "'";
                found = "no such key";
            }
            case "additionalProperties", "unevaluatedProperties" -> {
                String key = e.getProperty();
                if (key != null && !path.endsWith(child("", key))) path = child(path, key);
                List<String> keys = new ArrayList<>();
                // the keys of the object that refused it, not those of a definition it narrows
                at.holder().path("properties").fieldNames().forEachRemaining(keys::add);
                expected = keys.isEmpty() ? "no such key" : "one of the keys " + String.join(", ", keys);
                found = "the unknown key " + Problem.quote(key);
            }
            case "uniqueItems" -> {
                // the value given a second time, at its own index
                JsonNode array = e.getInstanceNode();
                int i = repeated(array);
                path = path + "[" + i + "]";
                expected = "each value once";
                found = JsonFile.describe(array.get(i));
            }
            default -> {
                expected = where.isObject() ? expectation(where) : e.getMessage();
                found = JsonFile.describe(e.getInstanceNode());
            }
        }
        return Problem.json(file, path, "expected " + expected + ", found " + found);
    }

    /** The index of the first item of {@code array} equal to one before it (numbers by value: 2 and 2.0 are one). */
    private static int repeated(JsonNode array) {
        for (int i = 1; i < array.size(); i++) {
            for (int j = 0; j < i; j++) {
                JsonNode a = array.get(i);
                JsonNode b = array.get(j);
                boolean same = a.isNumber() && b.isNumber() ? a.decimalValue().compareTo(b.decimalValue()) == 0 : a.equals(b);
                if (same) return i;
            }
        }
        return 0;
    }

    /**
     * A {@code $ref} resolved: a local one ("#/$defs/device") in its schema, one into another of the
     * contract's schemas ("campaign.schema.json#/$defs/probe") in that one; any other node as it is.
     */
    static JsonNode resolved(JsonNode schemaRoot, JsonNode s) {
        String ref = s.path("$ref").asText("");
        return ref.isEmpty() ? s : target(schemaRoot, ref)[1];
    }

    /**
     * Where a failing keyword sits in the schemas, found along the error's evaluation path from the
     * schema checked (a {@code $ref} on that path leads into its target, in this schema or another
     * of the contract's).
     *
     * @param doc the root of the schema {@code holder} is in
     * @param holder the schema object that holds the keyword, as written
     * @param merged that object with what it is made of: the target of a {@code $ref} it holds or was
     *     reached through, with the referring object's own keywords over the target's (a preset's
     *     {@code "runs": {"$ref": ".../runs", "minimum": 1}} reads as an integer in [1, 100000]),
     *     objects such as {@code properties} merged key by key
     */
    private record Where(JsonNode doc, JsonNode holder, JsonNode merged) {
        static Where of(Error e, JsonNode root, String pointer) {
            JsonNode doc = root;
            JsonNode node = pointer.isEmpty() ? root : root.at(JsonPointer.compile(pointer));
            // the objects that referred to the current one through $ref, walked along with it, outermost first
            List<JsonNode> over = new ArrayList<>();
            JsonNode outerDoc = null;
            // the definitions below the current one: where an object on the way holds a $ref beside
            // the keywords stepped into, its target's same part, nearest first, with their schemas' roots
            List<JsonNode[]> under = new ArrayList<>();
            NodePath ev = e.getEvaluationPath();
            for (int i = 0; ev != null && i < ev.getNameCount() - 1; i++) {
                String step = ev.getName(i);
                if (step.equals("$ref")) {
                    if (over.isEmpty()) outerDoc = doc;
                    over.add(node);
                    JsonNode[] target = target(doc, node.path("$ref").asText());
                    doc = target[0];
                    node = target[1];
                    under.clear();
                } else {
                    List<JsonNode[]> below = new ArrayList<>();
                    definitions(doc, node, step, below);
                    for (JsonNode[] u : under) {
                        if (!u[1].path(step).isMissingNode()) below.add(new JsonNode[] {u[0], u[1].path(step)});
                        definitions(u[0], u[1], step, below);
                    }
                    under = below;
                    node = node.path(step);
                    List<JsonNode> next = new ArrayList<>();
                    for (JsonNode o : over) if (!o.path(step).isMissingNode()) next.add(o.path(step));
                    over = next;
                }
            }
            if (node.isMissingNode()) return new Where(root, root, root);
            JsonNode merged = withTarget(doc, node, 0);
            if (over.isEmpty() && under.isEmpty()) return new Where(doc, node, merged);
            com.fasterxml.jackson.databind.node.ObjectNode out = JsonFile.MAPPER.createObjectNode();
            for (int i = under.size() - 1; i >= 0; i--) overlay(out, withTarget(under.get(i)[0], under.get(i)[1], 0));
            overlay(out, merged);
            for (int i = over.size() - 1; i >= 0; i--) overlay(out, over.get(i));
            return new Where(over.isEmpty() ? doc : outerDoc, node, out);
        }

        /** The part {@code step} of what {@code node}'s $ref (and its target's, in turn) names, added to {@code out}. */
        private static void definitions(JsonNode doc, JsonNode node, String step, List<JsonNode[]> out) {
            for (int depth = 0; depth < 16 && node.has("$ref"); depth++) {
                JsonNode[] t = target(doc, node.get("$ref").asText());
                if (!t[1].path(step).isMissingNode()) out.add(new JsonNode[] {t[0], t[1].path(step)});
                doc = t[0];
                node = t[1];
            }
        }
    }

    /**
     * The schema {@code ref} names, read from {@code doc}: [the root of the schema it is in, the
     * schema object] (a local ref stays in {@code doc}, "campaign.schema.json#/..." goes to that one).
     */
    static JsonNode[] target(JsonNode doc, String ref) {
        int hash = ref.indexOf('#');
        String file = hash < 0 ? ref : ref.substring(0, hash);
        JsonNode root = file.isEmpty() ? doc : tree(file.substring(file.lastIndexOf('/') + 1).replace(".schema.json", ""));
        return new JsonNode[] {root, root.at(JsonPointer.compile(hash < 0 ? "" : ref.substring(hash + 1)))};
    }

    /** {@code s} with its {@code $ref}'s target under its own keywords, objects merged key by key. */
    private static JsonNode withTarget(JsonNode doc, JsonNode s, int depth) {
        if (!s.isObject() || !s.has("$ref") || depth > 16) return s;
        JsonNode[] t = target(doc, s.get("$ref").asText());
        com.fasterxml.jackson.databind.node.ObjectNode out = withTarget(t[0], t[1], depth + 1).deepCopy();
        overlay(out, s);
        out.remove("$ref");
        return out;
    }

    private static void overlay(com.fasterxml.jackson.databind.node.ObjectNode base, JsonNode over) {
        over.fields().forEachRemaining(f -> {
            JsonNode mine = base.get(f.getKey());
            if (mine instanceof com.fasterxml.jackson.databind.node.ObjectNode o && f.getValue().isObject() && !f.getKey().equals("$ref")) {
                com.fasterxml.jackson.databind.node.ObjectNode copy = o.deepCopy();
                overlay(copy, f.getValue());
                base.set(f.getKey(), copy);
            } else if (!f.getKey().equals("$ref")) {
                base.set(f.getKey(), f.getValue());
            }
        });
    }

    private static String path(NodePath instance) {
        String path = "$";
        if (instance == null) return path;
        for (int i = 0; i < instance.getNameCount(); i++) {
            Object element = instance.getElement(i);
            path = element instanceof Integer index ? path + "[" + index + "]" : child(path, element.toString());
        }
        return path;
    }

    /** What a schema object asks for, in the words of the project's messages: "an integer >= 1". */
    static String expectation(JsonNode s) {
        if (s.has("const")) return words(s.get("const"));
        if (s.has("enum")) {
            List<String> values = new ArrayList<>();
            s.get("enum").forEach(v -> values.add(words(v)));
            return "one of " + String.join(", ", values);
        }
        List<String> types = new ArrayList<>();
        JsonNode type = s.get("type");
        if (type == null) return "a value that the schema allows";
        if (type.isArray()) type.forEach(t -> types.add(t.asText()));
        else types.add(type.asText());
        List<String> parts = new ArrayList<>();
        for (String t : types) parts.add(typeWords(t, s));
        return String.join(", or ", parts);
    }

    private static String typeWords(String type, JsonNode s) {
        return switch (type) {
            case "integer" -> "an integer" + bounds(s, true);
            case "number" -> "a number" + bounds(s, false);
            case "string" -> LITERAL.matcher(s.path("pattern").asText()).matches()
                    ? "\"" + s.get("pattern").asText().substring(1, s.get("pattern").asText().length() - 1) + "\""
                    : "\\S".equals(s.path("pattern").asText()) ? "a non-blank string"
                    : s.has("pattern") && s.has("examples")
                    ? "a string such as " + s.get("examples").get(0).asText() + " (the pattern " + s.get("pattern").asText() + ")"
                    : s.has("pattern") ? "a string matching " + s.get("pattern").asText()
                    : s.path("minLength").asInt(0) >= 1 ? "a non-empty string" : "a string";
            case "boolean" -> "true or false";
            case "array" -> (s.path("minItems").asInt(0) >= 1 ? "a non-empty array" : "an array")
                    + (s.path("uniqueItems").asBoolean(false) ? " of distinct values" : "");
            case "object" -> s.path("maxProperties").asInt(Integer.MAX_VALUE) == 1
                    ? "an object of one of the keys " + String.join(", ", keys(s)) : "an object";
            case "null" -> "null";
            default -> type;
        };
    }

    private static String bounds(JsonNode s, boolean integer) {
        JsonNode min = s.has("minimum") ? s.get("minimum") : null;
        JsonNode max = s.has("maximum") && !(integer && s.get("maximum").decimalValue().compareTo(INT_MAX) == 0)
                ? s.get("maximum") : null;
        JsonNode xmin = s.get("exclusiveMinimum");
        JsonNode xmax = s.get("exclusiveMaximum");
        // a definition's bound and a narrower one over it (a preset's): the stricter of the two says it
        if (min != null && xmin != null) {
            if (xmin.decimalValue().compareTo(min.decimalValue()) >= 0) min = null;
            else xmin = null;
        }
        if (max != null && xmax != null) {
            if (xmax.decimalValue().compareTo(max.decimalValue()) <= 0) max = null;
            else xmax = null;
        }
        if (xmin != null && xmax != null) return " strictly between " + xmin + " and " + xmax;
        if (min != null && max != null) return integer ? " in [" + min + ", " + max + "]" : " from " + min + " to " + max;
        List<String> b = new ArrayList<>();
        if (min != null) b.add(">= " + min);
        if (xmin != null) b.add("> " + xmin);
        if (max != null) b.add("<= " + max);
        if (xmax != null) b.add("< " + xmax);
        return b.isEmpty() ? "" : " " + String.join(" and ", b);
    }

    private static String words(JsonNode v) {
        return v.isTextual() ? v.asText() : v.toString();
    }

    /** The {@code pattern} of the schema object at {@code pointer}, for code that checks a value the same way. */
    public static Pattern pattern(String format, String pointer) {
        JsonNode p = tree(format).at(JsonPointer.compile(pointer + "/pattern"));
        if (!p.isTextual()) throw new IllegalStateException(format + " schema has no pattern at " + pointer);
        return Pattern.compile(p.asText());
    }

    /** The {@code enum} of the schema object at {@code pointer}, in its order. */
    public static List<String> enumeration(String format, String pointer) {
        JsonNode e = tree(format).at(JsonPointer.compile(pointer + "/enum"));
        if (!e.isArray()) throw new IllegalStateException(format + " schema has no enum at " + pointer);
        List<String> out = new ArrayList<>();
        e.forEach(v -> out.add(v.asText()));
        return List.copyOf(out);
    }

    /** The property names a schema object lists, in its order. */
    public static List<String> keys(JsonNode schemaObject) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = schemaObject.path("properties").fieldNames(); it.hasNext(); ) out.add(it.next());
        return out;
    }
}
