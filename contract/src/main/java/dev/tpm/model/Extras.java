package dev.tpm.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys of a campaign.json object that the contract does not know: data.md says they are kept
 * and ignored. Values are plain Java values (String, Boolean, a number, List, Map, null), in the
 * order they were read, so that the file can be written back with them.
 */
public final class Extras {
    private Extras() {}

    /** An unmodifiable copy that keeps the order; null reads as no extra keys. */
    public static Map<String, Object> copy(Map<String, Object> extra) {
        if (extra == null || extra.isEmpty()) return Map.of();
        return Collections.unmodifiableMap(new LinkedHashMap<>(extra));
    }

    /** An unmodifiable ordered copy of a string map; null stays null (the key was absent). */
    public static <V> Map<String, V> ordered(Map<String, V> m) {
        return m == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(m));
    }

    /** An unmodifiable copy of a list; null stays null (the key was absent). */
    public static <T> List<T> list(List<T> l) {
        return l == null ? null : Collections.unmodifiableList(new ArrayList<>(l));
    }
}
