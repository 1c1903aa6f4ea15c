package dev.tpm.collect.campaign;

import dev.tpm.codec.AtomicFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Crash recovery of a campaign: the lock that keeps a second harness off the same work folder,
 * the pids (with start times) of the server and load generator that are running, so that a
 * campaign resumed after a crash stops what the crashed harness left running, and the clean-up of
 * temporary and orphan files in the campaign folder.
 */
final class CampaignLock implements AutoCloseable {
    static final String CHILDREN_FILE = "children.pid";

    private final Path workDir;
    private final PrintStream log;
    private final FileChannel channel;
    private final FileLock lock;

    private CampaignLock(Path workDir, PrintStream log, FileChannel channel, FileLock lock) {
        this.workDir = workDir;
        this.log = log;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock of {@code workDir} and stops what an interrupted campaign left running. */
    static CampaignLock acquire(Path workDir, String campaign, PrintStream log) throws IOException {
        Files.createDirectories(workDir);
        Path file = workDir.resolve("lock");
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock l = ch.tryLock();
        if (l == null) {
            ch.close();
            throw new IOException(file + ": another collect process is running campaign " + campaign);
        }
        CampaignLock c = new CampaignLock(workDir, log, ch, l);
        c.killLeftovers();
        return c;
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }

    /** Pid and start time of the server root (and of the load generator). */
    void recordChildren(List<Long> serverPids, ProcessHandle loadGenerator) {
        StringBuilder text = new StringBuilder();
        if (!serverPids.isEmpty()) text.append(pidLine(ProcessHandle.of(serverPids.get(0)).orElse(null)));
        text.append(pidLine(loadGenerator));
        try {
            AtomicFile.write(workDir.resolve(CHILDREN_FILE), text.toString());
        } catch (IOException e) {
            log.println("collect: cannot record child pids: " + e.getMessage());
        }
    }

    void clearChildren() throws IOException {
        Files.deleteIfExists(workDir.resolve(CHILDREN_FILE));
    }

    private static String pidLine(ProcessHandle h) {
        if (h == null) return "";
        return h.pid() + " " + h.info().startInstant().map(Instant::toString).orElse("?") + "\n";
    }

    private void killLeftovers() throws IOException {
        Path f = workDir.resolve(CHILDREN_FILE);
        if (!Files.exists(f)) return;
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            String[] parts = line.trim().split(" ");
            if (parts.length < 2 || !parts[0].matches("\\d+")) continue;
            long pid = Long.parseLong(parts[0]);
            ProcessHandle.of(pid).ifPresent(h -> {
                String actual = h.info().startInstant().map(Instant::toString).orElse("?");
                if (!actual.equals(parts[1])) return; // the pid now belongs to another process
                log.println("collect: stopping process " + pid + " left running by an interrupted campaign");
                h.descendants().forEach(ProcessHandle::destroyForcibly);
                h.destroyForcibly();
                h.onExit().orTimeout(10, TimeUnit.SECONDS).exceptionally(e -> null).join();
            });
        }
        Files.delete(f);
    }

    /** Temporary files of an atomic write that an interruption left in the campaign folder. */
    static void removeTemporaryFiles(Path dir) throws IOException {
        try (var s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                String n = p.getFileName().toString();
                if (n.startsWith(".") && n.endsWith(".tmp")) Files.delete(p);
            }
        }
    }

    /** loadgen files whose row never reached the CSV (written just before an interruption). */
    static void removeOrphanLoadgen(Path loadgenDir, long maxSeq) throws IOException {
        if (!Files.isDirectory(loadgenDir)) return;
        try (var s = Files.list(loadgenDir)) {
            for (Path p : s.toList()) {
                String n = p.getFileName().toString();
                if (n.matches("\\d+\\.(txt|json)") && Long.parseLong(n.substring(0, n.indexOf('.'))) > maxSeq) Files.delete(p);
            }
        }
    }
}
