package dev.tpm.collect.sample;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * CPU time the hypervisor gave to other guests (servers.md version 4 "CPU steal"): the steal
 * field, the eighth value, of {@code /proc/stat}'s aggregate {@code cpu} line, in clock ticks
 * (USER_HZ) summed over the device's CPUs. Read at the start and end of a measured window; the
 * difference in seconds is the run's {@code steal_s}. A kernel whose line has no steal field
 * (before 2.6.11) or a system without /proc/stat gives -1 (the column is then left empty).
 *
 * <p>Version 6: /proc/stat also has one {@code cpuN} line per CPU; {@link #ticks(Set)} sums the
 * steal of some of them (the server's pinned CPUs, the load generator's), for server_steal_s and
 * loadgen_steal_s. A server pinned to one of two vCPUs can lose a quarter of its time while the
 * device's share reads an eighth.
 */
public final class CpuSteal {
    public static final Path PROC_STAT = Path.of("/proc/stat");
    public static final String NOTE = "CPU steal";

    private final Path file;

    public CpuSteal(Path file) {
        this.file = file;
    }

    /** This machine's /proc/stat. */
    public static CpuSteal system() {
        return new CpuSteal(PROC_STAT);
    }

    /** The steal ticks now, or -1 where the file or its field is missing. */
    public long ticks() {
        try {
            return parse(Files.readString(file, StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The steal ticks of {@code cpus} now, summed over their {@code cpuN} lines; -1 where the file, a line or its field is missing. */
    public long ticks(Set<Integer> cpus) {
        try {
            return parse(Files.readString(file, StandardCharsets.US_ASCII), cpus);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The device's ticks and each group's, read from one reading of the file (-1 where missing). */
    public long[] ticks(List<Set<Integer>> groups) {
        long[] out = new long[groups.size() + 1];
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            java.util.Arrays.fill(out, -1);
            return out;
        }
        try {
            out[0] = parse(text);
        } catch (RuntimeException e) {
            out[0] = -1;
        }
        for (int i = 0; i < groups.size(); i++) {
            try {
                out[i + 1] = groups.get(i) == null ? -1 : parse(text, groups.get(i));
            } catch (RuntimeException e) {
                out[i + 1] = -1;
            }
        }
        return out;
    }

    /**
     * The steal fields of the {@code cpuN} lines of {@code cpus}, summed; -1 when a line has fewer
     * than 8 values; an exception when one of the CPUs has no line.
     */
    public static long parse(String procStat, Set<Integer> cpus) {
        Map<Integer, Long> steal = new HashMap<>();
        for (String line : procStat.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 0 || !f[0].startsWith("cpu") || f[0].length() == 3) continue;
            int cpu;
            try {
                cpu = Integer.parseInt(f[0].substring(3));
            } catch (NumberFormatException e) {
                continue;
            }
            if (f.length < 9) {
                steal.put(cpu, -1L);
                continue;
            }
            long v = Long.parseLong(f[8]);
            if (v < 0) throw new IllegalArgumentException("negative steal " + v + " of cpu" + cpu);
            steal.put(cpu, v);
        }
        long sum = 0;
        for (int c : cpus) {
            Long v = steal.get(c);
            if (v == null) throw new IllegalArgumentException("no 'cpu" + c + "' line");
            if (v < 0) return -1;
            sum += v;
        }
        return sum;
    }

    /** The steal field of the {@code cpu} line of a /proc/stat text; -1 when the line has fewer than 8 values. */
    public static long parse(String procStat) {
        for (String line : procStat.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 0 && f[0].equals("cpu")) {
                if (f.length < 9) return -1;
                long v = Long.parseLong(f[8]);
                if (v < 0) throw new IllegalArgumentException("negative steal " + v);
                return v;
            }
        }
        throw new IllegalArgumentException("no aggregate 'cpu' line");
    }

    /** Seconds between two readings; NaN when either is missing (or the counter went back). */
    public static double seconds(long startTicks, long endTicks, long ticksPerSecond) {
        if (startTicks < 0 || endTicks < startTicks || ticksPerSecond < 1) return Double.NaN;
        return (endTicks - startTicks) / (double) ticksPerSecond;
    }

    /** steal_s over the device's CPU time in the window; NaN when unknown. */
    public static double share(double stealS, double durationS, int cores) {
        if (Double.isNaN(stealS) || !(durationS > 0) || cores < 1) return Double.NaN;
        return stealS / (durationS * cores);
    }

    /** Whether a run's steal exceeds {@code maxShare} (max_steal_share) of the device's CPU time. */
    public static boolean flagged(double stealS, double durationS, int cores, double maxShare) {
        double s = share(stealS, durationS, cores);
        return !Double.isNaN(s) && s > maxShare;
    }
}
