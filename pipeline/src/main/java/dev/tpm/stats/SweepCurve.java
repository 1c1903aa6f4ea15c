package dev.tpm.stats;

import java.util.Arrays;
import java.util.OptionalInt;

/** Peak and plateau of a concurrency sweep (analysis.md 5). */
public final class SweepCurve {
    /** The largest median rps and the (lowest) concurrency where it occurs. */
    public record Peak(double rps, int concurrency) {}

    private SweepCurve() {}

    /** Levels in any order; ties in rps go to the lowest concurrency. */
    public static Peak peak(int[] concurrency, double[] medianRps) {
        checkLevels(concurrency, medianRps);
        int[] order = ascending(concurrency);
        int best = order[0];
        for (int i : order) if (medianRps[i] > medianRps[best]) best = i;
        return new Peak(medianRps[best], concurrency[best]);
    }

    /**
     * With levels c_1 &lt; ... &lt; c_k and g_i = med(c_{i+1}) / med(c_i) - 1: the smallest c_i
     * (i &lt; k) such that g_j &lt; gain for every j &gt;= i; empty when g_{k-1} &gt;= gain or k = 1.
     */
    public static OptionalInt plateau(int[] concurrency, double[] medianRps, double gain) {
        checkLevels(concurrency, medianRps);
        int[] order = ascending(concurrency);
        int k = order.length;
        OptionalInt plateau = OptionalInt.empty();
        // walk back from g_{k-1}: the plateau starts where the run of gains below the threshold starts
        for (int i = k - 2; i >= 0; i--) {
            double g = medianRps[order[i + 1]] / medianRps[order[i]] - 1;
            if (!(g < gain)) break;
            plateau = OptionalInt.of(concurrency[order[i]]);
        }
        return plateau;
    }

    private static void checkLevels(int[] concurrency, double[] medianRps) {
        if (concurrency.length != medianRps.length || concurrency.length == 0) {
            throw new IllegalArgumentException("one median per concurrency level, at least one level");
        }
        if (Arrays.stream(concurrency).distinct().count() != concurrency.length) {
            throw new IllegalArgumentException("concurrency levels repeat: " + Arrays.toString(concurrency));
        }
    }

    private static int[] ascending(int[] concurrency) {
        return java.util.stream.IntStream.range(0, concurrency.length).boxed()
                .sorted((a, b) -> Integer.compare(concurrency[a], concurrency[b]))
                .mapToInt(Integer::intValue).toArray();
    }
}
