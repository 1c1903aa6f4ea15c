package dev.tpm.analysis;

import dev.tpm.model.Endpoints;
import dev.tpm.model.Metrics;
import dev.tpm.model.Mix;
import dev.tpm.results.StealSensitivity;
import dev.tpm.results.Weighted;
import dev.tpm.stats.Quantiles;
import dev.tpm.stats.WeightedStats;
import java.util.ArrayList;
import java.util.List;

/**
 * Steal sensitivity (analysis.md 4, version 5): for a device with at least one phase-1 run excluded
 * for steal, each mix and listed stack's w_rps and w_rps_per_mib as weighted.csv has them, and
 * again with those runs counted as measured, and change = w_rps_per_mib / w_rps_per_mib_all. Pure:
 * runs and weighted rows in, rows out; point values only (no bootstrap).
 */
final class StealSensitivityAnalysis {
    private StealSensitivityAnalysis() {}

    /**
     * @param measured1 the device's measured phase-1 runs
     * @param stolen1 its phase-1 runs excluded for steal (and for nothing before it)
     * @param weighted weighted.csv's rows of the device, every mix
     * @return no rows when {@code stolen1} is empty; otherwise one per weighted row, in its order
     */
    static List<StealSensitivity> of(String device, List<Mix> mixes, List<RunRow> measured1, List<RunRow> stolen1,
            List<Weighted> weighted, int minN) {
        if (stolen1.isEmpty()) return List.of();
        List<RunRow> all = new ArrayList<>(measured1);
        all.addAll(stolen1);
        List<StealSensitivity> out = new ArrayList<>();
        for (Weighted w : weighted) {
            Mix mix = mixes.stream().filter(m -> m.name().equals(w.mix())).findFirst().orElseThrow();
            double rpsAll = weightedMedian(all, w.stack(), mix, Metrics.RPS, minN);
            double perMibAll = weightedMedian(all, w.stack(), mix, Metrics.RPS_PER_MIB, minN);
            double perMib = w.wRpsPerMib().value();
            out.add(new StealSensitivity(device, w.mix(), w.stack(), w.wRps().value(), rpsAll, perMib, perMibAll,
                    perMib / perMibAll, w.missing(), shortfall(all, w.stack(), mix, minN)));
        }
        return out;
    }

    /**
     * sum_e w_e med_e(metric) over the CRUD endpoints of positive weight, from {@code runs} of the
     * stack; NaN when such an endpoint has fewer than min_n runs (analysis.md 4's {@code missing})
     * or no value of the metric.
     */
    static double weightedMedian(List<RunRow> runs, String stack, Mix mix, String metric, int minN) {
        List<String> needed = Endpoints.CRUD.stream().filter(e -> mix.weight(e) > 0).toList();
        double[] medians = new double[needed.size()];
        double[] weights = new double[needed.size()];
        for (int i = 0; i < needed.size(); i++) {
            String e = needed.get(i);
            List<RunRow> cell = runs.stream().filter(r -> r.stack().equals(stack) && r.endpoint().equals(e)).toList();
            double[] values = DeviceAnalysis.values(cell, metric);
            if (cell.size() < minN || values.length == 0) return Double.NaN;
            medians[i] = Quantiles.median(values);
            weights[i] = mix.weight(e);
        }
        return WeightedStats.weightedSum(medians, weights);
    }

    /** "post_item: 3 runs" for each endpoint of positive weight below min_n when the stolen runs count; "" when none. */
    private static String shortfall(List<RunRow> runs, String stack, Mix mix, int minN) {
        List<String> parts = new ArrayList<>();
        for (String e : Endpoints.CRUD) {
            if (mix.weight(e) <= 0) continue;
            long n = runs.stream().filter(r -> r.stack().equals(stack) && r.endpoint().equals(e)).count();
            if (n < minN) parts.add(e + ": " + n + (n == 1 ? " run" : " runs"));
        }
        return String.join("; ", parts);
    }
}
