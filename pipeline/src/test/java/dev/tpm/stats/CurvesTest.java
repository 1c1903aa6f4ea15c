package dev.tpm.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Sweep plateau and peak, Pareto frontier, competition ranks (synthetic values). */
class CurvesTest {
    @Test
    void plateauIsWhereGainsStayBelowTheThreshold() {
        int[] c = {240, 10, 30, 60, 120}; // any order
        double[] rps = {3150, 1000, 2500, 3000, 3100};
        // gains 1.5, 0.2, 0.0333, 0.0161: below 0.10 from c = 60 on
        assertEquals(OptionalInt.of(60), SweepCurve.plateau(c, rps, 0.10));
        assertEquals(new SweepCurve.Peak(3150, 240), SweepCurve.peak(c, rps));
        // a gain at or above the threshold at the last step: no plateau
        assertTrue(SweepCurve.plateau(new int[] {1, 2, 3}, new double[] {100, 101, 120}, 0.10).isEmpty());
        assertTrue(SweepCurve.plateau(new int[] {1, 2}, new double[] {100, 125}, 0.25).isEmpty()); // g = 0.25 exactly (binary-exact)
        assertTrue(SweepCurve.plateau(new int[] {30}, new double[] {100}, 0.10).isEmpty());
        // falling throughput is a gain below the threshold
        assertEquals(OptionalInt.of(30), SweepCurve.plateau(new int[] {30, 60}, new double[] {1000, 900}, 0.10));
        // a jump in the middle restarts the plateau after it
        assertEquals(OptionalInt.of(3), SweepCurve.plateau(new int[] {1, 2, 3, 4}, new double[] {100, 101, 150, 151}, 0.10));
        // peak ties go to the lowest concurrency
        assertEquals(new SweepCurve.Peak(5, 2), SweepCurve.peak(new int[] {4, 2}, new double[] {5, 5}));
    }

    @Test
    void paretoKeepsUndominatedPoints() {
        double[] peakMib = {7.4, 20, 30, 25, 40, Double.NaN};
        double[] rps = {2200, 2400, 2460, 2300, 900, 5000};
        // 25/2300 is dominated by 20/2400; 40/900 by all; NaN never counts
        assertArrayEquals(new boolean[] {true, true, true, false, false, false}, Pareto.frontier(peakMib, rps));
        // equal points do not dominate each other
        assertArrayEquals(new boolean[] {true, true}, Pareto.frontier(new double[] {1, 1}, new double[] {2, 2}));
    }

    @Test
    void competitionRanksShareTheLowestRank() {
        assertArrayEquals(new int[] {3, 1, 1, 4, 0}, Ranks.competitionDescending(new double[] {10, 20, 20, 5, Double.NaN}));
        assertArrayEquals(new int[] {0, 0}, Ranks.competitionDescending(new double[] {Double.NaN, Double.NaN}));
        assertArrayEquals(new double[] {1.5, 1.5, 3}, Ranks.average(new double[] {2, 2, 7}), 0);
        assertEquals(6.0 + 24.0, Ranks.tieTerm(new double[] {1, 1, 2, 3, 3, 3}), 0); // t = 2 and t = 3
    }
}
