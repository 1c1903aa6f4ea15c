package dev.tpm.analysis;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.Metrics;
import dev.tpm.results.MemoryCheckpoint;
import dev.tpm.results.MemorySummary;
import dev.tpm.stats.MemoryTrend;
import dev.tpm.stats.Quantiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/** analysis.md 6: memory time series per (device, stack) and the checkpoints. Pure. */
final class MemoryAnalysis {
    private MemoryAnalysis() {}

    /**
     * memory.csv rows of one device: per stack (stack order), the median over its series of each
     * per-series value over the series that have it (a one-sample series has no slope, a series
     * shorter than memory_warm_s no steady growth), drops summed.
     */
    static List<MemorySummary> summaries(String device, List<MemorySeries> series, AnalysisConfig cfg, Comparator<String> order) {
        Map<String, List<MemoryTrend.Series>> byStack = new TreeMap<>(order);
        for (MemorySeries s : series) {
            byStack.computeIfAbsent(s.stack(), k -> new ArrayList<>())
                    .add(MemoryTrend.summarize(times(s), mib(s), cfg.dropThresholdMib(), cfg.memoryWarmS()));
        }
        List<MemorySummary> out = new ArrayList<>();
        for (Map.Entry<String, List<MemoryTrend.Series>> e : byStack.entrySet()) {
            List<MemoryTrend.Series> l = e.getValue();
            int drops = l.stream().mapToInt(MemoryTrend.Series::drops).sum();
            out.add(new MemorySummary(device, e.getKey(), l.size(),
                    median(l, MemoryTrend.Series::samples), median(l, MemoryTrend.Series::durationS),
                    median(l, MemoryTrend.Series::firstMib), median(l, MemoryTrend.Series::minMib),
                    median(l, MemoryTrend.Series::maxMib), median(l, MemoryTrend.Series::lastMib),
                    median(l, MemoryTrend.Series::growthMib), median(l, MemoryTrend.Series::steadyGrowthMib),
                    drops, median(l, MemoryTrend.Series::slopeMibPerS)));
        }
        return out;
    }

    /** t = 0 and each t of memory_checkpoints_s, ascending, each once. */
    static List<Double> checkpointTimes(AnalysisConfig cfg) {
        TreeSet<Double> t = new TreeSet<>(cfg.memoryCheckpointsS());
        t.add(0.0);
        return new ArrayList<>(t);
    }

    /**
     * memory_checkpoints.csv rows of one device: per stack (stack order) and t (ascending), the
     * median RSS at t over the series that reach it, and their count; a t no series of the stack
     * reaches has no row. Each series is read to within half its interval_ms, analysis.md 6's
     * rule ({@link MemoryTrend#at(double[], double[], double, double)}).
     */
    static List<MemoryCheckpoint> checkpoints(String device, List<MemorySeries> series, AnalysisConfig cfg,
            Comparator<String> order) {
        List<Double> times = checkpointTimes(cfg);
        Map<String, Map<Double, List<Double>>> byStack = new TreeMap<>(order);
        for (MemorySeries s : series) {
            double[] t = times(s);
            double[] rss = mib(s);
            for (double ts : times) {
                double v = MemoryTrend.at(t, rss, ts, s.intervalMs() == null ? 0 : s.intervalMs() / 2.0);
                if (!Double.isNaN(v)) {
                    byStack.computeIfAbsent(s.stack(), k -> new TreeMap<>()).computeIfAbsent(ts, k -> new ArrayList<>()).add(v);
                }
            }
        }
        List<MemoryCheckpoint> out = new ArrayList<>();
        byStack.forEach((stack, at) -> at.forEach((ts, values) -> out.add(new MemoryCheckpoint(device, stack, ts,
                values.size(), Quantiles.median(values.stream().mapToDouble(Double::doubleValue).toArray())))));
        return out;
    }

    private static double[] times(MemorySeries s) {
        return Arrays.stream(s.tMs()).asDoubleStream().toArray();
    }

    private static double[] mib(MemorySeries s) {
        return Arrays.stream(s.rssKib()).mapToDouble(k -> k / Metrics.KIB_PER_MIB).toArray();
    }

    private static double median(List<MemoryTrend.Series> l, ToDoubleFunction<MemoryTrend.Series> f) {
        double[] present = l.stream().mapToDouble(f).filter(x -> !Double.isNaN(x)).toArray();
        return present.length == 0 ? Double.NaN : Quantiles.median(present);
    }
}
