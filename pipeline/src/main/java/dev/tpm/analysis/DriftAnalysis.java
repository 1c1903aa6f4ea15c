package dev.tpm.analysis;

import dev.tpm.model.Metrics;
import dev.tpm.results.Drift;
import dev.tpm.results.DriftRuns;
import dev.tpm.results.DriftTest;
import dev.tpm.stats.Holm;
import dev.tpm.stats.Quantiles;
import dev.tpm.stats.Spearman;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Stability diagnostics (analysis.md 9): for each (stack, endpoint) of a device's measured phase-1
 * runs with n &gt;= min_n, the endpoint {@code mixed} included, Spearman's rho of rps on run
 * position ({@code scipy.stats.spearmanr(x, y)}, its default p-value), Holm over every drift test of
 * the device, drifting = p_holm &lt; alpha.
 *
 * <p>Reading of "x = each run's position among the device's measured phase-1 runs ordered by
 * (campaign id, seq)": the device's measured phase-1 runs (analysis.md 1: not a warm-up, status ok,
 * error rate at most max_error_rate, not throttled, steal share at most max_steal_share) of its paper campaigns that count, every stack
 * and endpoint together, sorted by campaign id (code point) and then seq, are numbered 1, 2, ...;
 * a run's x is its number there. Excluded runs and warm-ups take no position, so x counts the runs
 * the analysis uses, not the rows of the CSVs, and the positions of one group are increasing but
 * not contiguous (the other groups' runs lie between them). Campaigns of a device pool into one
 * sequence, later campaigns after earlier ones. n counts a group's runs with an rps value (every
 * measured run has one; data.md requires rps in an ok row). A group whose rps is constant keeps its
 * row with rho and p empty (spearmanr's undefined correlation) and stays out of the Holm family,
 * as a NaN p does in {@link Holm#adjust}.
 */
final class DriftAnalysis {
    private DriftAnalysis() {}

    /**
     * @param measured1 the device's measured phase-1 runs in (campaign, seq) order
     *     ({@link RunClassification#measured1})
     * @param stackOrder stack order (analysis.md 1)
     */
    static Drift of(String device, List<RunRow> measured1, int minN, double alpha, Comparator<String> stackOrder) {
        record Key(String stack, String endpoint) {}
        Map<Key, List<double[]>> byGroup = new LinkedHashMap<>();
        for (int i = 0; i < measured1.size(); i++) {
            RunRow r = measured1.get(i);
            double rps = r.metric(Metrics.RPS);
            if (Double.isNaN(rps)) continue;
            byGroup.computeIfAbsent(new Key(r.stack(), r.endpoint()), k -> new ArrayList<>()).add(new double[] {i + 1, rps});
        }
        List<Key> keys = new ArrayList<>(byGroup.keySet());
        keys.sort(Comparator.comparing(Key::stack, stackOrder).thenComparing(Key::endpoint, DeviceAnalysis.endpointComparator()));
        List<DriftRuns> runs = new ArrayList<>();
        List<Key> tested = new ArrayList<>();
        List<Spearman.Result> results = new ArrayList<>();
        for (Key k : keys) {
            List<double[]> g = byGroup.get(k);
            int[] x = g.stream().mapToInt(v -> (int) v[0]).toArray();
            double[] y = g.stream().mapToDouble(v -> v[1]).toArray();
            runs.add(new DriftRuns(device, k.stack(), k.endpoint(), x, y, Quantiles.median(y)));
            if (y.length < minN) continue;
            tested.add(k);
            results.add(Spearman.test(g.stream().mapToDouble(v -> v[0]).toArray(), y));
        }
        double[] adjusted = Holm.adjust(results.stream().mapToDouble(Spearman.Result::p).toArray());
        List<DriftTest> tests = new ArrayList<>();
        for (int i = 0; i < tested.size(); i++) {
            Key k = tested.get(i);
            Spearman.Result s = results.get(i);
            tests.add(new DriftTest(device, k.stack(), k.endpoint(), byGroup.get(k).size(), s.rho(), s.p(), adjusted[i],
                    adjusted[i] < alpha));
        }
        return new Drift(tests, runs, measured1.size());
    }
}
