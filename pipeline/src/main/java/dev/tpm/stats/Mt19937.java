package dev.tpm.stats;

import org.apache.commons.math3.random.BitsStreamGenerator;

/**
 * The Mersenne Twister MT19937 (Matsumoto & Nishimura 1998), seeded and drawn exactly as Commons
 * Math's {@link org.apache.commons.math3.random.MersenneTwister}: the same seed gives the same
 * {@code next(bits)}, {@code nextInt(n)}, {@code nextDouble()} and every other value, call for
 * call (Mt19937Test compares the two over many seeds and mixed calls).
 *
 * <p>Why a second implementation: the bootstrap is almost all draws of {@code nextInt(n)}, some
 * billions in {@code make paper} at 10 times the paper's runs, and Commons Math's twister returns
 * them one virtual call at a time, each re-reading its position from the object, tempering one word
 * and dividing by n. {@link #countDraws} makes a replicate's n draws in one loop over a block of 624
 * words tempered together (a loop the JIT vectorises), with the remainder by n taken by a
 * multiplication ({@link Divisor}): about 1.8 ns a draw against 4 on the benchmark machine
 * (docs/PERFORMANCE.md). The stream, and so every output byte, is the same.
 *
 * <p>Not thread-safe, like the generator it mirrors.
 */
public final class Mt19937 extends BitsStreamGenerator {
    private static final long serialVersionUID = 1L;
    private static final int N = 624;
    private static final int M = 397;
    private static final int MATRIX_A = 0x9908b0df;
    private static final int UPPER = 0x80000000;
    private static final int LOWER = 0x7fffffff;

    /** The generator's state, as in the reference implementation. */
    private final int[] mt = new int[N];
    /** The tempered outputs of the current block of {@link #mt}. */
    private final int[] block = new int[N];
    /** The next unread word of {@link #block}; N when a new block is due. */
    private int pos;
    /** The divisor of the last {@link #countDraws}: a bootstrap draws the same n resample after resample. */
    private Divisor divisor;

    public Mt19937(long seed) {
        setSeed(seed);
    }

    @Override
    public void setSeed(int seed) {
        long longMT = seed;
        mt[0] = (int) longMT;
        for (int i = 1; i < N; i++) {
            longMT = (1812433253L * (longMT ^ (longMT >> 30)) + i) & 0xffffffffL;
            mt[i] = (int) longMT;
        }
        pos = N;
        clear();
    }

    @Override
    public void setSeed(int[] seed) {
        if (seed == null) throw new IllegalArgumentException("a seed, not null: this stream is never seeded from the clock");
        setSeed(19650218);
        int i = 1;
        int j = 0;
        for (int k = Math.max(N, seed.length); k != 0; k--) {
            long l0 = mt[i] & 0xffffffffL;
            long l1 = mt[i - 1] & 0xffffffffL;
            long l = (l0 ^ ((l1 ^ (l1 >> 30)) * 1664525L)) + seed[j] + j;
            mt[i] = (int) (l & 0xffffffffL);
            i++;
            j++;
            if (i >= N) {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if (j >= seed.length) j = 0;
        }
        for (int k = N - 1; k != 0; k--) {
            long l0 = mt[i] & 0xffffffffL;
            long l1 = mt[i - 1] & 0xffffffffL;
            long l = (l0 ^ ((l1 ^ (l1 >> 30)) * 1566083941L)) - i;
            mt[i] = (int) (l & 0xffffffffL);
            i++;
            if (i >= N) {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = UPPER;
        pos = N;
        clear();
    }

    @Override
    public void setSeed(long seed) {
        setSeed(new int[] {(int) (seed >>> 32), (int) (seed & 0xffffffffL)});
    }

    @Override
    protected int next(int bits) {
        if (pos >= N) refill();
        return block[pos++] >>> (32 - bits);
    }

    /**
     * Adds one to {@code counts[nextInt(n)]} n times, n = counts.length: exactly the draws, and the
     * state afterwards, of n calls of {@link #nextInt(int)}.
     */
    public void countDraws(int[] counts) {
        int n = counts.length;
        if (n == 0) return;
        int[] t = block;
        int i = pos;
        int remaining = n;
        boolean powerOfTwo = (n & -n) == n;
        if (divisor == null || divisor.n != n) divisor = new Divisor(n);
        Divisor d = divisor;
        while (remaining > 0) {
            if (i >= N) {
                refill();
                i = 0;
            }
            int end = Math.min(N, i + remaining);
            int start = i;
            if (powerOfTwo) {
                for (; i < end; i++) counts[(int) ((n * (long) (t[i] >>> 1)) >> 31)]++;
                remaining -= end - start;
            } else {
                int largestAccepted = d.largestAccepted;
                int rejected = 0;
                for (; i < end; i++) {
                    int bits = t[i] >>> 1;
                    if (bits > largestAccepted) rejected++;
                    else counts[bits - d.quotient(bits) * n]++;
                }
                remaining -= end - start - rejected;
            }
        }
        pos = i;
    }

    /**
     * Division of a 31-bit word by a constant n in (0, 2^31) as a multiplication and a shift
     * (Granlund and Montgomery 1994, the round-up method): with l = ceil(log2 n), shift = 31 + l and
     * multiplier = ceil(2^shift / n), {@code (a * multiplier) >>> shift == a / n} for every
     * 0 <= a < 2^31. Proof: multiplier * n = 2^shift + e with 0 <= e < n <= 2^l, so
     * a * multiplier / 2^shift = a / n + a * e / (n * 2^shift), and the second term is below
     * 2^31 * 2^l / (n * 2^(31 + l)) = 1 / n, too little to carry a / n past the next integer. The
     * multiplier is at most 2^32, so the product is below 2^63. An integer division costs several
     * times as much.
     */
    static final class Divisor {
        final int n;
        final long multiplier;
        final int shift;
        /**
         * The largest 31-bit word nextInt(n) keeps: it draws again when a word falls in the last,
         * incomplete multiple of n below 2^31.
         */
        final int largestAccepted;

        Divisor(int n) {
            if (n < 1) throw new IllegalArgumentException("n must be positive, got " + n);
            int l = n == 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
            this.n = n;
            this.shift = 31 + l;
            this.multiplier = ((1L << shift) + n - 1) / n;
            this.largestAccepted = Integer.MAX_VALUE - (int) ((1L << 31) % n);
        }

        /** a / n, for 0 <= a < 2^31. */
        int quotient(int a) {
            return (int) ((a * multiplier) >>> shift);
        }
    }

    /** The next 624 words: the twist of the state, then the tempering of each word. */
    private void refill() {
        int[] s = mt;
        int k = 0;
        for (; k < N - M; k++) {
            int y = (s[k] & UPPER) | (s[k + 1] & LOWER);
            s[k] = s[k + M] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
        }
        for (; k < N - 1; k++) {
            int y = (s[k] & UPPER) | (s[k + 1] & LOWER);
            s[k] = s[k + (M - N)] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
        }
        int y0 = (s[N - 1] & UPPER) | (s[0] & LOWER);
        s[N - 1] = s[M - 1] ^ (y0 >>> 1) ^ (-(y0 & 1) & MATRIX_A);
        int[] t = block;
        for (int j = 0; j < N; j++) {
            int y = s[j];
            y ^= y >>> 11;
            y ^= (y << 7) & 0x9d2c5680;
            y ^= (y << 15) & 0xefc60000;
            y ^= y >>> 18;
            t[j] = y;
        }
        pos = 0;
    }
}
