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

    @Test
    void steadyGrowthStartsAtTheFirstSampleOfTheSteadyWindow() {
        // synthetic: start-up ramp 10 -> 50 MiB in the first 4 s, then 50 -> 52 MiB
        double[] t = {0, 2000, 4000, 5000, 9000};
        double[] rss = {10, 30, 50, 50.5, 52};
        MemoryTrend.Series s = MemoryTrend.summarize(t, rss, 0.5, 5);
        assertEquals(42, s.growthMib(), 1e-12);
        assertEquals(1.5, s.steadyGrowthMib(), 1e-12); // 52 - 50.5 (the sample at 5 s)
        assertEquals(0, MemoryTrend.summarize(t, rss, 0.5, 9).steadyGrowthMib(), 1e-12); // the window's first sample is the last
        assertTrue(Double.isNaN(MemoryTrend.summarize(t, rss, 0.5, 9.5).steadyGrowthMib())); // shorter than the warm-up
    }

    @Test
    void checkpointIsTheLastSampleAtOrBeforeItForASeriesThatLastsThatLong() {
        double[] t = {7, 30000, 60000, 61000};
        double[] rss = {1, 2, 3, 4};
        assertTrue(Double.isNaN(MemoryTrend.at(t, rss, 0, 0))); // first sample after t = 0
        assertEquals(2, MemoryTrend.at(t, rss, 59.999, 0));
        assertEquals(3, MemoryTrend.at(t, rss, 60, 0)); // a sample exactly at t counts
        assertEquals(4, MemoryTrend.at(t, rss, 61, 0));
        assertTrue(Double.isNaN(MemoryTrend.at(t, rss, 61.001, 0))); // the series ends before t
    }

    @Test
    void withHalfAnIntervalASampleJustShortOfTheCheckpointIsItsReading() {
        // analysis.md 6 (version 3): "a series sampled every second whose last sample is at 299.999 s
        // is read at 300 s": h = 500 ms, half the interval_ms
        double[] t = {0, 1001, 59999, 61003, 299999};
        double[] rss = {1, 2, 3, 4, 5};
        assertTrue(Double.isNaN(MemoryTrend.at(t, rss, 300, 0))); // a series without interval_ms: h = 0
        assertEquals(5, MemoryTrend.at(t, rss, 300, 500));
        assertEquals(1, MemoryTrend.at(t, rss, 0, 500));
        assertEquals(3, MemoryTrend.at(t, rss, 60, 500));
        assertEquals(4, MemoryTrend.at(t, rss, 60.6, 500)); // 61,003 is within 500 ms of 60,600
        assertTrue(Double.isNaN(MemoryTrend.at(t, rss, 300.5001, 500))); // beyond half an interval
    }
}
