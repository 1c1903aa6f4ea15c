package dev.tpm.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** A schema's {@code "default"}s, the one home of a key's default: filled into an object that leaves the key out. */
final class JsonDefaults {
    private JsonDefaults() {}

    /**
     * {@code object} with the default of each of {@code keys} (none given: every key of {@code
     * schemaObject} that has one) that it leaves out, as the schema object's properties say.
     */
    static ObjectNode filled(ObjectNode object, JsonNode schemaObject, String... keys) {
        List<String> names = keys.length > 0 ? List.of(keys) : JsonSchemas.keys(schemaObject);
        for (String key : names) {
            JsonNode d = schemaObject.path("properties").path(key).get("default");
            if (d == null && keys.length == 0) continue; // a key without a default stays out
            if (d == null) throw new IllegalStateException("the schema gives " + key + " no default");
            if (!object.has(key)) object.set(key, d.deepCopy());
        }
        return object;
    }
}
