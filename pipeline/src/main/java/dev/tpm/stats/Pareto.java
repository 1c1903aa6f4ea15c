package dev.tpm.stats;

/** Pareto frontier of two objectives (analysis.md 7: lower w_peak_mib, higher w_rps). */
public final class Pareto {
    private Pareto() {}

    /**
     * Whether each point is not dominated: no other point has cost &lt;= and benefit &gt;= with
     * at least one strict. Points with a NaN coordinate are neither on the frontier nor dominate.
     */
    public static boolean[] frontier(double[] cost, double[] benefit) {
        int n = cost.length;
        if (benefit.length != n) throw new IllegalArgumentException("one benefit per cost");
        boolean[] on = new boolean[n];
        for (int i = 0; i < n; i++) {
            if (Double.isNaN(cost[i]) || Double.isNaN(benefit[i])) continue;
            boolean dominated = false;
            for (int j = 0; j < n && !dominated; j++) {
                if (j == i || Double.isNaN(cost[j]) || Double.isNaN(benefit[j])) continue;
                dominated = cost[j] <= cost[i] && benefit[j] >= benefit[i] && (cost[j] < cost[i] || benefit[j] > benefit[i]);
            }
            on[i] = !dominated;
        }
        return on;
    }
}
