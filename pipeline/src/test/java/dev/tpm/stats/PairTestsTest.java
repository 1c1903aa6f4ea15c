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
            MannWhitney.Result r = MannWhitney.asymptotic(a(c), b(c));
            assertClose(Reference.number(e.get("u")), r.u(), "U of a");
            assertClose(Reference.number(e.get("p_mwu")), r.p(), "p");
        });
    }

    /** scipy method='exact' on every pair without ties of at most 100 a side (the distribution costs n^4 / 4 past that). */
    @TestFactory
    Stream<DynamicTest> exactMannWhitneyAgreesWithScipyExact() {
        return eachPair((c, e) -> {
            if (e.get("p_mwu_exact").isNull() || a(c).length > 100 || b(c).length > 100) return;
            MannWhitney.Result r = MannWhitney.exact(a(c), b(c));
            assertEquals(MannWhitney.Method.EXACT, r.method());
            assertClose(Reference.number(e.get("u")), r.u(), "U of a");
            assertClose(Reference.number(e.get("p_mwu_exact")), r.p(), "exact p");
        });
    }

    /** analysis.md 3's choice: exact without ties up to 50 a side, asymptotic otherwise; p_method says which. */
    @TestFactory
    Stream<DynamicTest> theSpecChoosesExactOrAsymptoticAsTheFixtureDoes() {
        return eachPair((c, e) -> {
            MannWhitney.Result r = MannWhitney.test(a(c), b(c));
            assertEquals(e.get("p_method").asText(), r.method().id(), "p_method");
            assertClose(Reference.number(e.get("p_mwu_spec")), r.p(), "p");
            assertClose(Reference.number(e.get("min_attainable_p")), MannWhitney.minAttainableP(a(c).length, b(c).length),
                    "2 / C(n_a + n_b, n_a)");
        });
    }

    @Test
    void tenSeparatedRunsASideReachTheExactFloorThatTheApproximationCannot() {
        JsonNode e = Reference.EXPECTED.get("pairs").get("exact_separated_10_10");
        double[] x = Reference.array(Reference.SAMPLES.get("pairs").get("exact_separated_10_10").get("a"));
        double[] y = Reference.array(Reference.SAMPLES.get("pairs").get("exact_separated_10_10").get("b"));
        MannWhitney.Result r = MannWhitney.test(x, y);
        assertEquals(MannWhitney.minAttainableP(10, 10), r.p(), 1e-20, "separated samples reach 2 / C(20, 10) = 1.1e-5");
        assertTrue(MannWhitney.asymptotic(x, y).p() > 1.8e-4, "the normal approximation stays above 1.8e-4");
        assertClose(Reference.number(e.get("p_mwu_exact")), r.p(), "exact p");
    }

    @Test
    void theExactDistributionAt50x50IsFast() {
        double[] x = new double[50];
        double[] y = new double[50];
        for (int i = 0; i < 50; i++) {
            x[i] = i;
            y[i] = i + 0.5;
        }
        long t0 = System.nanoTime();
        double p = MannWhitneyExact.upperTail(49, 50, 1) + MannWhitney.exact(x, y).p();
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(p > 0 && ms < 2000, "two uncached 50-ish x 50 distributions took " + ms + " ms");
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

    /** Swapping a and b swaps only the sign conventions: U_a becomes n_a n_b - U_a, p and p_method stay. */
    @Property
    boolean swappingTheSamplesMirrorsUAndKeepsP(@ForAll @Size(min = 1, max = 30) int[] a, @ForAll @Size(min = 1, max = 30) int[] b,
            @ForAll @IntRange(min = 2, max = 1000) int modulus) {
        double[] x = java.util.Arrays.stream(a).mapToDouble(v -> Math.floorMod(v, modulus)).toArray();
        double[] y = java.util.Arrays.stream(b).mapToDouble(v -> Math.floorMod(v, modulus) + 0.5).toArray();
        MannWhitney.Result ab = MannWhitney.test(x, y);
        MannWhitney.Result ba = MannWhitney.test(y, x);
        return ab.method() == ba.method() && ab.p() == ba.p() && ab.u() == (double) x.length * y.length - ba.u();
    }

    /** The exact p is never below 2 / C(n_a + n_b, n_a), and separated samples reach it. */
    @Property
    boolean theExactPIsNeverBelowTheMinimumAttainable(@ForAll @Size(min = 1, max = 50) java.util.Set<@IntRange(min = 0, max = 100000) Integer> a,
            @ForAll @Size(min = 1, max = 50) java.util.Set<@IntRange(min = 0, max = 100000) Integer> b) {
        double[] x = a.stream().mapToDouble(v -> v).toArray();
        double[] y = b.stream().mapToDouble(v -> v + 0.5).toArray(); // half-integers: no tie with x
        MannWhitney.Result r = MannWhitney.test(x, y);
        double floor = MannWhitney.minAttainableP(x.length, y.length);
        double[] above = java.util.Arrays.stream(y).map(v -> v + 200000).toArray();
        double separated = MannWhitney.test(x, above).p();
        return r.method() == MannWhitney.Method.EXACT && r.p() >= floor * (1 - 1e-12)
                && Math.abs(separated - floor) <= 1e-12 * floor;
    }

    @Property
    boolean cliffsDeltaIsAntisymmetricAndBounded(@ForAll @Size(min = 1, max = 12) int[] a, @ForAll @Size(min = 1, max = 12) int[] b) {
        double[] x = java.util.Arrays.stream(a).mapToDouble(v -> v % 7).toArray();
        double[] y = java.util.Arrays.stream(b).mapToDouble(v -> v % 5).toArray();
        double d = EffectSizes.cliffsDelta(x, y);
        return d >= -1 && d <= 1 && d == -EffectSizes.cliffsDelta(y, x);
    }

    /** Counted by binary search, Cliff's delta is the count over every pair, ties and signed zeros included. */
    @Property
    boolean cliffsDeltaCountsEveryPair(@ForAll @Size(min = 1, max = 40) int[] a, @ForAll @Size(min = 1, max = 40) int[] b) {
        double[] x = java.util.Arrays.stream(a).mapToDouble(v -> v % 4 == 0 ? -0.0 : v % 9).toArray();
        double[] y = java.util.Arrays.stream(b).mapToDouble(v -> v % 6).toArray();
        long greater = 0;
        long less = 0;
        for (double u : x) {
            for (double v : y) {
                if (u > v) greater++;
                else if (u < v) less++;
            }
        }
        return EffectSizes.cliffsDelta(x, y) == (greater - less) / ((double) x.length * y.length);
    }
}
