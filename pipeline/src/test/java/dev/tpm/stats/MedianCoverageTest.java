package dev.tpm.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MedianCoverageTest {
    private static final double[] SEVEN = {7, 1, 6, 2, 5, 3, 4}; // SYNTHETIC: x_(i) = i

    /** analysis.md 2's example: [x_(2), x_(6)] of 7 runs holds the median with probability 112 / 128. */
    @Test
    void sevenRunsBetweenTheSecondAndTheSixth() {
        assertEquals(0.875, MedianCoverage.of(SEVEN, 2, 6));
        assertEquals(0.875, MedianCoverage.ofRanks(7, 2, 6));
    }

    /** Bounds between order statistics: r rounds up, s rounds down, so the value is a lower bound. */
    @Test
    void boundsBetweenValuesGiveTheInnerOrderStatistics() {
        assertEquals(MedianCoverage.ofRanks(7, 3, 5), MedianCoverage.of(SEVEN, 2.5, 5.5));
        assertEquals(1 - 2.0 / 128, MedianCoverage.of(SEVEN, 1, 7)); // all but k = 0 and k = 7
        assertEquals(0, MedianCoverage.of(SEVEN, 4, 4)); // s = r
        assertEquals(0, MedianCoverage.of(SEVEN, 8, 9));
    }

    @Test
    void anEmptyIntervalHasNoCoverage() {
        assertTrue(Double.isNaN(MedianCoverage.of(SEVEN, Double.NaN, Double.NaN)));
        assertTrue(Double.isNaN(MedianCoverage.of(new double[0], 1, 2)));
    }

    /** Large n stays exact (no overflow): [x_(40), x_(61)] of 100 is the classic 95 % interval. */
    @Test
    void largeGroupsStayExact() {
        double c = MedianCoverage.ofRanks(100, 40, 61);
        assertTrue(c > 0.95 && c < 0.97, "coverage " + c);
    }
}
