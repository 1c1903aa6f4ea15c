package dev.tpm.collect.sample;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time the hypervisor gave to other guests (servers.md version 4 "CPU steal"): the steal
 * field, the eighth value, of {@code /proc/stat}'s aggregate {@code cpu} line, in clock ticks
 * (USER_HZ) summed over the device's CPUs. Read at the start and end of a measured window; the
 * difference in seconds is the run's {@code steal_s}. A kernel whose line has no steal field
 * (before 2.6.11) or a system without /proc/stat gives -1 (the column is then left empty).
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
