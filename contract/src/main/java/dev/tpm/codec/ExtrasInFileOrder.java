package dev.tpm.codec;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts the keys a record keeps in its {@code extra} (its {@code @JsonAnySetter} creator
 * parameter) back in the file's order: Jackson 2 collects a creator's any-setter arguments in a
 * HashMap (FasterXML/jackson-databind#5353, "Preserve order of @JsonAnySetter creator property
 * arguments", fixed for Jackson 3.2 only), and data.md's unknown keys are written back, and shown,
 * as the file has them. Walks nested records and lists of them. Gone with Jackson 3.2.
 */
final class ExtrasInFileOrder {
    private static final String EXTRA = "extra";
    private static final PropertyNamingStrategies.SnakeCaseStrategy SNAKE = new PropertyNamingStrategies.SnakeCaseStrategy();

    private ExtrasInFileOrder() {}

    @SuppressWarnings("unchecked")
    static <T> T apply(T value, JsonNode node) {
        if (!(value instanceof Record record) || node == null || !node.isObject()) return value;
        RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] args = new Object[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                RecordComponent c = components[i];
                Object v = c.getAccessor().invoke(record);
                JsonNode child = node.get(jsonName(c));
                if (c.getName().equals(EXTRA) && v instanceof Map<?, ?> m && m.size() > 1) {
                    Map<String, Object> ordered = new LinkedHashMap<>();
                    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
                        String key = it.next();
                        if (m.containsKey(key)) ordered.put(key, m.get(key));
                    }
                    v = ordered;
                } else if (v instanceof Record) {
                    v = apply(v, child);
                } else if (v instanceof List<?> list && child != null && child.isArray() && child.size() == list.size()) {
                    List<Object> each = new ArrayList<>();
                    for (int j = 0; j < list.size(); j++) each.add(apply(list.get(j), child.get(j)));
                    v = each;
                }
                args[i] = v;
            }
            Constructor<?> canonical = record.getClass().getDeclaredConstructor(
                    Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
            return (T) canonical.newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot rebuild " + record.getClass().getSimpleName(), e);
        }
    }

    private static String jsonName(RecordComponent c) {
        JsonProperty named = c.getAccessor().getAnnotation(JsonProperty.class);
        return named != null && !named.value().isEmpty() ? named.value() : SNAKE.translate(c.getName());
    }
}
