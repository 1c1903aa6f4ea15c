package dev.tpm.collect.sample;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * RSS and PSS of processes from one read of /proc/&lt;pid&gt;/smaps_rollup (Linux 4.14+): its
 * {@code Rss:} and {@code Pss:} lines, in KiB, are counted by the same page-table walk, so the two
 * describe the same instant (VmRSS of /proc/&lt;pid&gt;/status is an inaccurate per-CPU counter
 * snapshot, proc(5)). A tree's value at one instant is the sum over its processes (servers.md);
 * processes that vanish between listing and reading are skipped. Summed RSS counts a page shared by
 * several processes once per process; PSS divides it among them, so the two differ for
 * multi-process servers. Where a live process's smaps_rollup cannot be read (another user's
 * process, an old kernel) its RSS falls back to VmRSS and the tree's PSS is unknown.
 */
public final class ProcMemory {
    private static final Path PROC = Path.of("/proc");

    private ProcMemory() {}

    /**
     * One tree's memory at one instant.
     *
     * @param pssKib summed PSS, or -1 when some live process's smaps_rollup could not be read
     * @param processes processes that were read (vanished ones excluded)
     */
    public record TreeMemory(long rssKib, long pssKib, int processes) {
        public boolean hasPss() {
            return pssKib >= 0;
        }
    }

    /** Sums over {@code pids}; an empty tree (everything vanished) is 0 KiB in 0 processes. */
    public static TreeMemory tree(List<Long> pids) {
        long rss = 0;
        long pss = 0;
        boolean pssKnown = true;
        int n = 0;
        for (long pid : pids) {
            Path dir = PROC.resolve(Long.toString(pid));
            String rollup = read(dir.resolve("smaps_rollup"));
            if (rollup != null) {
                n++;
                long r = rollupRssKib(rollup);
                if (r < 0) continue; // empty: a zombie, or a process exiting while read; no memory left
                rss += r;
                pss += Math.max(0, smapsRollupPssKib(rollup));
                continue;
            }
            String status = read(dir.resolve("status"));
            if (status == null) continue; // exited between listing and reading
            n++;
            long r = statusRssKib(status);
            if (r < 0) continue; // a zombie
            rss += r;
            pssKnown = false; // present but smaps_rollup unreadable (permissions, kernel before 4.14)
        }
        return new TreeMemory(rss, pssKnown ? pss : -1, n);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** {@code VmRSS:   12345 kB} of a status file, or -1 when absent (zombies, kernel threads). */
    public static long statusRssKib(String status) {
        return kibField(status, "VmRSS:");
    }

    /** {@code Rss:   12345 kB} of an smaps_rollup file, or -1 when absent (an empty rollup). */
    public static long rollupRssKib(String rollup) {
        return kibField(rollup, "Rss:");
    }

    /** {@code Pss:   12345 kB} of an smaps_rollup file, or -1 when absent. */
    public static long smapsRollupPssKib(String rollup) {
        return kibField(rollup, "Pss:");
    }

    private static long kibField(String text, String key) {
        int at = text.startsWith(key) ? 0 : text.indexOf("\n" + key);
        if (at < 0) return -1;
        if (at > 0) at++;
        int i = at + key.length();
        int end = text.indexOf('\n', i);
        String rest = (end < 0 ? text.substring(i) : text.substring(i, end)).trim();
        if (!rest.endsWith("kB")) throw new IllegalArgumentException("expected '<n> kB' after " + key + ", found '" + rest + "'");
        return Long.parseLong(rest.substring(0, rest.length() - 2).trim());
    }
}
