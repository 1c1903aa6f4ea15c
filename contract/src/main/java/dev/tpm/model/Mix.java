package dev.tpm.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One workload mix of config/mixes.csv: a weight for each of the five CRUD endpoints.
 *
 * @param weights endpoint id to weight, iterated in {@link Endpoints#CRUD} order
 */
public record Mix(String name, Map<String, Double> weights) {
    public Mix {
        Map<String, Double> ordered = new LinkedHashMap<>();
        for (String e : Endpoints.CRUD) {
            if (weights.containsKey(e)) ordered.put(e, weights.get(e));
        }
        weights = Collections.unmodifiableMap(ordered);
    }

    public double weight(String endpoint) {
        return weights.getOrDefault(endpoint, 0.0);
    }
}
