package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.RoundingMode;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * SvgNumber writes a double as BigDecimal rounds its decimal representation half-even: the
 * definition, {@code BigDecimal.valueOf(d).setScale(decimals, HALF_EVEN)}, without trailing zeros,
 * "0" for zero. That is what the SVGs held when their coordinates were printed in full and rounded
 * on the digits afterwards.
 */
class SvgNumberTest {
    static String reference(double d, int decimals) {
        BigDecimal r = BigDecimal.valueOf(d).setScale(decimals, RoundingMode.HALF_EVEN);
        return r.signum() == 0 ? "0" : r.stripTrailingZeros().toPlainString();
    }

    @Property(tries = 20_000)
    void sameAsBigDecimalOnAnyCoordinate(@ForAll("coordinates") double d) {
        assertEquals(reference(d, 2), SvgNumber.format(d, 2), Double.toString(d));
    }

    /** Decimals of three to five places, where ties and near-ties are: 0.125, 0.165, -2.005, 10.4999. */
    @Property(tries = 20_000)
    void sameAsBigDecimalOnShortDecimals(@ForAll("shortDecimals") double d, @ForAll @IntRange(min = 0, max = 4) int decimals) {
        assertEquals(reference(d, decimals), SvgNumber.format(d, decimals), Double.toString(d));
    }

    /** The neighbours of a tie, a unit in the last place either side of it, round away from it. */
    @Property(tries = 5_000)
    void theDoublesNextToATieRoundAwayFromIt(@ForAll("shortDecimals") double d) {
        for (double n : new double[] {Math.nextDown(d), Math.nextUp(d)}) assertEquals(reference(n, 2), SvgNumber.format(n, 2), Double.toString(n));
    }

    @Provide
    Arbitrary<Double> coordinates() {
        return Arbitraries.oneOf(
                Arbitraries.doubles().between(-5_000, 5_000),
                Arbitraries.doubles().between(-1, 1),
                Arbitraries.doubles().between(-1e12, 1e12),
                Arbitraries.of(0.0, -0.0, 1e-300, -1e-300, Double.MIN_VALUE, 1e15, -1e15, 1e300, 0.005, -0.005, 0.015, 0.165, 2.675));
    }

    @Provide
    Arbitrary<Double> shortDecimals() {
        return Arbitraries.integers().between(-10_000_000, 10_000_000).flatMap(
                n -> Arbitraries.integers().between(3, 5).map(places -> BigDecimal.valueOf(n, places).doubleValue()));
    }

    @Test
    void tiesCarriesSignsAndZeros() {
        String[] expected = {"0.12", "0.14", "0", "-0.02", "10", "100", "0", "100", "7.13", "-12.3", "0", "0", "1100", "0.16", "2.68", "-0.01"};
        double[] in = {0.125, 0.135, -0.005, -0.015, 9.995, 99.9999, -0.0049, 100.001, 7.1250001, -12.3, 0.0, -0.0, 1100, 0.165, 2.675, -0.0051};
        for (int i = 0; i < in.length; i++) {
            assertEquals(reference(in[i], 2), SvgNumber.format(in[i], 2), Double.toString(in[i]));
            assertEquals(expected[i], SvgNumber.format(in[i], 2), Double.toString(in[i]));
        }
        assertEquals("-45", SvgNumber.format(-45.000000000000001, 4));
        assertEquals("-26.5651", SvgNumber.format(Math.toDegrees(Math.atan2(-1, 2)), 4));
        assertEquals("NaN", SvgNumber.format(Double.NaN, 2));
        assertEquals("1000000000000000", SvgNumber.format(1e15, 2));
    }
}
