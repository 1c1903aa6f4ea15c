package dev.tpm.stats;

import static dev.tpm.stats.Reference.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** analysis.md 11 (version 5): the t interval over log unit values, against scipy.stats.t.ppf and numpy. */
class LogTIntervalTest {
    @TestFactory
    Stream<DynamicTest> agreesWithScipyTPpfOverTheLogs() {
        return Reference.cases(Reference.SAMPLES.get("log_t")).stream().map(c -> DynamicTest.dynamicTest(c.getKey(), () -> {
            double[] x = Reference.array(c.getValue().get("x"));
            double confidence = c.getValue().get("confidence").asDouble();
            JsonNode e = Reference.EXPECTED.get("log_t").get(c.getKey());
            assertClose(Reference.number(e.get("t")), LogTInterval.tQuantile(1 - (1 - confidence) / 2, x.length - 1), "t");
            LogTInterval.Result r = LogTInterval.of(x, confidence);
            assertEquals(x.length, r.n());
            assertClose(Reference.number(e.get("gmean")), r.gmean(), "gmean");
            assertClose(Reference.number(e.get("lo")), r.lo(), "lo");
            assertClose(Reference.number(e.get("hi")), r.hi(), "hi");
        }));
    }

    @Test
    void oneValueHasAGeometricMeanAndNoInterval() {
        LogTInterval.Result r = LogTInterval.of(new double[] {42.0}, 0.95);
        assertEquals(42.0, r.gmean(), 1e-12);
        assertFalse(r.hasInterval());
    }

    @Test
    void aValueAtOrBelowZeroLeavesEverythingEmpty() {
        for (double bad : new double[] {0.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY}) {
            LogTInterval.Result r = LogTInterval.of(new double[] {3.0, bad, 5.0}, 0.95);
            assertTrue(Double.isNaN(r.gmean()) && Double.isNaN(r.lo()) && Double.isNaN(r.hi()), String.valueOf(bad));
        }
        assertTrue(Double.isNaN(LogTInterval.of(new double[0], 0.95).gmean()));
    }

    @Test
    void theTwoUnitQuantileIsTheOneThatSaysNothing() {
        // analysis.md 11: one degree of freedom gives t = 12.7 at 95 %
        assertEquals(12.706204736174694, LogTInterval.tQuantile(0.975, 1), 1e-12);
    }

    private static double[] array(List<Double> xs) {
        return xs.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The interval holds the geometric mean, which lies between the smallest and largest value. */
    @Property(tries = 200)
    void theIntervalContainsTheGeometricMeanWhichLiesWithinTheValues(
            @ForAll @Size(min = 2, max = 9) List<@DoubleRange(min = 1e-3, max = 1e6) @net.jqwik.api.constraints.Scale(6) Double> values) {
        double[] x = array(values);
        LogTInterval.Result r = LogTInterval.of(x, 0.95);
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        assertTrue(r.lo() <= r.gmean() * (1 + 1e-12) && r.gmean() <= r.hi() * (1 + 1e-12), r.toString());
        assertTrue(min * (1 - 1e-12) <= r.gmean() && r.gmean() <= max * (1 + 1e-12), r.toString());
    }

    /** Multiplying every value by c multiplies the geometric mean and both ends by c. */
    @Property(tries = 200)
    void scalingEveryValueScalesTheMeanAndTheInterval(
            @ForAll @Size(min = 2, max = 9) List<@DoubleRange(min = 1e-2, max = 1e5) Double> values,
            @ForAll @DoubleRange(min = 1e-3, max = 1e3) @net.jqwik.api.constraints.Scale(6) double c) {
        double[] x = array(values);
        double[] scaled = x.clone();
        for (int i = 0; i < scaled.length; i++) scaled[i] *= c;
        LogTInterval.Result a = LogTInterval.of(x, 0.95);
        LogTInterval.Result b = LogTInterval.of(scaled, 0.95);
        assertEquals(c * a.gmean(), b.gmean(), 1e-9 * c * a.gmean());
        assertEquals(c * a.lo(), b.lo(), 1e-9 * c * a.lo());
        assertEquals(c * a.hi(), b.hi(), 1e-9 * c * a.hi());
    }

    /** A higher confidence gives a wider interval around the same geometric mean. */
    @Property(tries = 100)
    void aHigherConfidenceWidensTheInterval(
            @ForAll @Size(min = 3, max = 6) List<@DoubleRange(min = 1, max = 1e4) Double> values) {
        double[] x = array(values);
        LogTInterval.Result narrow = LogTInterval.of(x, 0.90);
        LogTInterval.Result wide = LogTInterval.of(x, 0.99);
        assertTrue(wide.lo() <= narrow.lo() && narrow.hi() <= wide.hi(), narrow + " " + wide);
    }
}
