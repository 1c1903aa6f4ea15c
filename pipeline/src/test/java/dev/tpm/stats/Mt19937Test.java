package dev.tpm.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.commons.math3.random.MersenneTwister;
import org.apache.commons.math3.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** Mt19937 is Commons Math's MersenneTwister value for value, and countDraws is n calls of nextInt(n). */
class Mt19937Test {
    @Property(tries = 200)
    void sameStreamAsCommonsMathForAnyLongSeed(@ForAll long seed) {
        RandomGenerator reference = new MersenneTwister(seed);
        Mt19937 twister = new Mt19937(seed);
        // 2,000 words: more than three blocks of 624
        for (int i = 0; i < 2_000; i++) assertEquals(reference.nextInt(), twister.nextInt(), "word " + i);
        assertEquals(reference.nextLong(), twister.nextLong());
        assertEquals(reference.nextDouble(), twister.nextDouble(), 0.0);
        assertEquals(reference.nextGaussian(), twister.nextGaussian(), 0.0);
    }

    @Test
    void intAndArraySeedsAsCommonsMath() {
        for (int seed : new int[] {0, 1, -1, 5489, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            MersenneTwister reference = new MersenneTwister(seed);
            Mt19937 twister = new Mt19937(0);
            twister.setSeed(seed);
            for (int i = 0; i < 700; i++) assertEquals(reference.nextInt(), twister.nextInt(), "seed " + seed + ", word " + i);
        }
        int[] longKey = new int[1_000];
        for (int i = 0; i < longKey.length; i++) longKey[i] = (int) (i * 2_654_435_761L); // negative and positive words
        MersenneTwister reference = new MersenneTwister(longKey);
        Mt19937 twister = new Mt19937(0);
        twister.setSeed(longKey);
        for (int i = 0; i < 700; i++) assertEquals(reference.nextInt(), twister.nextInt(), "word " + i);
    }

    @Test
    void firstOutputsOfTheReferenceImplementation() {
        // mt19937ar.c by Matsumoto and Nishimura, init_by_array({0x123, 0x234, 0x345, 0x456}): its
        // published first outputs (mt19937ar.out)
        Mt19937 twister = new Mt19937(0);
        twister.setSeed(new int[] {0x123, 0x234, 0x345, 0x456});
        long[] expected = {1067595299L, 955945823L, 477289528L, 4107218783L, 4228976476L};
        for (long e : expected) assertEquals(e, twister.nextInt() & 0xffffffffL);
    }

    @Property(tries = 300)
    void countDrawsIsNCallsOfNextInt(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3_000) int n,
            @ForAll @IntRange(min = 0, max = 1_300) int skip, @ForAll @IntRange(min = 1, max = 4) int rounds) {
        RandomGenerator reference = new MersenneTwister(seed);
        Mt19937 twister = new Mt19937(seed);
        // start anywhere in a block, so that rounds cross block ends at every offset
        for (int i = 0; i < skip; i++) assertEquals(reference.nextInt(), twister.nextInt());
        int[] expected = new int[n];
        int[] counts = new int[n];
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < n; i++) expected[reference.nextInt(n)]++;
            twister.countDraws(counts);
            assertArrayEquals(expected, counts, "round " + r);
        }
        assertEquals(reference.nextInt(), twister.nextInt(), "the state after the draws");
    }

    @Test
    void countDrawsRedrawsAsNextIntDoes() {
        // nextInt(n) draws again when a word falls in the last, incomplete multiple of n below 2^31:
        // for n = 2^24 + 1 that is 2^24 - 127 words of 2^31, about 1 in 128, some 130,000 redraws here
        int n = (1 << 24) + 1;
        RandomGenerator reference = new MersenneTwister(2024L);
        Mt19937 twister = new Mt19937(2024L);
        for (int i = 0; i < 100; i++) assertEquals(reference.nextInt(), twister.nextInt());
        int[] expected = new int[n];
        for (int i = 0; i < n; i++) expected[reference.nextInt(n)]++;
        int[] counts = new int[n];
        twister.countDraws(counts);
        assertArrayEquals(expected, counts);
        assertEquals(reference.nextInt(), twister.nextInt());
    }

    @Test
    void countDrawsOfEmptyCountsDrawsNothing() {
        Mt19937 twister = new Mt19937(7L);
        twister.countDraws(new int[0]);
        assertEquals(new MersenneTwister(7L).nextInt(), twister.nextInt());
    }

    @Test
    void bootstrapsGiveTheSameReplicatesWithEitherGenerator() {
        Random gen = new Random(11);
        double[] values = new double[37];
        for (int i = 0; i < values.length; i++) values[i] = gen.nextInt(50) / 3.0;
        assertArrayEquals(Bootstrap.medianReplicates(values, 2_000, new MersenneTwister(99L)),
                Bootstrap.medianReplicates(values, 2_000, new Mt19937(99L)), 0.0);
    }

    @Test
    void noSeedFromTheClock() {
        assertThrows(IllegalArgumentException.class, () -> new Mt19937(1).setSeed((int[]) null));
    }
    @Property(tries = 2_000)
    void divisorQuotientIsIntegerDivision(@ForAll @IntRange(min = 1, max = Integer.MAX_VALUE) int n,
            @ForAll @IntRange(min = 0, max = Integer.MAX_VALUE) int a) {
        Mt19937.Divisor d = new Mt19937.Divisor(n);
        assertEquals(a / n, d.quotient(a), a + " / " + n);
    }

    @Test
    void divisorAtTheEdges() {
        // the largest words, the multiples of n and their neighbours, for small n, powers of two and
        // their neighbours, and the largest n, where the multiplier and the product are largest
        java.util.List<Integer> ns = new java.util.ArrayList<>(java.util.List.of(1, 2, 3, 5, 7, 10, 30, 300, 641, 6_700_417,
                Integer.MAX_VALUE, Integer.MAX_VALUE - 1, (1 << 30) + 1));
        for (int k = 1; k < 31; k++) {
            ns.add((1 << k) - 1);
            ns.add(1 << k);
            ns.add((1 << k) + 1);
        }
        for (int n : ns) {
            Mt19937.Divisor d = new Mt19937.Divisor(n);
            long top = Integer.MAX_VALUE;
            for (long a : new long[] {0, 1, n - 1L, n, n + 1L, top, top - 1, top - top % n, top - top % n - 1}) {
                if (a < 0 || a > top) continue;
                assertEquals(a / n, d.quotient((int) a), a + " / " + n);
            }
            assertEquals(Integer.MAX_VALUE - (int) ((1L << 31) % n), d.largestAccepted, "n " + n);
        }
        assertThrows(IllegalArgumentException.class, () -> new Mt19937.Divisor(0));
    }

    @Test
    void countDrawsWithAnotherNAfterwardsKeepsTheStream() {
        // the divisor is kept from one call to the next; a new n must not reuse it
        RandomGenerator reference = new MersenneTwister(5L);
        Mt19937 twister = new Mt19937(5L);
        for (int n : new int[] {30, 30, 7, 300, 30, 1, 2, 641}) {
            int[] expected = new int[n];
            for (int i = 0; i < n; i++) expected[reference.nextInt(n)]++;
            int[] counts = new int[n];
            twister.countDraws(counts);
            assertArrayEquals(expected, counts, "n " + n);
        }
    }
}
