package dev.tpm.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The reference fixtures: synthetic samples (reference/samples.json) and what numpy, scipy and
 * statsmodels computed from them (reference/expected.json, written by scripts/reference/reference.py).
 */
final class Reference {
    /** analysis.md: deterministic quantities agree with the reference to 1e-9 relative error. */
    static final double RELATIVE = 1e-9;

    static final JsonNode SAMPLES = load("/reference/samples.json");
    static final JsonNode EXPECTED = load("/reference/expected.json");

    private Reference() {}

    private static JsonNode load(String resource) {
        try (InputStream in = Reference.class.getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("missing test resource " + resource);
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static double[] array(JsonNode node) {
        double[] out = new double[node.size()];
        for (int i = 0; i < out.length; i++) out[i] = number(node.get(i));
        return out;
    }

    /** null = NaN, "inf"/"-inf" = infinities, as reference.py writes them. */
    static double number(JsonNode node) {
        if (node == null || node.isNull()) return Double.NaN;
        if (node.isTextual()) {
            return switch (node.asText()) {
                case "inf" -> Double.POSITIVE_INFINITY;
                case "-inf" -> Double.NEGATIVE_INFINITY;
                default -> throw new IllegalArgumentException("not a number: " + node);
            };
        }
        return node.asDouble();
    }

    static List<Map.Entry<String, JsonNode>> cases(JsonNode parent) {
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>(parent.properties());
        if (out.isEmpty()) fail("no reference cases");
        return out;
    }

    /** Equal within {@link #RELATIVE}; NaN only where the reference is NaN; 0 only where it is 0. */
    static void assertClose(double expected, double actual, String what) {
        if (Double.isNaN(expected) || Double.isInfinite(expected)) {
            assertEquals(expected, actual, what);
            return;
        }
        if (expected == 0) {
            assertEquals(0.0, actual, 0.0, what);
            return;
        }
        double rel = Math.abs(actual - expected) / Math.abs(expected);
        assertTrue(rel <= RELATIVE, () -> what + ": expected " + expected + ", got " + actual + " (relative error " + rel + ")");
    }
}
