package dev.tpm.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Several bootstraps that read the same random streams, computed in one pass: each stream draws
 * its indices once per replicate and every bootstrap that reads it uses the same counts. The
 * replicates are exactly those of the bootstraps computed one by one, each from a fresh stream with
 * the same seed: {@link Bootstrap#medianReplicates} of a group and
 * {@link StratifiedBootstrap#weightedMedianReplicates} whose strata are such groups (analysis.md 4:
 * "stratum e draws from the group's own stream"). Only the draws are shared, which is where the
 * time goes: a few nanoseconds a draw, hundreds of millions of draws.
 *
 * <p>Not thread-safe; one instance runs on one thread.
 */
public final class JointBootstrap {
    private interface Reader {
        double replicate(int[][] counts);
    }

    private final int resamples;
    private final List<RandomGenerator> streams = new ArrayList<>();
    private final List<Integer> sizes = new ArrayList<>();
    private final List<Reader> readers = new ArrayList<>();

    public JointBootstrap(int resamples) {
        if (resamples < 1) throw new IllegalArgumentException("resamples must be >= 1, got " + resamples);
        this.resamples = resamples;
    }

    /** A stream that draws {@code n} indices per replicate; returns its number. */
    public int stream(RandomGenerator rng, int n) {
        if (n < 1) throw new IllegalArgumentException("a stream draws at least one index per replicate, got " + n);
        streams.add(rng);
        sizes.add(n);
        return streams.size() - 1;
    }

    /** The median bootstrap of {@code values} on stream {@code s}; returns its number among the bootstraps. */
    public int median(int s, double[] values) {
        checkSize(s, values.length);
        double[] sorted = Bootstrap.sortedCopy(values);
        int n = sorted.length;
        readers.add(counts -> Bootstrap.medianFromCounts(sorted, counts[s], n));
        return readers.size() - 1;
    }

    /**
     * The stratified bootstrap of the pooled weighted median, stratum e on stream {@code s[e]};
     * returns its number among the bootstraps.
     */
    public int weightedMedian(int[] s, double[][] strata, double[] weights) {
        if (s.length != strata.length) throw new IllegalArgumentException("one stream per stratum");
        for (int e = 0; e < s.length; e++) checkSize(s[e], strata[e].length);
        StratifiedBootstrap.Pooled pooled = new StratifiedBootstrap.Pooled(strata, weights);
        int[] mine = s.clone();
        int[][] view = new int[mine.length][];
        readers.add(counts -> {
            for (int e = 0; e < mine.length; e++) view[e] = counts[mine[e]];
            return pooled.median(view);
        });
        return readers.size() - 1;
    }

    private void checkSize(int s, int n) {
        if (s < 0 || s >= streams.size()) throw new IllegalArgumentException("no stream " + s);
        if (sizes.get(s) != n) {
            throw new IllegalArgumentException("stream " + s + " draws " + sizes.get(s) + " indices per replicate, the sample has " + n);
        }
    }

    /** The replicates of every bootstrap, by its number. */
    public double[][] run() {
        int k = streams.size();
        int[][] counts = new int[k][];
        RandomGenerator[] rngs = streams.toArray(new RandomGenerator[0]);
        for (int s = 0; s < k; s++) counts[s] = new int[sizes.get(s)];
        Reader[] read = readers.toArray(new Reader[0]);
        double[][] out = new double[read.length][resamples];
        for (int b = 0; b < resamples; b++) {
            for (int s = 0; s < k; s++) {
                Arrays.fill(counts[s], 0);
                Bootstrap.countDraws(rngs[s], counts[s]);
            }
            for (int r = 0; r < read.length; r++) out[r][b] = read[r].replicate(counts);
        }
        return out;
    }
}
