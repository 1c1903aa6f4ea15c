package dev.tpm.collect.sample;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The sampler's cost and timing (make bench-sampler): for process trees of several sizes, the
 * sampler thread's CPU time per sample (ThreadMXBean) and the spread of the actual intervals
 * between samples against the nominal one.
 *
 * <p>Usage: {@code SamplerBenchmark [seconds-per-case=15] [interval-ms=130] [tree sizes...=1 8 32]};
 * a tree of size N is a sleep (the shell that started N-1 sleeping children, exec'd); the case "jvm" samples this JVM, whose
 * memory map is as long as a Java server's.
 */
public final class SamplerBenchmark {
    private SamplerBenchmark() {}

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        int intervalMs = args.length > 1 ? Integer.parseInt(args[1]) : 130;
        List<Integer> sizes = new ArrayList<>();
        for (int i = 2; i < args.length; i++) sizes.add(Integer.parseInt(args[i]));
        if (sizes.isEmpty()) sizes.addAll(List.of(1, 8, 32));
        System.out.printf(Locale.ROOT, "sampler benchmark: %d s per case, interval %d ms, %d cores, %s%n", seconds,
                intervalMs, Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.version"));
        System.out.printf(Locale.ROOT, "%-8s %6s %8s | %9s %9s %9s | %8s %8s %8s %8s %8s | %7s%n", "tree", "procs",
                "samples", "cpu_us_md", "cpu_us_mn", "cpu_us_99", "int_min", "int_med", "int_p99", "int_max", "within10",
                "cpu_pct");
        for (int n : sizes) {
            Process sh = new ProcessBuilder("sh", "-c", "i=1; while [ $i -lt " + n + " ]; do sleep 3600 & i=$((i+1)); done; exec sleep 3600")
                    .start();
            try {
                waitFor(sh.toHandle(), n);
                run("sleep" + n, () -> TreeSampler.treeOf(sh.toHandle()), seconds, intervalMs);
            } finally {
                sh.descendants().forEach(ProcessHandle::destroyForcibly);
                sh.destroyForcibly();
                sh.waitFor(5, TimeUnit.SECONDS);
            }
        }
        run("jvm", () -> List.of(ProcessHandle.current().pid()), seconds, intervalMs);
    }

    private static void waitFor(ProcessHandle root, int n) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (TreeSampler.treeOf(root).size() < n && System.nanoTime() < deadline) Thread.sleep(20);
    }

    private static void run(String name, java.util.function.Supplier<List<Long>> tree, int seconds, int intervalMs)
            throws InterruptedException {
        TreeSampler s = new TreeSampler(tree, intervalMs, PowerSource.NO_POWER, null);
        s.start();
        Thread.sleep(seconds * 1000L);
        List<TreeSampler.Sample> samples = s.stop();
        samples = samples.subList(0, samples.size() - 1); // the last one is stop()'s, not the schedule's
        double[] cost = samples.stream().mapToDouble(x -> x.costNanos() / 1e3).sorted().toArray();
        double[] gaps = new double[samples.size() - 1];
        for (int i = 1; i < samples.size(); i++) gaps[i - 1] = (samples.get(i).nanos() - samples.get(i - 1).nanos()) / 1e6;
        Arrays.sort(gaps);
        long within = Arrays.stream(gaps).filter(g -> Math.abs(g - intervalMs) <= 0.1 * intervalMs).count();
        double meanCost = Arrays.stream(cost).average().orElse(Double.NaN);
        System.out.printf(Locale.ROOT, "%-8s %6d %8d | %9.1f %9.1f %9.1f | %8.2f %8.2f %8.2f %8.2f %7.1f%% | %6.3f%%%n",
                name, samples.get(0).processes(), samples.size(), quantile(cost, 0.5), meanCost, quantile(cost, 0.99),
                gaps[0], quantile(gaps, 0.5), quantile(gaps, 0.99), gaps[gaps.length - 1],
                100.0 * within / gaps.length, 100.0 * meanCost / 1e3 / intervalMs);
    }

    /** Type-7 quantile of sorted values. */
    static double quantile(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int lo = (int) Math.floor(h);
        int hi = Math.min(sorted.length - 1, lo + 1);
        return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
    }
}
