package dev.tpm.collect.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProcMemoryTest {
    @Test
    void parsesRealStatusAndRollup() {
        assertEquals(1816, ProcMemory.statusRssKib(Fixtures.text("proc/status-sleep.txt")));
        assertEquals(1816, ProcMemory.rollupRssKib(Fixtures.text("proc/smaps_rollup-sleep.txt")));
        assertEquals(-1, ProcMemory.rollupRssKib(""), "a zombie's smaps_rollup is empty");
        assertEquals(283, ProcMemory.smapsRollupPssKib(Fixtures.text("proc/smaps_rollup-sleep.txt")),
                "Pss, not SwapPss or Pss_Dirty");
        assertEquals(-1, ProcMemory.statusRssKib("Name:\tkworker\nState:\tI (idle)\n"), "no VmRSS: a kernel thread or zombie");
    }

    @Test
    void cpuTicksOfAStatLine() {
        assertEquals(0, ProcCpu.statTicks(Fixtures.text("proc/stat-sleep.txt")));
        // comm may contain spaces and parentheses; fields 14-17 follow the last ')'
        String stat = "42 (a) (b c)) S 1 42 42 0 -1 4194304 10 0 0 0 700 50 3 2 20 0 1 0 100 0 0";
        assertEquals(755, ProcCpu.statTicks(stat));
        assertEquals(1.5, ProcCpu.seconds(java.util.Map.of(1L, 100L, 2L, 50L),
                java.util.Map.of(1L, 200L, 3L, 50L), 100), 1e-12, "pid 2 exited; pid 3 is new");
    }

    /** Two sleeps under one shell: the tree has three processes and its RSS and PSS are sums of smaps_rollup. */
    @Test
    void sumsEveryProcessOfARealTree() throws Exception {
        Process sh = new ProcessBuilder("sh", "-c", "sleep 30 & sleep 30 & wait").start();
        try {
            List<Long> pids = waitForTree(sh.toHandle(), 3);
            ProcMemory.TreeMemory tree = ProcMemory.tree(pids);
            assertEquals(3, tree.processes());
            long sum = 0;
            long pssSum = 0;
            for (long pid : pids) {
                sum += ProcMemory.rollupRssKib(Files.readString(Path.of("/proc", Long.toString(pid), "smaps_rollup")));
                pssSum += ProcMemory.smapsRollupPssKib(Files.readString(Path.of("/proc", Long.toString(pid), "smaps_rollup")));
            }
            assertEquals(sum, tree.rssKib(), "sleeping processes do not change their RSS");
            assertEquals(pssSum, tree.pssKib());
            assertTrue(tree.hasPss());
            assertTrue(tree.pssKib() < tree.rssKib(), "the sleeps share libc pages: PSS splits them, RSS counts them thrice");

            List<Long> withGone = new ArrayList<>(pids);
            withGone.add(Long.MAX_VALUE / 2); // no such process: skipped
            assertEquals(3, ProcMemory.tree(withGone).processes());
            assertEquals(tree.rssKib(), ProcMemory.tree(withGone).rssKib());
        } finally {
            sh.descendants().forEach(ProcessHandle::destroyForcibly);
            sh.destroyForcibly();
            sh.waitFor(5, TimeUnit.SECONDS);
        }
    }

    static List<Long> waitForTree(ProcessHandle root, int processes) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            List<Long> pids = TreeSampler.treeOf(root);
            boolean execd = root.descendants().allMatch(p -> p.info().command().map(c -> c.endsWith("sleep")).orElse(false));
            if (pids.size() == processes && execd) return pids;
            Thread.sleep(20);
        }
        throw new AssertionError("the tree of " + root.pid() + " never had " + processes + " processes");
    }
}
