package dev.tpm.pipeline;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Per-stage cost of one pipeline run, for {@code tpm paper --timings} and {@code make bench}: one
 * line per step on the log (stderr), never into a generated file. Wall time from
 * {@link System#nanoTime}, CPU time of the whole process (every thread) from the platform's
 * process CPU clock, and the process's peak resident set so far ({@code VmHWM} of
 * /proc/self/status; -1 where that file does not exist).
 *
 * <pre>{@code
 * timing jvm      wall_ms=412.0 cpu_ms=610.0 peak_rss_kib=61234
 * timing ingest   wall_ms=...
 * timing total    wall_ms=...   (from the JVM's start)
 * }</pre>
 *
 * The {@code jvm} line covers the JVM's start-up and the command line's parsing, up to the first
 * step; {@code total} runs from the JVM's start to the end of the last step.
 */
public final class StageTimings {
    /** Records nothing and prints nothing. */
    public static final StageTimings OFF = new StageTimings(null);

    private final PrintWriter log;
    private final long jvmStartNanos;
    private long wall0;
    private long cpu0;

    private StageTimings(PrintWriter log) {
        this.log = log;
        if (log == null) {
            this.jvmStartNanos = 0;
            return;
        }
        long now = System.nanoTime();
        this.jvmStartNanos = now - ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000L;
        this.wall0 = jvmStartNanos;
        this.cpu0 = 0;
        mark("jvm");
    }

    /** Timings printed to {@code log}; the clock starts now, the {@code jvm} line is printed at once. */
    public static StageTimings to(PrintWriter log) {
        return new StageTimings(java.util.Objects.requireNonNull(log));
    }

    /** Prints the step that ended now (since the previous mark) and starts the next one. */
    public void mark(String step) {
        if (log == null) return;
        long wall = System.nanoTime();
        long cpu = cpuNanos();
        line(step, wall - wall0, cpu - cpu0);
        wall0 = wall;
        cpu0 = cpu;
    }

    /**
     * Prints the whole run, from the JVM's start to now, then how much of its CPU time the JVM's
     * JIT compiler and garbage-collector threads took ({@link #jvmThreadsLine}).
     */
    public void total() {
        if (log == null) return;
        line("total", System.nanoTime() - jvmStartNanos, cpuNanos());
        String threads = jvmThreadsLine(Path.of("/proc/self/task"));
        if (threads != null) {
            log.println(threads);
            log.flush();
        }
    }

    /**
     * {@code timing jvm-threads jit_cpu_ms=... gc_cpu_ms=...}: the CPU time (user and system) of the
     * threads of this process named like HotSpot's JIT compiler threads ("C1 CompilerThre...", "C2
     * CompilerThre...") and collector threads ("GC Thread#...", "G1 ...", and the "VM Thread", which
     * runs the serial collector's collections and the safepoints), read from Linux's
     * {@code /proc/self/task/<tid>/stat} in clock ticks of 10 ms (USER_HZ). Threads that ended before
     * now are not counted. Null where there is no such directory.
     */
    static String jvmThreadsLine(Path tasks) {
        if (!Files.isDirectory(tasks)) return null;
        long jit = 0;
        long gc = 0;
        try (var dirs = Files.list(tasks)) {
            for (Path task : (Iterable<Path>) dirs::iterator) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException e) {
                    continue; // the thread ended while we listed
                }
                ThreadCpu t = ThreadCpu.parse(stat);
                if (t == null) continue;
                if (t.isJit()) jit += t.ticks();
                if (t.isCollector()) gc += t.ticks();
            }
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
        return String.format(Locale.ROOT, "timing jvm-threads jit_cpu_ms=%.1f gc_cpu_ms=%.1f", jit * 10.0, gc * 10.0);
    }

    /** One thread's name and CPU clock ticks (utime + stime) from its stat line. */
    record ThreadCpu(String name, long ticks) {
        /** Null for a line that is not a stat line. */
        static ThreadCpu parse(String stat) {
            int open = stat.indexOf('(');
            int close = stat.lastIndexOf(')'); // the name may itself hold parentheses
            if (open < 0 || close < open) return null;
            String[] f = stat.substring(close + 1).trim().split("\\s+");
            // after the name: state, ppid, ..., utime is field 14 of the line and stime field 15
            if (f.length < 13) return null;
            try {
                return new ThreadCpu(stat.substring(open + 1, close), Long.parseLong(f[11]) + Long.parseLong(f[12]));
            } catch (NumberFormatException e) {
                return null;
            }
        }

        boolean isJit() {
            return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
        }

        boolean isCollector() {
            return name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread");
        }
    }

    private void line(String step, long wallNanos, long cpuNanos) {
        log.println(String.format(Locale.ROOT, "timing %-10s wall_ms=%.1f cpu_ms=%.1f peak_rss_kib=%d", step,
                wallNanos / 1e6, cpuNanos / 1e6, peakRssKib()));
        log.flush();
    }

    private static long cpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return Math.max(0, os.getProcessCpuTime());
        }
        return 0;
    }

    /** VmHWM of /proc/self/status in KiB, -1 when unavailable. */
    static long peakRssKib() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmHWM:")) return Long.parseLong(l.substring(6).replace("kB", "").trim());
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
