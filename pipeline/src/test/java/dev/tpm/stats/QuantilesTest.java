package dev.tpm.stats;

import static dev.tpm.stats.Reference.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class QuantilesTest {
    @TestFactory
    Stream<DynamicTest> agreeWithNumpyQuantileType7() {
        double[] probs = Reference.array(Reference.SAMPLES.get("quantile_probs"));
        return Reference.cases(Reference.SAMPLES.get("one_dim")).stream().map(c -> DynamicTest.dynamicTest(c.getKey(), () -> {
            double[] x = Reference.array(c.getValue());
            double[] expected = Reference.array(Reference.EXPECTED.get("quantiles").get(c.getKey()));
            double[] actual = Quantiles.type7(x, probs);
            for (int i = 0; i < probs.length; i++) assertClose(expected[i], actual[i], c.getKey() + " q=" + probs[i]);
            assertClose(expected[4], Quantiles.median(x), c.getKey() + " median");
        }));
    }

    @Test
    void interpolatesBetweenOrderStatistics() {
        // h = (n-1)q + 1 = 1.75 for n = 4, q = 0.25: x1 + 0.75 (x2 - x1)
        assertEquals(1.75, Quantiles.type7(new double[] {4, 1, 3, 2}, 0.25), 1e-15);
        assertEquals(2.5, Quantiles.median(new double[] {4, 1, 3, 2}), 0);
        assertEquals(1.0, Quantiles.type7(new double[] {4, 1, 3, 2}, 0.0), 0);
        assertEquals(4.0, Quantiles.type7(new double[] {4, 1, 3, 2}, 1.0), 0);
        assertThrows(IllegalArgumentException.class, () -> Quantiles.type7(new double[0], 0.5));
        assertThrows(IllegalArgumentException.class, () -> Quantiles.type7(new double[] {1}, 1.5));
    }

    @Property
    boolean quantilesAreMonotoneAndWithinRange(@ForAll @Size(min = 1, max = 40) double[] x,
            @ForAll @DoubleRange(min = 0, max = 1) double q1, @ForAll @DoubleRange(min = 0, max = 1) double q2) {
        for (double v : x) if (!Double.isFinite(v) || Math.abs(v) > 1e300) return true;
        double lo = Math.min(q1, q2);
        double hi = Math.max(q1, q2);
        double[] q = Quantiles.type7(x, lo, hi);
        double min = java.util.Arrays.stream(x).min().getAsDouble();
        double max = java.util.Arrays.stream(x).max().getAsDouble();
        return q[0] <= q[1] && q[0] >= min && q[1] <= max;
    }
}
