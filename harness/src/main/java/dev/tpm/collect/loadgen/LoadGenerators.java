package dev.tpm.collect.loadgen;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The registry of load-generator modules, by tool id. */
public final class LoadGenerators {
    private static final Map<String, LoadGenTool> BY_ID = new TreeMap<>();

    static {
        for (LoadGenTool t : List.of(new WrkTool(), new AutocannonTool(), new OhaTool())) BY_ID.put(t.id(), t);
    }

    private LoadGenerators() {}

    /** The ids the harness knows, sorted. */
    public static List<String> ids() {
        return List.copyOf(BY_ID.keySet());
    }

    public static boolean isKnown(String id) {
        return BY_ID.containsKey(id);
    }

    /** The module of {@code id}; an unknown id is an error listing the known ones. */
    public static LoadGenTool get(String id) {
        LoadGenTool t = BY_ID.get(id);
        if (t == null) throw new IllegalArgumentException("load generator: expected one of " + ids() + ", found " + id);
        return t;
    }
}
