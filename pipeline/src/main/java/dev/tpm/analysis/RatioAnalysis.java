package dev.tpm.analysis;

import dev.tpm.results.Metric;
import dev.tpm.results.Ratio;
import dev.tpm.stats.Interval;
import java.util.ArrayList;
import java.util.List;

/**
 * ratios.csv (analysis.md 4): each stack against the best of one criterion, with the percentile
 * interval of the B ratios of replicate b of the best's bootstrap and replicate b of the stack's.
 * The replicates are those the existing CIs are read from (no second bootstrap); each stack's
 * come from its own streams, so the two replicates of a pair are independent draws.
 */
final class RatioAnalysis {
    /**
     * One stack's value on a criterion and the bootstrap replicates of its CI (null when the value
     * has no CI, a pooled value below min_n).
     */
    record Candidate(String stack, double value, double[] replicates) {}

    private RatioAnalysis() {}

    /**
     * The rows of one criterion, candidates in stack order, NaN values skipped. The best is the
     * first candidate with the best value. A stack without replicates (or facing a best without
     * them) keeps its point ratio with an empty interval and an empty {@code tied}.
     *
     * @param interval the percentile interval of the plan's confidence
     */
    static List<Ratio> of(String device, String mix, Metric criterion, List<Candidate> candidates,
            java.util.function.Function<double[], Interval> interval) {
        boolean higher = criterion.higherIsBetter();
        String metric = criterion.id();
        List<Candidate> valued = candidates.stream().filter(c -> !Double.isNaN(c.value())).toList();
        if (valued.isEmpty()) return List.of();
        Candidate best = valued.get(0);
        for (Candidate c : valued) {
            if (higher ? c.value() > best.value() : c.value() < best.value()) best = c;
        }
        List<Ratio> out = new ArrayList<>();
        for (Candidate c : valued) {
            if (c == best) {
                out.add(new Ratio(device, mix, metric, c.stack(), best.stack(), c.value(), 1.0, Double.NaN, Double.NaN, true));
                continue;
            }
            double ratio = ratio(higher, best.value(), c.value());
            if (best.replicates() == null || c.replicates() == null) {
                out.add(new Ratio(device, mix, metric, c.stack(), best.stack(), c.value(), ratio, Double.NaN, Double.NaN, null));
                continue;
            }
            Interval ci = interval.apply(replicates(higher, best.replicates(), c.replicates()));
            out.add(new Ratio(device, mix, metric, c.stack(), best.stack(), c.value(), ratio, ci.lo(), ci.hi(), ci.lo() <= 1));
        }
        return out;
    }

    /** best / s for a higher-is-better metric, s / best for a lower-is-better one: >= 1 when best is best. */
    static double ratio(boolean higherIsBetter, double best, double stack) {
        return higherIsBetter ? best / stack : stack / best;
    }

    /** ratio_b from replicate b of the best's and replicate b of the stack's bootstrap. */
    static double[] replicates(boolean higherIsBetter, double[] best, double[] stack) {
        if (best.length != stack.length) throw new IllegalArgumentException("replicates differ in B: " + best.length + " and " + stack.length);
        double[] out = new double[best.length];
        for (int b = 0; b < out.length; b++) out[b] = ratio(higherIsBetter, best[b], stack[b]);
        return out;
    }
}
