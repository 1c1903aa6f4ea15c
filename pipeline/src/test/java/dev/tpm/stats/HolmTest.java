package dev.tpm.stats;

import static dev.tpm.stats.Reference.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class HolmTest {
    @TestFactory
    Stream<DynamicTest> agreesWithStatsmodelsMultipletestsHolm() {
        return Reference.cases(Reference.SAMPLES.get("holm")).stream().map(c -> DynamicTest.dynamicTest(c.getKey(), () -> {
            double[] expected = Reference.array(Reference.EXPECTED.get("holm").get(c.getKey()));
            double[] actual = Holm.adjust(Reference.array(c.getValue()));
            for (int i = 0; i < expected.length; i++) assertClose(expected[i], actual[i], c.getKey() + "[" + i + "]");
        }));
    }

    @Test
    void missingPValuesStayOutOfTheFamily() {
        double[] adj = Holm.adjust(new double[] {0.01, Double.NaN, 0.02});
        assertEquals(0.02, adj[0], 1e-15); // m = 2, not 3
        assertTrue(Double.isNaN(adj[1]));
        assertEquals(0.02, adj[2], 1e-15);
    }

    @Property
    boolean adjustedIsAtLeastRawAtMostOneAndMonotoneInStepDownOrder(
            @ForAll @Size(min = 1, max = 60) java.util.List<@DoubleRange(min = 0, max = 1) Double> raw) {
        double[] p = raw.stream().mapToDouble(Double::doubleValue).toArray();
        double[] adj = Holm.adjust(p);
        Integer[] order = new Integer[p.length];
        for (int i = 0; i < p.length; i++) order[i] = i;
        Arrays.sort(order, (i, j) -> Double.compare(p[i], p[j]));
        for (int k = 0; k < p.length; k++) {
            int i = order[k];
            if (adj[i] < p[i] || adj[i] > 1 || adj[i] < 0) return false;
            if (k > 0 && adj[i] < adj[order[k - 1]]) return false;
        }
        return true;
    }
}
