package dev.tpm.collect.campaign;

import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The open-file limit (RLIMIT_NOFILE) the server and the load generator need for a preset's
 * connections, and how the harness gives it to them.
 *
 * <p>Each open connection is a file descriptor on both ends: the server holds one per connection
 * (and its listening socket, its libraries and logs), wrk one per connection (and an epoll
 * descriptor per thread). {@link #needed} is the preset's largest connection count over every
 * phase plus {@link #HEADROOM}. A Linux distribution's usual soft limit is 1024, which 1,000
 * connections exceed on the server side once its own files are counted.
 *
 * <p>How it is raised: the JVM cannot call setrlimit, and servers' argv never go through a shell
 * (servers.md), so {@code sh -c 'ulimit -n N; exec ...'} is not an option for them. The harness
 * instead puts util-linux's {@code prlimit --nofile=SOFT:HARD --} before the server's and the local
 * load generator's argv, as it puts taskset there: prlimit sets the limit on itself and then execs
 * the command, so the server keeps the pid the harness started (its process tree, SIGTERM and
 * samplers are unchanged) and nothing else of its environment changes. The prefix is added only
 * when this process's own soft limit, which children inherit, is below what is needed (HotSpot on
 * Linux already raises its soft limit to the hard one at start, so usually nothing is added and
 * the harness says that the inherited limit suffices). A hard limit below the need is raised too
 * when the harness runs as root (CAP_SYS_RESOURCE); otherwise the campaign refuses to start, since
 * its runs would measure "too many open files" rather than the server. A load generator on
 * another host (ssh) is left to that host's limits, and the message says so.
 *
 * @param needed descriptors each of the server and the load generator may open
 * @param soft this process's soft limit ({@link Long#MAX_VALUE}: unlimited)
 * @param hard this process's hard limit ({@link Long#MAX_VALUE}: unlimited)
 * @param root whether this process runs as uid 0 and may raise the hard limit
 */
public record OpenFileLimit(long needed, long soft, long hard, boolean root) {
    /** Descriptors beyond one per connection: listening socket, libraries, logs, epoll, pipes. */
    public static final long HEADROOM = 256;
    private static final Path LIMITS = Path.of("/proc/self/limits");
    private static final Path STATUS = Path.of("/proc/self/status");

    /** The need of {@code preset} against this process's limits (/proc/self/limits). */
    public static OpenFileLimit of(Preset preset) {
        long[] limits = readLimits();
        return new OpenFileLimit(maxConnections(preset) + HEADROOM, limits[0], limits[1], readRoot());
    }

    /** The most connections any phase of {@code preset} opens at once. */
    public static int maxConnections(Preset preset) {
        Protocol p = preset.protocol();
        int most = p.concurrency().stream().mapToInt(Integer::intValue).max().orElse(preset.concurrency());
        if (p.sweep() != null) {
            most = Math.max(most, p.sweep().concurrency().stream().mapToInt(Integer::intValue).max().orElse(0));
        }
        if (p.memory() != null) most = Math.max(most, p.memory().concurrency());
        return most;
    }

    /** Whether the inherited limit is below the need, so that the prefix is needed. */
    public boolean raises() {
        return soft < needed;
    }

    /** Whether the need can be met: the hard limit allows it, or root may raise the hard limit. */
    public boolean satisfiable() {
        return !raises() || hard >= needed || root;
    }

    /** {@code prlimit --nofile=SOFT:HARD --} when the limit must be raised, else empty. */
    public List<String> prefix() {
        if (!raises()) return List.of();
        long newHard = hard >= needed ? hard : needed;
        List<String> p = new ArrayList<>();
        p.add("prlimit");
        p.add("--nofile=" + needed + ":" + (newHard == Long.MAX_VALUE ? "unlimited" : Long.toString(newHard)));
        p.add("--");
        return p;
    }

    /** {@code prefix} then {@code rest}: the prlimit prefix goes first, taskset after it. */
    public List<String> before(List<String> rest) {
        List<String> all = new ArrayList<>(prefix());
        all.addAll(rest);
        return all;
    }

    /** One line for the collect command's output. */
    public String describe(boolean remoteLoadGenerator) {
        String limits = "soft " + text(soft) + ", hard " + text(hard);
        String head = String.format(Locale.ROOT, "open files: up to %d connections need %d descriptors per process; this process's limit is %s",
                needed - HEADROOM, needed, limits);
        String remote = remoteLoadGenerator ? " (the load generator on the other host keeps that host's limit)" : "";
        if (!raises()) return head + ": the server and the load generator inherit it, nothing raised" + remote;
        if (!satisfiable()) {
            return head + ": the hard limit is below the need and only root may raise it (raise it with `ulimit -Hn "
                    + needed + "` as root or in /etc/security/limits.conf)";
        }
        return head + ": the server" + (remoteLoadGenerator ? "" : " and the load generator") + " start through "
                + String.join(" ", prefix().subList(0, 2)) + remote;
    }

    private static String text(long limit) {
        return limit == Long.MAX_VALUE ? "unlimited" : Long.toString(limit);
    }

    /** Soft and hard "Max open files" of /proc/self/limits; unlimited where it cannot be read. */
    static long[] readLimits() {
        try {
            return parseLimits(Files.readAllLines(LIMITS, StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return new long[] {Long.MAX_VALUE, Long.MAX_VALUE};
        }
    }

    /** The "Max open files" line of a /proc/PID/limits text: {soft, hard}. */
    static long[] parseLimits(List<String> lines) {
        for (String line : lines) {
            if (!line.startsWith("Max open files")) continue;
            String[] f = line.substring("Max open files".length()).trim().split("\\s+");
            return new long[] {limit(f[0]), limit(f[1])};
        }
        throw new IllegalArgumentException("no 'Max open files' line");
    }

    private static long limit(String s) {
        return s.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(s);
    }

    private static boolean readRoot() {
        try {
            for (String line : Files.readAllLines(STATUS, StandardCharsets.UTF_8)) {
                if (line.startsWith("Uid:")) return line.substring(4).trim().split("\\s+")[1].equals("0");
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: no /proc; treated as unprivileged
        }
        return false;
    }
}
