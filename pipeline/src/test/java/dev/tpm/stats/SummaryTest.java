package dev.tpm.stats;

import static dev.tpm.stats.Reference.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class SummaryTest {
    @TestFactory
    Stream<DynamicTest> agreesWithNumpy() {
        return Reference.cases(Reference.SAMPLES.get("one_dim")).stream().map(c -> DynamicTest.dynamicTest(c.getKey(), () -> {
            Summary s = Summary.of(Reference.array(c.getValue()));
            JsonNode e = Reference.EXPECTED.get("describe").get(c.getKey());
            assertEquals(e.get("n").asInt(), s.n());
            assertClose(Reference.number(e.get("median")), s.median(), "median");
            assertClose(Reference.number(e.get("mean")), s.mean(), "mean");
            assertClose(Reference.number(e.get("sd")), s.sd(), "sd");
            assertClose(Reference.number(e.get("q1")), s.q1(), "q1");
            assertClose(Reference.number(e.get("q3")), s.q3(), "q3");
            assertClose(Reference.number(e.get("min")), s.min(), "min");
            assertClose(Reference.number(e.get("max")), s.max(), "max");
        }));
    }

    @Test
    void singleValueHasNoStandardDeviation() {
        Summary s = Summary.of(new double[] {7});
        assertTrue(Double.isNaN(s.sd()));
        assertEquals(7, s.median());
        assertEquals(7, s.q1());
    }
}
