package dev.tpm.stats;

import dev.tpm.codec.Seeds;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class BootstrapTest {
    private static final long ROOT = 20260929L;

    @Test
    void countingMedianDrawsExactlyAsTheGenericBootstrap() {
        double[] x = {5, 1, 4, 4, 9, 2, 7, 3}; // synthetic, even n with a tie
        double[] fast = Bootstrap.medianReplicates(x, 2000, Seeds.stream(ROOT, "g"));
        double[] generic = Bootstrap.replicates(x, 2000, Seeds.stream(ROOT, "g"), Quantiles::median);
        assertArrayEquals(generic, fast, 0.0);
    }

    @Test
    void intervalIsTheType7QuantilesOfTheReplicates() {
        double[] reps = new double[1001];
        for (int i = 0; i < reps.length; i++) reps[i] = (i * 37) % 1001; // 0..1000 in scrambled order
        Interval ci = Bootstrap.percentileInterval(reps, 0.95);
        // type 7 on 0..1000: q * 1000
        assertEquals(25.0, ci.lo(), 1e-9);
        assertEquals(975.0, ci.hi(), 1e-9);
    }

    @Test
    void streamsDependOnTheKeyOnly() {
        // the seed is SHA-256("20260929" 0x1F "group" 0x1F "pi5-a")[0..8], big-endian (computed with Python's hashlib)
        assertEquals(3928182499675376966L, Seeds.derive(ROOT, "group", "pi5-a"));
        assertNotEquals(Seeds.derive(ROOT, "ab", "c"), Seeds.derive(ROOT, "a", "bc"));
        assertNotEquals(Seeds.derive(ROOT, "k"), Seeds.derive(ROOT + 1, "k"));
        assertEquals(Seeds.stream(ROOT, "k").nextLong(), Seeds.stream(ROOT, "k").nextLong());
    }

    @Property(tries = 200)
    boolean medianCiEndsLieWithinTheGroup(@ForAll @Size(min = 1, max = 30) int[] raw, @ForAll @IntRange(min = 0, max = 1000) int key) {
        double[] x = Arrays.stream(raw).mapToDouble(v -> v % 1000 / 10.0).toArray();
        Interval ci = Bootstrap.percentileInterval(Bootstrap.medianReplicates(x, 200, Seeds.stream(ROOT, "k" + key)), 0.95);
        double min = Arrays.stream(x).min().getAsDouble();
        double max = Arrays.stream(x).max().getAsDouble();
        return ci.lo() >= min && ci.hi() <= max && ci.lo() <= ci.hi();
    }

    @Property(tries = 100)
    boolean replicatesDoNotDependOnTheOrderOfTheValues(@ForAll @Size(min = 1, max = 20) int[] raw) {
        double[] x = Arrays.stream(raw).mapToDouble(v -> v % 50).toArray();
        double[] reversed = new double[x.length];
        for (int i = 0; i < x.length; i++) reversed[i] = x[x.length - 1 - i];
        return Arrays.equals(Bootstrap.medianReplicates(x, 100, Seeds.stream(ROOT, "k")),
                Bootstrap.medianReplicates(reversed, 100, Seeds.stream(ROOT, "k")));
    }
}
