package dev.tpm.collect.sample;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Samples a process tree's RSS and PSS (and power, and throttling flags) every interval on a
 * dedicated scheduled thread, from {@link #start} until {@link #stop}. A tick that comes less than
 * half an interval after the previous sample (the executor catching up after a slow sample) is
 * skipped, so series times stay strictly increasing and near the interval apart.
 */
public final class TreeSampler {
    /**
     * One sample.
     *
     * @param nanos System.nanoTime() when the sample started
     * @param pssKib -1 where PSS could not be read
     * @param throttled bits 0-3 of get_throttled, -1 where not read
     * @param costNanos thread CPU time this sample took (for the sampler benchmark)
     * @param tempC SoC temperature, NaN where not read
     * @param clockMhz ARM clock, NaN where not read
     */
    public record Sample(long nanos, long rssKib, long pssKib, int processes, PowerSource.PowerReading power,
            int throttled, long costNanos, double tempC, double clockMhz) {
        public Sample(long nanos, long rssKib, long pssKib, int processes, PowerSource.PowerReading power, int throttled,
                long costNanos) {
            this(nanos, rssKib, pssKib, processes, power, throttled, costNanos, Double.NaN, Double.NaN);
        }
    }

    private final Supplier<List<Long>> tree;
    private final long intervalNanos;
    private final PowerSource power;
    private final Throttling throttling;
    private final SocSensors soc;
    private final List<Sample> samples = new ArrayList<>();
    private ScheduledExecutorService executor;
    private ScheduledFuture<?> task;
    private volatile Throwable failure;
    private long lastSampleNanos = Long.MIN_VALUE;

    /** @param tree lists the pids of the tree (root first) at the moment of each sample */
    public TreeSampler(Supplier<List<Long>> tree, long intervalMillis, PowerSource power, Throttling throttling) {
        this(tree, intervalMillis, power, throttling, null);
    }

    /** @param soc temperature and clock (a Pi), or null */
    public TreeSampler(Supplier<List<Long>> tree, long intervalMillis, PowerSource power, Throttling throttling,
            SocSensors soc) {
        this.soc = soc;
        this.tree = tree;
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMillis);
        this.power = power == null ? PowerSource.NO_POWER : power;
        this.throttling = throttling;
    }

    /** The pids of {@code root} and its live descendants (processes, not threads). */
    public static List<Long> treeOf(ProcessHandle root) {
        List<Long> pids = new ArrayList<>();
        pids.add(root.pid());
        root.descendants().forEach(p -> pids.add(p.pid()));
        return pids;
    }

    /** Takes the first sample now, then one every interval. */
    public synchronized void start() {
        if (executor != null) throw new IllegalStateException("sampler already started");
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tree-sampler");
            t.setDaemon(true);
            t.setPriority(Thread.MAX_PRIORITY);
            return t;
        });
        task = executor.scheduleAtFixedRate(this::tick, 0, intervalNanos, TimeUnit.NANOSECONDS);
    }

    private void tick() {
        try {
            long now = System.nanoTime();
            synchronized (this) {
                if (lastSampleNanos != Long.MIN_VALUE && now - lastSampleNanos < intervalNanos / 2) return;
                lastSampleNanos = now;
            }
            Sample s = sampleNow(now);
            synchronized (this) {
                samples.add(s);
            }
        } catch (Throwable t) {
            failure = t; // an exception would silently cancel the schedule
        }
    }

    private Sample sampleNow(long now) {
        long cpu0 = CpuClock.threadCpuNanos();
        ProcMemory.TreeMemory m = ProcMemory.tree(tree.get());
        PowerSource.PowerReading p = power.read();
        int th = throttling == null ? -1 : throttling.currentBits();
        double temp = Double.NaN;
        double clock = Double.NaN;
        if (soc != null) {
            try {
                temp = soc.tempC();
                clock = soc.clockMhz();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e); // a failed sensor fails the run
            }
        }
        return new Sample(now, m.rssKib(), m.pssKib(), m.processes(), p, th, CpuClock.threadCpuNanos() - cpu0, temp, clock);
    }

    /**
     * Stops the schedule, waits for a sample in progress, takes one last sample (so the series
     * reaches the end of the window) and returns the series.
     */
    public List<Sample> stop() {
        synchronized (this) {
            if (executor == null) throw new IllegalStateException("sampler not started");
            task.cancel(false);
        }
        executor.shutdown();
        try {
            if (!executor.awaitTermination(10, TimeUnit.SECONDS)) executor.shutdownNow();
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
        if (failure != null) throw new IllegalStateException("sampling failed: " + failure, failure);
        synchronized (this) {
            long now = System.nanoTime();
            if (samples.isEmpty() || now - lastSampleNanos >= intervalNanos / 2) {
                lastSampleNanos = now;
                samples.add(sampleNow(now));
            }
            return List.copyOf(samples);
        }
    }

    /** Samples so far (a copy). */
    public synchronized List<Sample> samples() {
        return List.copyOf(samples);
    }

    /** Largest tree RSS over the samples (never a sum of per-process peaks), -1 for none. */
    public static long peakRssKib(List<Sample> samples) {
        long peak = -1;
        for (Sample s : samples) if (s.processes() > 0) peak = Math.max(peak, s.rssKib());
        return peak;
    }

    /** Largest tree PSS, -1 when some sample lacks PSS or there are none. */
    public static long peakPssKib(List<Sample> samples) {
        long peak = -1;
        for (Sample s : samples) {
            if (s.processes() == 0) continue;
            if (s.pssKib() < 0) return -1;
            peak = Math.max(peak, s.pssKib());
        }
        return peak;
    }

    /** OR of bits 0-3 over the samples, -1 when none was read. */
    public static int throttledBits(List<Sample> samples) {
        int bits = -1;
        for (Sample s : samples) if (s.throttled() >= 0) bits = Math.max(bits, 0) | s.throttled();
        return bits;
    }

    /** Highest temperature over the samples, NaN where none was read. */
    public static double maxTempC(List<Sample> samples) {
        double max = Double.NaN;
        for (Sample s : samples) if (!Double.isNaN(s.tempC())) max = Double.isNaN(max) ? s.tempC() : Math.max(max, s.tempC());
        return max;
    }

    /** Lowest ARM clock over the samples, NaN where none was read. */
    public static double minClockMhz(List<Sample> samples) {
        double min = Double.NaN;
        for (Sample s : samples) {
            if (!Double.isNaN(s.clockMhz())) min = Double.isNaN(min) ? s.clockMhz() : Math.min(min, s.clockMhz());
        }
        return min;
    }

    public static List<PowerSource.PowerReading> powerReadings(List<Sample> samples) {
        return samples.stream().map(Sample::power).toList();
    }
}
