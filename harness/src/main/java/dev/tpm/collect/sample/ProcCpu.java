package dev.tpm.collect.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU time of a process tree from /proc/&lt;pid&gt;/stat. Each process counts utime + stime
 * (fields 14, 15) plus cutime + cstime (16, 17): a child's time is in its own fields while it
 * lives and moves to its parent's c-fields when reaped, so a tree's sum counts it once either way.
 */
public final class ProcCpu {
    private static final Path PROC = Path.of("/proc");

    private ProcCpu() {}

    /** Clock ticks per pid; vanished processes are left out. */
    public static Map<Long, Long> ticks(List<Long> pids) {
        Map<Long, Long> out = new HashMap<>();
        for (long pid : pids) {
            try {
                out.put(pid, statTicks(Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"))));
            } catch (IOException | RuntimeException gone) {
                // exited
            }
        }
        return out;
    }

    /** Tree CPU seconds between two readings: per pid, end minus start (0 for a pid new at the end). */
    public static double seconds(Map<Long, Long> start, Map<Long, Long> end, long ticksPerSecond) {
        long sum = 0;
        for (var e : end.entrySet()) sum += Math.max(0, e.getValue() - start.getOrDefault(e.getKey(), 0L));
        return sum / (double) ticksPerSecond;
    }

    /** utime + stime + cutime + cstime of one stat line; the comm field may hold spaces and parentheses. */
    public static long statTicks(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) throw new IllegalArgumentException("not a /proc/<pid>/stat line: " + stat);
        String[] f = stat.substring(close + 2).trim().split("\\s+");
        // f[0] is field 3 (state); fields 14..17 are f[11..14]
        return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
    }
}
