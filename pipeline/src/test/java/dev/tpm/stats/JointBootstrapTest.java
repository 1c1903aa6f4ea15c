package dev.tpm.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tpm.codec.Seeds;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** One pass over shared streams gives the replicates of the bootstraps computed one by one, bit for bit. */
class JointBootstrapTest {
    private static final long ROOT = 20260929L;

    @Property(tries = 60)
    void sharedDrawsGiveTheSeparateBootstrapsReplicates(@ForAll @IntRange(min = 1, max = 5) int strataCount,
            @ForAll @IntRange(min = 0, max = 1_000_000) int seed, @ForAll @IntRange(min = 1, max = 300) int resamples) {
        // synthetic strata: sizes 1-12, values with ties, weights with a zero now and then
        Random gen = new Random(seed);
        double[][] strata = new double[strataCount][];
        String[] keys = new String[strataCount];
        for (int e = 0; e < strataCount; e++) {
            strata[e] = new double[1 + gen.nextInt(12)];
            for (int i = 0; i < strata[e].length; i++) strata[e][i] = gen.nextInt(20) / 4.0;
            keys[e] = "s" + seed + "-" + e;
        }
        double[] w1 = new double[strataCount];
        double[] w2 = new double[strataCount];
        for (int e = 0; e < strataCount; e++) {
            w1[e] = gen.nextInt(4) == 0 ? 0 : gen.nextDouble();
            w2[e] = gen.nextDouble() + 0.01;
        }
        w1[0] = 1;

        JointBootstrap jb = new JointBootstrap(resamples);
        int[] streams = new int[strataCount];
        int[] medians = new int[strataCount];
        for (int e = 0; e < strataCount; e++) {
            streams[e] = jb.stream(Seeds.stream(ROOT, keys[e]), strata[e].length);
            medians[e] = jb.median(streams[e], strata[e]);
        }
        int weighted1 = jb.weightedMedian(streams, strata, w1);
        int weighted2 = jb.weightedMedian(streams, strata, w2);
        double[][] joint = jb.run();

        for (int e = 0; e < strataCount; e++) {
            assertArrayEquals(Bootstrap.medianReplicates(strata[e], resamples, Seeds.stream(ROOT, keys[e])), joint[medians[e]], 0.0);
        }
        assertArrayEquals(StratifiedBootstrap.weightedMedianReplicates(strata, w1, resamples, streams(keys)), joint[weighted1], 0.0);
        assertArrayEquals(StratifiedBootstrap.weightedMedianReplicates(strata, w2, resamples, streams(keys)), joint[weighted2], 0.0);
    }

    private static org.apache.commons.math3.random.RandomGenerator[] streams(String[] keys) {
        var out = new org.apache.commons.math3.random.RandomGenerator[keys.length];
        for (int e = 0; e < keys.length; e++) out[e] = Seeds.stream(ROOT, keys[e]);
        return out;
    }

    @Test
    void aSampleMustDrawAsManyIndicesAsItsStream() {
        JointBootstrap jb = new JointBootstrap(10);
        int s = jb.stream(Seeds.stream(ROOT, "k"), 3);
        assertThrows(IllegalArgumentException.class, () -> jb.median(s, new double[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> jb.weightedMedian(new int[] {s}, new double[][] {{1, 2, 3, 4}}, new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> jb.median(s + 1, new double[] {1, 2, 3}));
        assertThrows(IllegalArgumentException.class, () -> jb.stream(Seeds.stream(ROOT, "e"), 0));
    }
}
