package dev.tpm.stats;

import static dev.tpm.stats.Reference.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Mann-Whitney, Welch and the effect sizes against scipy / numpy on the same pairs of samples. */
class PairTestsTest {
    private static Stream<DynamicTest> eachPair(java.util.function.BiConsumer<Map.Entry<String, JsonNode>, JsonNode> check) {
        return Reference.cases(Reference.SAMPLES.get("pairs")).stream().map(c -> DynamicTest.dynamicTest(c.getKey(),
                () -> check.accept(c, Reference.EXPECTED.get("pairs").get(c.getKey()))));
    }

    private static double[] a(Map.Entry<String, JsonNode> c) {
        return Reference.array(c.getValue().get("a"));
    }

    private static double[] b(Map.Entry<String, JsonNode> c) {
        return Reference.array(c.getValue().get("b"));
    }

    @TestFactory
    Stream<DynamicTest> mannWhitneyAgreesWithScipyAsymptoticWithContinuity() {
        return eachPair((c, e) -> {
            MannWhitney.Result r = MannWhitney.test(a(c), b(c));
            assertClose(Reference.number(e.get("u")), r.u(), "U of a");
            assertClose(Reference.number(e.get("p_mwu")), r.p(), "p");
        });
    }

    @TestFactory
    Stream<DynamicTest> welchAgreesWithScipyTtestInd() {
        return eachPair((c, e) -> {
            WelchT.Result r = WelchT.test(a(c), b(c));
            assertClose(Reference.number(e.get("t")), r.t(), "t");
            assertClose(Reference.number(e.get("df")), r.df(), "df");
            assertClose(Reference.number(e.get("p_welch")), r.p(), "p");
        });
    }

    @TestFactory
    Stream<DynamicTest> effectSizesAgreeWithNumpyFormulas() {
        return eachPair((c, e) -> {
            double d = EffectSizes.cohensD(a(c), b(c));
            assertClose(Reference.number(e.get("cohens_d")), d, "d");
            assertClose(Reference.number(e.get("hedges_g")), EffectSizes.hedgesG(d, a(c).length, b(c).length), "g");
            assertClose(Reference.number(e.get("cliffs_delta")), EffectSizes.cliffsDelta(a(c), b(c)), "delta");
        });
    }

    @Test
    void farTailPValuesKeepTheirDigits() {
        JsonNode e = Reference.EXPECTED.get("pairs").get("far_tail_60");
        double p = Reference.number(e.get("p_mwu"));
        assertTrue(p < 1e-20, "fixture is in the far tail: " + p);
        double[] x = Reference.array(Reference.SAMPLES.get("pairs").get("far_tail_60").get("a"));
        double[] y = Reference.array(Reference.SAMPLES.get("pairs").get("far_tail_60").get("b"));
        assertClose(p, MannWhitney.test(x, y).p(), "p ~ 3.6e-21");
    }

    @Test
    void continuityCorrectionMakesThisDifferFromCommonsMath() {
        double[] x = Reference.array(Reference.SAMPLES.get("pairs").get("random_20_25").get("a"));
        double[] y = Reference.array(Reference.SAMPLES.get("pairs").get("random_20_25").get("b"));
        double ours = MannWhitney.test(x, y).p();
        double commons = new MannWhitneyUTest().mannWhitneyUTest(x, y);
        // the correction moves |U - mu| towards 0 by 0.5, so the p-value grows
        assertTrue(ours > commons * (1 + 1e-3), "ours " + ours + " vs Commons Math " + commons);
    }

    @Test
    void uIsThatOfTheFirstSample() {
        // every a below every b: U_a = 0, U_b = n_a n_b
        assertEquals(0.0, MannWhitney.test(new double[] {1, 2, 3}, new double[] {4, 5}).u());
        assertEquals(6.0, MannWhitney.test(new double[] {4, 5}, new double[] {1, 2, 3}).u());
    }

    @Property
    boolean pValuesLieInTheUnitInterval(@ForAll @Size(min = 2, max = 15) int[] a, @ForAll @Size(min = 2, max = 15) int[] b,
            @ForAll @IntRange(min = 1, max = 5) int spread) {
        double[] x = java.util.Arrays.stream(a).mapToDouble(v -> v % (spread * 3)).toArray();
        double[] y = java.util.Arrays.stream(b).mapToDouble(v -> v % (spread * 2)).toArray();
        double pm = MannWhitney.test(x, y).p();
        double pw = WelchT.test(x, y).p();
        return pm >= 0 && pm <= 1 && (Double.isNaN(pw) || (pw >= 0 && pw <= 1));
    }

    @Property
    boolean cliffsDeltaIsAntisymmetricAndBounded(@ForAll @Size(min = 1, max = 12) int[] a, @ForAll @Size(min = 1, max = 12) int[] b) {
        double[] x = java.util.Arrays.stream(a).mapToDouble(v -> v % 7).toArray();
        double[] y = java.util.Arrays.stream(b).mapToDouble(v -> v % 5).toArray();
        double d = EffectSizes.cliffsDelta(x, y);
        return d >= -1 && d <= 1 && d == -EffectSizes.cliffsDelta(y, x);
    }
}
