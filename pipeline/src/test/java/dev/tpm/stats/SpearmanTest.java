package dev.tpm.stats;

import static dev.tpm.stats.Reference.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.commons.math3.stat.correlation.SpearmansCorrelation;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class SpearmanTest {
    @TestFactory
    Stream<DynamicTest> agreesWithScipySpearmanrDefaults() {
        return Reference.cases(Reference.SAMPLES.get("spearman")).stream().map(c -> DynamicTest.dynamicTest(c.getKey(), () -> {
            Spearman.Result r = Spearman.test(Reference.array(c.getValue().get("x")), Reference.array(c.getValue().get("y")));
            JsonNode e = Reference.EXPECTED.get("spearman").get(c.getKey());
            assertClose(Reference.number(e.get("rho")), r.rho(), "rho");
            assertClose(Reference.number(e.get("p")), r.p(), "p");
        }));
    }

    @Test
    void aNaNPropagatesAndUnpairedSamplesAreRefused() {
        Spearman.Result r = Spearman.test(new double[] {1, 2, 3, 4}, new double[] {1, Double.NaN, 3, 4});
        assertTrue(Double.isNaN(r.rho()) && Double.isNaN(r.p()));
        try {
            Spearman.test(new double[] {1, 2}, new double[] {1});
            throw new AssertionError("expected an IllegalArgumentException");
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().contains("paired"));
        }
    }

    @Test
    void aRhoOfExactlyZeroStaysZeroWithPOne() {
        Spearman.Result r = Spearman.test(new double[] {1, 2, 3, 4}, new double[] {2, 4, 1, 3});
        assertEquals(0.0, r.rho(), 0.0);
        assertEquals(1.0, r.p(), 1e-15);
    }

    private static double[] series(List<Double> ys) {
        return ys.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static double[] positions(int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = i + 1;
        return x;
    }

    @Property
    boolean addingAConstantToEveryRpsChangesNoRho(
            @ForAll @Size(min = 3, max = 40) List<@DoubleRange(min = 100, max = 5000) Double> rps,
            @ForAll @DoubleRange(min = -50, max = 1000) double shift) {
        double[] y = series(rps);
        double[] shifted = y.clone();
        for (int i = 0; i < y.length; i++) shifted[i] += shift;
        // a shift that merges two values (rounding) would change the ranks; compare rank patterns first
        double[] ry = Ranks.average(y);
        double[] rs = Ranks.average(shifted);
        if (!java.util.Arrays.equals(ry, rs)) return true;
        Spearman.Result a = Spearman.test(positions(y.length), y);
        Spearman.Result b = Spearman.test(positions(y.length), shifted);
        return same(a.rho(), b.rho()) && same(a.p(), b.p());
    }

    @Property
    boolean rhoLiesInMinusOneToOneAndPInZeroToOne(
            @ForAll @Size(min = 2, max = 40) List<@IntRange(min = 0, max = 9) Integer> values) {
        double[] y = values.stream().mapToDouble(Integer::doubleValue).toArray();
        Spearman.Result r = Spearman.test(positions(y.length), y);
        if (Double.isNaN(r.rho())) return java.util.Arrays.stream(y).distinct().count() == 1;
        return r.rho() >= -1 && r.rho() <= 1 && (Double.isNaN(r.p()) ? y.length == 2 : r.p() >= 0 && r.p() <= 1);
    }

    @Property
    boolean reversingXNegatesRhoAndKeepsP(
            @ForAll @Size(min = 3, max = 40) List<@IntRange(min = 0, max = 20) Integer> values) {
        double[] y = values.stream().mapToDouble(Integer::doubleValue).toArray();
        int n = y.length;
        double[] reversed = new double[n];
        for (int i = 0; i < n; i++) reversed[i] = n - i;
        Spearman.Result a = Spearman.test(positions(n), y);
        Spearman.Result b = Spearman.test(reversed, y);
        if (Double.isNaN(a.rho())) return Double.isNaN(b.rho());
        return Math.abs(a.rho() + b.rho()) <= 1e-12 && Math.abs(a.p() - b.p()) <= 1e-12 * Math.max(1e-300, a.p()) + 1e-15;
    }

    @Property
    boolean rhoMatchesCommonsMathSpearmansCorrelation(
            @ForAll @Size(min = 3, max = 40) List<@IntRange(min = 0, max = 12) Integer> values) {
        double[] y = values.stream().mapToDouble(Integer::doubleValue).toArray();
        double[] x = positions(y.length);
        Spearman.Result r = Spearman.test(x, y);
        if (Double.isNaN(r.rho())) return true; // constant y: Commons Math returns NaN or fails differently
        return Math.abs(r.rho() - new SpearmansCorrelation().correlation(x, y)) <= 1e-7;
    }

    private static boolean same(double a, double b) {
        if (Double.isNaN(a)) return Double.isNaN(b);
        return Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), 1e-300) + 1e-300;
    }
}
