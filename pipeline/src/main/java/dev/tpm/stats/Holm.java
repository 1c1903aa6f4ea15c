package dev.tpm.stats;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Holm-Bonferroni step-down adjusted p-values (Holm 1979;
 * statsmodels.stats.multitest.multipletests(p, method='holm')): with p sorted ascending,
 * p_adj(i) = min(1, max_{j &lt;= i} (m - j + 1) p(j)).
 */
public final class Holm {
    private Holm() {}

    /**
     * Adjusted p-values in the input's order. NaN entries are not part of the family (m counts the
     * others) and stay NaN.
     */
    public static double[] adjust(double[] p) {
        Integer[] order = new Integer[p.length];
        int m = 0;
        for (int i = 0; i < p.length; i++) {
            if (!Double.isNaN(p[i])) order[m++] = i;
        }
        Integer[] family = Arrays.copyOf(order, m);
        // ties in p get the same adjusted value whatever their order, so a plain sort suffices
        Arrays.sort(family, Comparator.comparingDouble(i -> p[i]));
        double[] out = new double[p.length];
        Arrays.fill(out, Double.NaN);
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = family[rank];
            running = Math.max(running, (m - rank) * p[i]);
            out[i] = Math.min(1.0, running);
        }
        return out;
    }
}
