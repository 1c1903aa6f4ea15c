package dev.tpm.collect.campaign;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * The harness's own time per run (servers.md "The collection stage", the end summary): a run's
 * wall time from the runner's start of the attempt to its row on disk, minus the protocol's
 * waits that {@link Waits} collects (spawn to the first 200 on /health, the settle period, the
 * prime and measured loads, the cool-down). What is left is what the harness itself spends: the
 * database reset, the spawn, the memory and CPU reads around the load, stopping the server's tree
 * (SIGTERM until the last process has exited counts here: it is no wait the protocol asks for),
 * parsing the load generator's output and writing the row and its files. It should stay under
 * {@link #TARGET_S}.
 */
final class HarnessOverhead {
    /** servers.md: the median and the largest "should stay under half a second". */
    static final double TARGET_S = 0.5;

    /** The protocol's waits within one attempt, in nanoseconds. */
    static final class Waits {
        private long nanos;

        void reset() {
            nanos = 0;
        }

        void add(long waitedNanos) {
            if (waitedNanos > 0) nanos += waitedNanos;
        }

        /** Adds the wall time since {@code startNanos} (a {@link System#nanoTime()} value). */
        void since(long startNanos) {
            add(System.nanoTime() - startNanos);
        }

        long nanos() {
            return nanos;
        }
    }

    private final List<Double> seconds = new ArrayList<>();
    private final List<String> runs = new ArrayList<>();

    /** Records one attempt: its wall time and the protocol's waits within it. */
    double record(String run, long wallNanos, long waitNanos) {
        double s = Math.max(0, wallNanos - waitNanos) / 1e9;
        seconds.add(s);
        runs.add(run);
        return s;
    }

    int count() {
        return seconds.size();
    }

    /** The median over the runs so far; NaN before the first. */
    double medianS() {
        if (seconds.isEmpty()) return Double.NaN;
        return new Median().evaluate(seconds.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The largest; NaN before the first run. */
    double maxS() {
        return seconds.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }

    /** The end summary's line, or null when no run was made. */
    String summaryLine() {
        if (seconds.isEmpty()) return null;
        int at = 0;
        for (int i = 1; i < seconds.size(); i++) if (seconds.get(i) > seconds.get(at)) at = i;
        double median = medianS();
        double max = maxS();
        return String.format(Locale.ROOT,
                "harness overhead per run (outside spawn to health, settle, load and cool-down): median %.3f s, largest %.3f s (%s) over %d runs%s",
                median, max, runs.get(at), seconds.size(),
                max < TARGET_S ? "" : String.format(Locale.ROOT, "; above the %.1f s the protocol allows", TARGET_S));
    }
}
