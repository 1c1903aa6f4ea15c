package dev.tpm.tables;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The table models the tables stage wrote, by stem (tables/&lt;prefix&gt;&lt;name&gt;, without
 * extension), in the order it wrote them: what it hands on to the report.
 */
public record WrittenTables(Map<String, TableModel> byStem) {
    public static final WrittenTables NONE = new WrittenTables(Map.of());

    public WrittenTables {
        byStem = Collections.unmodifiableMap(new LinkedHashMap<>(byStem));
    }

    public Optional<TableModel> get(String stem) {
        return Optional.ofNullable(byStem.get(stem));
    }
}
