package dev.tpm.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;

/** The point probability P(U = mn) without the table of the whole distribution. */
class MannWhitneyExactTest {
    @Test
    void pointProbabilityIsTheLastEntryOfTheExactDistribution() {
        for (int m = 0; m <= 50; m++) {
            for (int n = 0; n <= 50; n += m < 10 ? 1 : 7) {
                double table = MannWhitneyExact.pmf(m, n)[m * n];
                double product = MannWhitneyExact.pointProbability(m, n);
                assertEquals(table, product, 1e-13 * table, m + " x " + n);
                assertEquals(product, MannWhitneyExact.pointProbability(n, m), 0.0, "symmetric in " + m + " and " + n);
            }
        }
        assertEquals(1.0 / 184_756, MannWhitneyExact.pointProbability(10, 10), 1e-20, "1 / C(20, 10)");
    }

    @Test
    void pointProbabilityOfHundredsOfRunsNeedsNoTable() {
        // 460 runs a side: the table would hold 460^2 arrays of up to 211,600 doubles; the product is immediate
        double logC = Gamma.logGamma(921) - 2 * Gamma.logGamma(461);
        double p = MannWhitneyExact.pointProbability(460, 460);
        assertTrue(p > 0, "no underflow at 460 x 460: " + p);
        assertEquals(-logC, Math.log(p), 1e-9 * logC, "1 / C(920, 460) by log-gamma");
        assertEquals(0.0, MannWhitneyExact.pointProbability(3000, 3000), 0.0, "below the smallest double, 0");
    }
}
