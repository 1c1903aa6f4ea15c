package dev.tpm.stats;

import static dev.tpm.stats.Reference.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class MemoryTrendTest {
    @TestFactory
    Stream<DynamicTest> slopeAgreesWithScipyLinregress() {
        return Reference.cases(Reference.SAMPLES.get("regression")).stream().map(c -> DynamicTest.dynamicTest(c.getKey(), () -> {
            double[] tS = Reference.array(c.getValue().get("t"));
            double[] tMs = java.util.Arrays.stream(tS).map(v -> v * 1000).toArray();
            MemoryTrend.Series s = MemoryTrend.summarize(tMs, Reference.array(c.getValue().get("y")), 0.5);
            assertClose(Reference.number(Reference.EXPECTED.get("regression").get(c.getKey()).get("slope")), s.slopeMibPerS(), "slope");
        }));
    }

    @Test
    void summarizesASeries() {
        // synthetic: falls of 30, 35 and 0.4 MiB; only falls above 0.5 MiB count as drops
        double[] t = {0, 130, 260, 390, 520, 650, 780};
        double[] rss = {100, 120, 90, 130, 95, 140, 139.6};
        MemoryTrend.Series s = MemoryTrend.summarize(t, rss, 0.5);
        assertEquals(7, s.samples());
        assertEquals(0.78, s.durationS(), 1e-15);
        assertEquals(100, s.firstMib());
        assertEquals(90, s.minMib());
        assertEquals(140, s.maxMib());
        assertEquals(139.6, s.lastMib());
        assertEquals(39.6, s.growthMib(), 1e-12);
        assertEquals(2, s.drops());
        assertTrue(Double.isNaN(MemoryTrend.summarize(new double[] {0}, new double[] {5}, 0.5).slopeMibPerS()));
    }
}
