package dev.tpm.codec;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.apache.commons.math3.random.MersenneTwister;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * The one seed derivation of the project: the analysis's bootstrap streams (root seed analysis.json's
 * rng_seed, key the group) and the harness's run order and load-generator seeds (root seed the
 * preset's rng_seed, key the phase and stack) are random streams derived from a root seed and a
 * key, never from processing order or the clock: seed = the first 8 bytes (big-endian) of SHA-256 over the UTF-8
 * text of the root seed in decimal followed, for each key part, by the byte 0x1F and the part's
 * UTF-8 bytes. Each stream is its own Mersenne Twister (Matsumoto & Nishimura 1998), so groups can
 * run in any order and on any number of threads with the same result.
 */
public final class Seeds {
    /** ASCII unit separator between key parts, so ("ab", "c") and ("a", "bc") differ. */
    private static final byte SEPARATOR = 0x1F;

    private Seeds() {}

    public static long derive(long rootSeed, String... keyParts) {
        MessageDigest sha = Sha256.digest();
        sha.update(Long.toString(rootSeed).getBytes(StandardCharsets.UTF_8));
        for (String part : keyParts) {
            sha.update(SEPARATOR);
            sha.update(part.getBytes(StandardCharsets.UTF_8));
        }
        return ByteBuffer.wrap(sha.digest(), 0, Long.BYTES).getLong();
    }

    /** A fresh generator for the stream of this key. */
    public static RandomGenerator stream(long rootSeed, String... keyParts) {
        return new MersenneTwister(derive(rootSeed, keyParts));
    }
}
