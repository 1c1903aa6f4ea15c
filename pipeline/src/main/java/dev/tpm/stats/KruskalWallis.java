package dev.tpm.stats;

/**
 * Kruskal-Wallis H test with tie correction, p from chi-square with k - 1 df (Kruskal & Wallis
 * 1952; Hollander & Wolfe 1999, 6.1; scipy.stats.kruskal).
 */
public final class KruskalWallis {
    /**
     * @param n all observations
     * @param epsilonSq effect size epsilon^2 = H / (n - 1) (Tomczak & Tomczak 2014)
     */
    public record Result(int k, int n, double h, int df, double p, double epsilonSq) {}

    private KruskalWallis() {}

    /** H and p over the groups (k &gt;= 2, none empty); H and p are NaN when every value is equal. */
    public static Result test(double[]... groups) {
        int k = groups.length;
        if (k < 2) throw new IllegalArgumentException("Kruskal-Wallis needs at least two groups, got " + k);
        int n = 0;
        for (double[] g : groups) {
            if (g.length == 0) throw new IllegalArgumentException("Kruskal-Wallis group is empty");
            n += g.length;
        }
        double[] all = new double[n];
        int pos = 0;
        for (double[] g : groups) {
            System.arraycopy(g, 0, all, pos, g.length);
            pos += g.length;
        }
        double[] ranks = Ranks.average(all);
        // H = 12 / (N(N+1)) * sum_i n_i (Rbar_i - (N+1)/2)^2: the same value as scipy's
        // 12/(N(N+1)) sum R_i^2/n_i - 3(N+1), written without its cancellation for small H.
        double centre = (n + 1) / 2.0;
        double sum = 0;
        pos = 0;
        for (double[] g : groups) {
            double rankSum = 0;
            for (int i = 0; i < g.length; i++) rankSum += ranks[pos + i];
            pos += g.length;
            double dev = rankSum / g.length - centre;
            sum += g.length * dev * dev;
        }
        double h = 12.0 / ((double) n * (n + 1)) * sum;
        double nd = n;
        double tieCorrection = 1 - Ranks.tieTerm(all) / (nd * nd * nd - nd);
        int df = k - 1;
        if (tieCorrection == 0) return new Result(k, n, Double.NaN, df, Double.NaN, Double.NaN);
        h /= tieCorrection;
        return new Result(k, n, h, df, Distributions.chiSquareSf(h, df), h / (n - 1));
    }
}
