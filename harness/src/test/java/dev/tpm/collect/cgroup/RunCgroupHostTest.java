package dev.tpm.collect.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.sample.ProcMemory;
import dev.tpm.testing.ExternalTool;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cgroups of this host for real (root with the v1 memory controller, or v2 with memory
 * delegated): the wrapper puts a process tree in its cgroup from the start, the cgroup's peak
 * catches a burst the 130 ms RSS sampler misses, and no cgroup survives a run whatever happened.
 * Fails under CI (which runs as root on a host with the memory controller), skips elsewhere.
 */
class RunCgroupHostTest {
    /** The sampler's default interval (servers.md, sample_interval_ms). */
    private static final long INTERVAL_MS = 130;
    private static final int BURST_MIB = 64;

    @TempDir
    Path tmp;
    private Cgroups cgroups;

    @BeforeEach
    void host() {
        cgroups = Cgroups.detect(tmp);
        ExternalTool.requireThat(!cgroups.mode().equals(Cgroups.NONE),
                "no cgroup hierarchy with the memory controller the harness may create a cgroup in (run as root)");
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }

    private static List<Long> tree(Process p) {
        List<Long> out = new ArrayList<>();
        out.add(p.pid());
        p.descendants().forEach(h -> out.add(h.pid()));
        return out;
    }

    @Test
    void theCgroupPeakCatchesABurstBetweenTwoSamples() throws Exception {
        RunCgroup g = cgroups.create(Cgroups.name("test", "burst-" + ProcessHandle.current().pid()));
        Path dir = g.dir();
        // on each line read, a child (dd) fills and frees a BURST_MIB buffer: tens of milliseconds
        String burster = "while read n; do dd if=/dev/zero of=/dev/null bs=${n}M count=1 2>/dev/null; echo freed; done";
        Process p = new ProcessBuilder(concat(g.wrapper(), List.of("sh", "-c", burster))).redirectErrorStream(true).start();
        try (g; Writer in = new java.io.OutputStreamWriter(p.getOutputStream(), StandardCharsets.US_ASCII);
                BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!g.pids().contains(p.pid()) && System.nanoTime() < until) Thread.sleep(5);
            assertEquals(List.of(p.pid()), g.pids(), "the wrapper's shell moved itself in and became the program");
            g.resetPeak();
            List<Long> samples = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                long t0 = System.nanoTime();
                samples.add(ProcMemory.tree(tree(p)).rssKib());
                in.write(BURST_MIB + "\n");
                in.flush();
                assertEquals("freed", out.readLine());
                long left = INTERVAL_MS - (System.nanoTime() - t0) / 1_000_000;
                if (left > 0) Thread.sleep(left);
            }
            samples.add(ProcMemory.tree(tree(p)).rssKib());
            long peak = g.peakKib();
            long sampled = samples.stream().mapToLong(Long::longValue).max().orElseThrow();
            assertTrue(sampled < BURST_MIB * 1024 / 4, "every RSS sample missed the burst: " + samples + " KiB");
            assertTrue(peak >= BURST_MIB * 1024L, "the cgroup (" + cgroups.mode() + ") peak " + peak
                    + " KiB holds the " + BURST_MIB + " MiB burst of the child; the samples: " + samples + " KiB");
            in.close();
            assertTrue(p.waitFor(10, TimeUnit.SECONDS));
        } finally {
            p.destroyForcibly();
        }
        assertFalse(Files.exists(dir), "removed on close");
        assertFalse(Files.exists(tmp.resolve(Cgroups.STATE_FILE)));
    }

    @Test
    void closeKillsWhatEscapedTheTreeAndRemovesTheCgroup() throws Exception {
        RunCgroup g = cgroups.create(Cgroups.name("test", "escape-" + ProcessHandle.current().pid()));
        Path dir = g.dir();
        // the child double-forks: its sleep is re-parented to init, out of any process tree walk
        Process p = new ProcessBuilder(concat(g.wrapper(), List.of("sh", "-c", "(sleep 600 &) ; exit 3"))).start();
        assertEquals(3, p.waitFor());
        List<Long> left = g.pids();
        assertEquals(1, left.size(), "the detached sleep is still in the cgroup: " + left);
        ProcessHandle sleep = ProcessHandle.of(left.get(0)).orElseThrow();
        assertFalse(sleep.parent().map(h -> h.pid() == p.pid()).orElse(false));
        g.close();
        assertFalse(Files.exists(dir));
        sleep.onExit().get(5, TimeUnit.SECONDS);
        assertFalse(sleep.isAlive());
    }

    @Test
    void aResumedHarnessRemovesWhatAKilledOneLeft() throws Exception {
        String campaign = "test-resume-" + ProcessHandle.current().pid();
        RunCgroup g = cgroups.create(Cgroups.name(campaign, "12"));
        Path dir = g.dir();
        Process p = new ProcessBuilder(concat(g.wrapper(), List.of("sleep", "600"))).start();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (g.pids().isEmpty() && System.nanoTime() < until) Thread.sleep(5);
        // the harness "dies" here: g is never closed; a new harness detects again and cleans up
        Cgroups later = Cgroups.detect(tmp);
        List<String> log = new ArrayList<>();
        assertEquals(1, later.removeStale(campaign, log::add));
        assertFalse(Files.exists(dir));
        assertTrue(p.waitFor(5, TimeUnit.SECONDS), "its process was killed");
        assertTrue(log.get(0).contains(dir.toString()) && log.get(0).contains(Long.toString(p.pid())), log.toString());
        assertEquals(0, later.removeStale(campaign, log::add));
    }
}
