package dev.tpm.results;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The bootstrap replicates of the median rps of each loadgen_summary group of the seed studies
 * (analysis.md 2: one stream per group, seeded from rng_seed and the group key), kept so that a
 * study table can give a ratio between two groups its interval as ratios.csv does (analysis.md 4):
 * the percentile interval of the B ratios of replicate b of one group's median over replicate b
 * of the other's. A group below min_n has no replicates, and a ratio with it has no interval.
 */
public final class GroupReplicates {
    /** No group has replicates. */
    public static final GroupReplicates NONE = new GroupReplicates(Map.of(), r -> new double[] {Double.NaN, Double.NaN}, 0);

    private final Map<String, double[]> replicates;
    private final Function<double[], double[]> interval;
    private final int minN;

    /**
     * @param replicates by {@link #key}
     * @param interval the percentile interval {lo, hi} of replicates at the analysis's confidence
     * @param minN min_n: groups with fewer measured runs have no replicates
     */
    public GroupReplicates(Map<String, double[]> replicates, Function<double[], double[]> interval, int minN) {
        this.replicates = new TreeMap<>(replicates);
        this.interval = interval;
        this.minN = minN;
    }

    public static String key(String device, String study, int phase, String stack, String endpoint, int concurrency) {
        return String.join("\u001f", device, study, Integer.toString(phase), stack, endpoint, Integer.toString(concurrency));
    }

    public int minN() {
        return minN;
    }

    /** {lo, hi} of a's median rps over b's, or null when either is null or has no replicates (below min_n). */
    public double[] ratioInterval(LoadgenSummary a, LoadgenSummary b) {
        if (a == null || b == null) return null;
        return ratioInterval(key(a), key(b));
    }

    private static String key(LoadgenSummary x) {
        return key(x.device(), x.study(), x.phase(), x.stack(), x.endpoint(), x.concurrency());
    }

    /** {lo, hi} of the ratio numerator / denominator, or null when either group has no replicates. */
    public double[] ratioInterval(String numerator, String denominator) {
        double[] a = replicates.get(numerator);
        double[] b = replicates.get(denominator);
        if (a == null || b == null) return null;
        if (a.length != b.length) throw new IllegalArgumentException("replicates differ in B: " + a.length + " and " + b.length);
        double[] ratios = new double[a.length];
        for (int i = 0; i < ratios.length; i++) ratios[i] = a[i] / b[i];
        return interval.apply(ratios);
    }
}
