package dev.tpm.figures;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The figures the figures stage drew, by stem (figures/&lt;prefix&gt;&lt;name&gt;, without
 * extension), as drawn: title, caption, subtitle and the stacks left out. What it hands on to the report.
 */
public record DrawnFigures(Map<String, Figure> byStem) {
    public static final DrawnFigures NONE = new DrawnFigures(Map.of());

    public DrawnFigures {
        byStem = Collections.unmodifiableMap(new LinkedHashMap<>(byStem));
    }

    public Optional<Figure> get(String stem) {
        return Optional.ofNullable(byStem.get(stem));
    }
}
