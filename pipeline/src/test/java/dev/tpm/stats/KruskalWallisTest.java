package dev.tpm.stats;

import static dev.tpm.stats.Reference.assertClose;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

class KruskalWallisTest {
    @TestFactory
    Stream<DynamicTest> agreesWithScipyKruskal() {
        return Reference.cases(Reference.SAMPLES.get("groups")).stream().map(c -> DynamicTest.dynamicTest(c.getKey(), () -> {
            double[][] groups = new double[c.getValue().size()][];
            for (int i = 0; i < groups.length; i++) groups[i] = Reference.array(c.getValue().get(i));
            KruskalWallis.Result r = KruskalWallis.test(groups);
            JsonNode e = Reference.EXPECTED.get("kruskal").get(c.getKey());
            assertEquals(e.get("df").asInt(), r.df());
            assertEquals(e.get("n").asInt(), r.n());
            assertEquals(groups.length, r.k());
            assertClose(Reference.number(e.get("h")), r.h(), "H");
            assertClose(Reference.number(e.get("p")), r.p(), "p");
            assertClose(Reference.number(e.get("epsilon_sq")), r.epsilonSq(), "epsilon^2");
        }));
    }

    @Property
    boolean pLiesInTheUnitIntervalAndIgnoresGroupOrder(@ForAll @Size(min = 2, max = 10) int[] a,
            @ForAll @Size(min = 2, max = 10) int[] b, @ForAll @Size(min = 2, max = 10) int[] c) {
        double[] x = java.util.Arrays.stream(a).mapToDouble(v -> v % 6).toArray();
        double[] y = java.util.Arrays.stream(b).mapToDouble(v -> v % 4).toArray();
        double[] z = java.util.Arrays.stream(c).mapToDouble(v -> v % 5).toArray();
        KruskalWallis.Result r1 = KruskalWallis.test(x, y, z);
        KruskalWallis.Result r2 = KruskalWallis.test(z, x, y);
        if (Double.isNaN(r1.p())) return Double.isNaN(r2.p());
        return r1.p() >= 0 && r1.p() <= 1 && Math.abs(r1.h() - r2.h()) <= 1e-9 * Math.max(1, r1.h());
    }
}
