package dev.tpm.collect.cgroup;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * The cgroup of one run (made by {@link Cgroups#create}). The server is spawned through
 * {@link #wrapper()}: {@code sh -c 'echo $$ > <cgroup>/cgroup.procs || exit 125; shift; exec "$@"'}
 * before its argv (and before taskset), so the shell moves itself into the cgroup and then
 * becomes the server: the server's first instruction already runs in the cgroup, and every
 * process it starts inherits it. Writing the pid from the harness after the fork would race with
 * the server: a worker forked before the write (gunicorn, node's cluster) would stay outside, and
 * memory charged before the move stays charged where it was (v2 never moves charges, v1 only with
 * memory.move_charge_at_immigrate). The shell costs about a millisecond of startup_ms. When the
 * write fails the shell exits with 125 and the server never runs outside its cgroup.
 *
 * <p>{@link #resetPeak()} at the start of the load window and {@link #peakKib()} at its end give
 * data.md's {@code peak_cgroup_kib}: v1 {@code memory.max_usage_in_bytes} (written 0, which sets it
 * to the current usage), v2 {@code memory.peak}, whose reset (kernel 6.12) holds only for reads
 * through the file descriptor that wrote it, so that descriptor is kept open until the peak is
 * read; {@code v2-since-start} reads memory.peak without a reset.
 *
 * <p>{@link #close()} removes the cgroup, whatever happened to the run: it kills (SIGKILL) any
 * process still in it, a daemon that escaped the process tree included, waits for the cgroup to
 * empty and removes its folder; it throws when that is impossible.
 */
public final class RunCgroup implements AutoCloseable {
    /** How long close waits for killed processes to leave and for the folder to go. */
    static final Duration REMOVE_WAIT = Duration.ofSeconds(10);
    static final String WRAPPER = "echo $$ > \"$1\" || exit 125; shift; exec \"$@\"";

    private final String mode;
    private final Path dir;
    private final Runnable onRemoved;
    private FileChannel peakFd;
    private boolean closed;

    RunCgroup(String mode, Path dir, Runnable onRemoved) {
        this.mode = mode;
        this.dir = dir;
        this.onRemoved = onRemoved;
    }

    static RunCgroup none() {
        return new RunCgroup(Cgroups.NONE, null, () -> {});
    }

    /** {@code protocol.cgroup} of this run's hierarchy. */
    public String mode() {
        return mode;
    }

    /** The cgroup's folder, or null for none. */
    public Path dir() {
        return dir;
    }

    /** The command before the server's argv (and its taskset) that starts it inside the cgroup; empty for none. */
    public List<String> wrapper() {
        if (dir == null) return List.of();
        return List.of("sh", "-c", WRAPPER, "tpm-cgroup", dir.resolve("cgroup.procs").toString());
    }

    /** Starts the load window: resets the peak (v1, v2); a no-op for v2-since-start and none. */
    public void resetPeak() throws IOException {
        switch (mode) {
            case Cgroups.V1 -> Files.writeString(dir.resolve("memory.max_usage_in_bytes"), "0\n", StandardCharsets.US_ASCII);
            case Cgroups.V2 -> {
                closePeakFd();
                peakFd = FileChannel.open(dir.resolve("memory.peak"), StandardOpenOption.READ, StandardOpenOption.WRITE);
                peakFd.write(ByteBuffer.wrap("reset\n".getBytes(StandardCharsets.US_ASCII)));
            }
            default -> {
                // v2-since-start: memory.peak cannot be reset on this kernel; none: nothing to reset
            }
        }
    }

    /** The peak charge since {@link #resetPeak()} (since the start for v2-since-start) in KiB; -1 for none. */
    public long peakKib() throws IOException {
        String text;
        switch (mode) {
            case Cgroups.V1 -> text = Files.readString(dir.resolve("memory.max_usage_in_bytes"), StandardCharsets.US_ASCII);
            case Cgroups.V2 -> {
                if (peakFd == null) throw new IOException(dir.resolve("memory.peak") + ": read before the peak was reset");
                ByteBuffer b = ByteBuffer.allocate(64);
                int n = peakFd.read(b, 0);
                text = new String(b.array(), 0, Math.max(0, n), StandardCharsets.US_ASCII);
            }
            case Cgroups.V2_SINCE_START -> text = Files.readString(dir.resolve("memory.peak"), StandardCharsets.US_ASCII);
            default -> {
                return -1;
            }
        }
        return bytesToKib(text, dir.resolve(mode.equals(Cgroups.V1) ? "memory.max_usage_in_bytes" : "memory.peak"));
    }

    /** A byte count as the kernel prints it ("12345678\n") in KiB, rounded up. */
    static long bytesToKib(String text, Path file) throws IOException {
        String t = text.strip();
        try {
            long bytes = Long.parseLong(t);
            if (bytes < 0) throw new NumberFormatException();
            return (bytes + 1023) / 1024;
        } catch (NumberFormatException e) {
            throw new IOException(file + ": expected a byte count, found '" + t + "'");
        }
    }

    /** Pids now in the cgroup (empty for none). */
    public List<Long> pids() throws IOException {
        return dir == null ? List.of() : pidsOf(dir);
    }

    static List<Long> pidsOf(Path dir) throws IOException {
        List<Long> out = new ArrayList<>();
        try {
            for (String l : Files.readAllLines(dir.resolve("cgroup.procs"), StandardCharsets.US_ASCII)) {
                if (!l.isBlank()) out.add(Long.parseLong(l.strip()));
            }
        } catch (NoSuchFileException e) {
            // the folder is gone
        }
        return out;
    }

    /** Kills what is left in the cgroup and removes it; idempotent. */
    @Override
    public synchronized void close() throws IOException {
        if (closed || dir == null) return;
        closePeakFd();
        killAndRemove(dir);
        closed = true;
        onRemoved.run();
    }

    private void closePeakFd() throws IOException {
        if (peakFd != null) {
            peakFd.close();
            peakFd = null;
        }
    }

    /** SIGKILL to every process in {@code dir} until it is empty, then rmdir (retried while the kernel lets go). */
    static void killAndRemove(Path dir) throws IOException {
        long deadline = System.nanoTime() + REMOVE_WAIT.toNanos();
        IOException last = null;
        while (true) {
            if (!Files.isDirectory(dir)) return;
            List<Long> pids = pidsOf(dir);
            for (long pid : pids) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            if (pids.isEmpty()) {
                try {
                    Files.delete(dir); // rmdir: a cgroup folder goes with its kernel files
                    return;
                } catch (NoSuchFileException e) {
                    return;
                } catch (IOException e) {
                    last = e;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("cannot remove cgroup " + dir + (pids.isEmpty() ? "" : ": processes " + pids
                        + " still in it") + (last == null ? "" : ": " + last), last);
            }
            LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
        }
    }
}
