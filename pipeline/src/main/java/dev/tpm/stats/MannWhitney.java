package dev.tpm.stats;

/**
 * Two-sided Mann-Whitney U test, normal approximation with tie correction and continuity correction
 * (Mann & Whitney 1947; Hollander & Wolfe 1999, 4.1;
 * scipy.stats.mannwhitneyu(a, b, alternative='two-sided', method='asymptotic', use_continuity=True)).
 * Commons Math's MannWhitneyUTest omits the continuity correction, so it is not used.
 */
public final class MannWhitney {
    /** Continuity correction subtracted from |U - mu| (Hollander & Wolfe 1999, 4.1 comment 9). */
    public static final double CONTINUITY = 0.5;

    /** @param u U of sample a: R_a - n_a(n_a + 1)/2, R_a its rank sum in the pooled sample */
    public record Result(double u, double z, double p) {}

    private MannWhitney() {}

    public static Result test(double[] a, double[] b) {
        int na = a.length;
        int nb = b.length;
        if (na == 0 || nb == 0) throw new IllegalArgumentException("Mann-Whitney needs two non-empty samples");
        double[] all = new double[na + nb];
        System.arraycopy(a, 0, all, 0, na);
        System.arraycopy(b, 0, all, na, nb);
        double[] ranks = Ranks.average(all);
        double rankSumA = 0;
        for (int i = 0; i < na; i++) rankSumA += ranks[i];
        double u1 = rankSumA - na * (na + 1) / 2.0;
        double u2 = (double) na * nb - u1;
        double u = Math.max(u1, u2); // two-sided: the upper tail of the larger U, doubled
        double mu = na * (double) nb / 2.0;
        double n = na + nb;
        double s = Math.sqrt(na * (double) nb / 12.0 * ((n + 1) - Ranks.tieTerm(all) / (n * (n - 1))));
        // s = 0 only when every value is tied: then U = mu and z = -0.5/0 = -inf, p clipped to 1 as in scipy
        double z = (u - mu - CONTINUITY) / s;
        double p = Math.min(1.0, 2.0 * Distributions.normalSf(z));
        return new Result(u1, z, p);
    }
}
