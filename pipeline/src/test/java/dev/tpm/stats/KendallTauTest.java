package dev.tpm.stats;

import static dev.tpm.stats.Reference.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.apache.commons.math3.stat.correlation.KendallsCorrelation;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class KendallTauTest {
    @TestFactory
    Stream<DynamicTest> agreesWithScipyKendalltauDefaults() {
        return Reference.cases(Reference.SAMPLES.get("kendall")).stream().map(c -> DynamicTest.dynamicTest(c.getKey(), () -> {
            KendallTau.Result r = KendallTau.test(Reference.array(c.getValue().get("x")), Reference.array(c.getValue().get("y")));
            JsonNode e = Reference.EXPECTED.get("kendall").get(c.getKey());
            assertClose(Reference.number(e.get("tau")), r.tau(), "tau");
            assertClose(Reference.number(e.get("p")), r.p(), "p");
        }));
    }

    @Test
    void picksTheExactMethodLikeScipyAuto() {
        double[] x = {1, 2, 3, 4, 5};
        assertTrue(KendallTau.test(x, new double[] {1, 2, 3, 4, 5}).exact());
        assertEquals(2.0 / 120, KendallTau.test(x, x).p(), 1e-15); // 2 / 5!
        assertFalse(KendallTau.test(x, new double[] {1, 1, 3, 4, 5}).exact()); // ties -> asymptotic
    }

    @Property
    boolean tauMatchesCommonsMathTauB(@ForAll @Size(min = 3, max = 30) int[] a, @ForAll @Size(min = 3, max = 30) int[] b) {
        int n = Math.min(a.length, b.length);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = a[i] % 5;
            y[i] = b[i] % 7;
        }
        KendallTau.Result r = KendallTau.test(x, y);
        double commons = new KendallsCorrelation().correlation(x, y);
        if (Double.isNaN(r.tau())) return Double.isNaN(commons);
        return Math.abs(r.tau() - commons) <= 1e-12 && r.p() >= 0 && r.p() <= 1;
    }
}
