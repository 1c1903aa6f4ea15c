package dev.tpm.testing;

import dev.tpm.model.Metrics;
import dev.tpm.results.Drift;
import dev.tpm.results.DriftRuns;
import dev.tpm.results.DriftTest;
import dev.tpm.results.GroupSample;
import dev.tpm.stats.Holm;
import dev.tpm.stats.Quantiles;
import dev.tpm.stats.Spearman;
import java.util.ArrayList;
import java.util.List;

/**
 * SYNTHETIC stability diagnostics for table and figure fixtures: the rps samples of a device's
 * groups taken as if the runs had been made round-robin (run k of every group, group after group,
 * then run k + 1), optionally with a planted trend in one group, and tested as analysis.md 9 says.
 */
public final class DriftFixture {
    private DriftFixture() {}

    /**
     * @param samples the device's samples in stack and endpoint order (only rps is read)
     * @param trendStack, trendEndpoint the group whose k-th run is multiplied by 1 + slope k
     */
    public static Drift roundRobin(List<GroupSample> samples, int minN, double alpha, String trendStack, String trendEndpoint,
            double slope) {
        List<GroupSample> rps = samples.stream().filter(s -> s.metric().equals(Metrics.RPS)).toList();
        int groups = rps.size();
        int longest = rps.stream().mapToInt(s -> s.values().length).max().orElse(0);
        List<DriftRuns> runs = new ArrayList<>();
        List<GroupSample> tested = new ArrayList<>();
        List<Spearman.Result> results = new ArrayList<>();
        int total = 0;
        for (int g = 0; g < groups; g++) {
            GroupSample s = rps.get(g);
            boolean trend = s.stack().equals(trendStack) && s.endpoint().equals(trendEndpoint);
            int n = s.values().length;
            total += n;
            int[] x = new int[n];
            double[] y = new double[n];
            for (int k = 0; k < n; k++) {
                x[k] = k * groups + g + 1;
                y[k] = s.values()[k] * (trend ? 1 + slope * k : 1);
            }
            runs.add(new DriftRuns(s.device(), s.stack(), s.endpoint(), x, y, Quantiles.median(y)));
            if (n >= minN) {
                tested.add(s);
                results.add(Spearman.test(java.util.Arrays.stream(x).asDoubleStream().toArray(), y));
            }
        }
        double[] adj = Holm.adjust(results.stream().mapToDouble(Spearman.Result::p).toArray());
        List<DriftTest> tests = new ArrayList<>();
        for (int i = 0; i < tested.size(); i++) {
            GroupSample s = tested.get(i);
            tests.add(new DriftTest(s.device(), s.stack(), s.endpoint(), s.values().length, results.get(i).rho(),
                    results.get(i).p(), adj[i], adj[i] < alpha));
        }
        // positions run to the last group's last run; with unequal groups some numbers stay unused
        return new Drift(tests, runs, Math.max(total, longest * groups));
    }
}
