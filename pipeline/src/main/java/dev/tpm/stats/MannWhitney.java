package dev.tpm.stats;

/**
 * Two-sided Mann-Whitney U test (Mann &amp; Whitney 1947; Hollander &amp; Wolfe 1999, 4.1), with the
 * choice of p-value of analysis.md 3: exact when the pooled pair has no tied value and neither
 * sample has more than {@link #EXACT_MAX_N} values
 * ({@code scipy.stats.mannwhitneyu(a, b, alternative='two-sided', method='exact')}), otherwise the
 * normal approximation with tie correction and continuity correction
 * ({@code method='asymptotic', use_continuity=True}). Commons Math's MannWhitneyUTest omits the
 * continuity correction and has no exact branch, so it is not used.
 */
public final class MannWhitney {
    /** Continuity correction subtracted from |U - mu| (Hollander &amp; Wolfe 1999, 4.1 comment 9). */
    public static final double CONTINUITY = 0.5;
    /** Largest sample size that gets an exact p (analysis.md 3: the paper's N). */
    public static final int EXACT_MAX_N = 50;

    /** Which p-value a result carries; {@link #id()} is the p_method text of posthoc.csv. */
    public enum Method {
        EXACT("exact"), ASYMPTOTIC("asymptotic");

        private final String id;

        Method(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }
    }

    /** @param u U of sample a: R_a - n_a(n_a + 1)/2, R_a its rank sum in the pooled sample */
    public record Result(double u, double p, Method method) {}

    private MannWhitney() {}

    /** analysis.md 3: exact without ties and up to {@link #EXACT_MAX_N} a side, asymptotic otherwise. */
    public static Result test(double[] a, double[] b) {
        check(a, b);
        boolean exact = a.length <= EXACT_MAX_N && b.length <= EXACT_MAX_N && !hasTies(a, b);
        return exact ? exact(a, b) : asymptotic(a, b);
    }

    /**
     * The exact two-sided p: 2 P(U &gt;= max(U_a, U_b)) under the null distribution of U (no ties),
     * capped at 1, as scipy's exact method; see {@link MannWhitneyExact}.
     */
    public static Result exact(double[] a, double[] b) {
        check(a, b);
        if (hasTies(a, b)) throw new IllegalArgumentException("the exact Mann-Whitney distribution holds for samples without ties");
        double u1 = uOfA(a, b);
        double u = Math.max(u1, (double) a.length * b.length - u1);
        double p = Math.min(1.0, 2.0 * MannWhitneyExact.upperTail(a.length, b.length, (int) u));
        return new Result(u1, p, Method.EXACT);
    }

    /** Normal approximation with tie and continuity correction. */
    public static Result asymptotic(double[] a, double[] b) {
        check(a, b);
        int na = a.length;
        int nb = b.length;
        double[] all = pooled(a, b);
        double u1 = uOfA(a, b);
        double u2 = (double) na * nb - u1;
        double u = Math.max(u1, u2); // two-sided: the upper tail of the larger U, doubled
        double mu = na * (double) nb / 2.0;
        double n = na + nb;
        double s = Math.sqrt(na * (double) nb / 12.0 * ((n + 1) - Ranks.tieTerm(all) / (n * (n - 1))));
        // s = 0 only when every value is tied: then U = mu and z = -0.5/0 = -inf, p clipped to 1 as in scipy
        double z = (u - mu - CONTINUITY) / s;
        double p = Math.min(1.0, 2.0 * Distributions.normalSf(z));
        return new Result(u1, p, Method.ASYMPTOTIC);
    }

    /**
     * 2 / C(n_a + n_b, n_a), capped at 1: the smallest two-sided p an exact rank test of samples of
     * these sizes can give, reached when the two samples do not overlap (analysis.md 3,
     * min_attainable_p).
     */
    public static double minAttainableP(int na, int nb) {
        if (na < 1 || nb < 1) throw new IllegalArgumentException("sample sizes must be >= 1, got " + na + " and " + nb);
        return Math.min(1.0, 2.0 * MannWhitneyExact.pointProbability(na, nb));
    }

    private static void check(double[] a, double[] b) {
        if (a.length == 0 || b.length == 0) throw new IllegalArgumentException("Mann-Whitney needs two non-empty samples");
    }

    private static double[] pooled(double[] a, double[] b) {
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static double uOfA(double[] a, double[] b) {
        double[] ranks = Ranks.average(pooled(a, b));
        double rankSumA = 0;
        for (int i = 0; i < a.length; i++) rankSumA += ranks[i];
        return rankSumA - a.length * (a.length + 1) / 2.0;
    }

    /** True when some value occurs twice in the pooled pair. */
    static boolean hasTies(double[] a, double[] b) {
        double[] all = pooled(a, b);
        java.util.Arrays.sort(all);
        for (int i = 1; i < all.length; i++) if (all[i] == all[i - 1]) return true;
        return false;
    }
}
