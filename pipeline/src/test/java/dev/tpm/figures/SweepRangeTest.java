package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.stats.Bootstrap;
import dev.tpm.stats.Interval;
import org.apache.commons.math3.random.MersenneTwister;
import org.junit.jupiter.api.Test;

/** The sweep figure's account of what a bootstrap interval of few runs is. */
class SweepRangeTest {
    /** P(Bin(n, 1/n) > floor(n/2)) by hand: 5 runs 0.05792, 6 runs 406 / 6^6. */
    @Test
    void aResampledMedianIsTheSmallestRunThisOften() {
        assertEquals(0.05792, SweepFigure.extremeMedianShare(5), 1e-12);
        assertEquals(406.0 / 46656, SweepFigure.extremeMedianShare(6), 1e-12);
        assertTrue(SweepFigure.extremeMedianShare(10) < 0.025);
    }

    /**
     * The claim the caption makes, on the package's own bootstrap (10,000 resamples, as
     * config/analysis.json): five runs' 95 % interval is their minimum and maximum; ten runs' is not.
     */
    @Test
    void fiveRunsNinetyFivePercentIntervalIsTheirRange() {
        double[] five = {10_666, 11_900, 12_100, 12_800, 13_435};
        Interval ci = Bootstrap.percentileInterval(Bootstrap.medianReplicates(five, 10_000, new MersenneTwister(1)), 0.95);
        assertEquals(10_666, ci.lo(), 0);
        assertEquals(13_435, ci.hi(), 0);
        double[] ten = {10_666, 11_200, 11_500, 11_900, 12_000, 12_100, 12_300, 12_800, 13_000, 13_435};
        Interval wider = Bootstrap.percentileInterval(Bootstrap.medianReplicates(ten, 10_000, new MersenneTwister(1)), 0.95);
        assertTrue(wider.lo() > 10_666 && wider.hi() < 13_435, wider.toString());
    }
}
