package dev.tpm.collect.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TreeSamplerTest {
    @Test
    void samplesTheWholeTreeAtTheInterval() throws Exception {
        Process sh = new ProcessBuilder("sh", "-c", "sleep 30 & sleep 30 & wait").start();
        try {
            ProcMemoryTest.waitForTree(sh.toHandle(), 3);
            TreeSampler sampler = new TreeSampler(() -> TreeSampler.treeOf(sh.toHandle()), 50, PowerSource.NO_POWER, null);
            sampler.start();
            Thread.sleep(700);
            List<TreeSampler.Sample> samples = sampler.stop();
            assertTrue(samples.size() >= 8, "about 14 samples in 700 ms at 50 ms, got " + samples.size());
            long peak = 0;
            for (int i = 0; i < samples.size(); i++) {
                TreeSampler.Sample s = samples.get(i);
                assertEquals(3, s.processes(), "sample " + i + " counts the shell and both sleeps");
                assertTrue(s.rssKib() > 0 && s.pssKib() > 0);
                assertEquals(-1, s.throttled());
                if (i > 0) {
                    long gapMs = TimeUnit.NANOSECONDS.toMillis(s.nanos() - samples.get(i - 1).nanos());
                    assertTrue(gapMs >= 25, "no catch-up bursts: gap " + gapMs + " ms");
                }
                peak = Math.max(peak, s.rssKib());
            }
            assertEquals(peak, TreeSampler.peakRssKib(samples));
            assertEquals(-1, TreeSampler.throttledBits(samples));
        } finally {
            sh.descendants().forEach(ProcessHandle::destroyForcibly);
            sh.destroyForcibly();
            sh.waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void peakIsTheLargestTreeSumNotASumOfPerProcessPeaks() {
        var none = PowerSource.PowerReading.missing(0);
        // two processes whose own peaks (100 and 80) come at different samples: the tree never held 180
        List<TreeSampler.Sample> s = List.of(
                new TreeSampler.Sample(0, 100 + 20, 90, 2, none, 0, 0),
                new TreeSampler.Sample(1, 30 + 80, 70, 2, none, 4, 0),
                new TreeSampler.Sample(2, 0, 0, 0, none, 0, 0));
        assertEquals(120, TreeSampler.peakRssKib(s));
        assertEquals(90, TreeSampler.peakPssKib(s));
        assertEquals(4, TreeSampler.throttledBits(s));
        List<TreeSampler.Sample> noPss = List.of(new TreeSampler.Sample(0, 10, -1, 1, none, -1, 0));
        assertEquals(-1, TreeSampler.peakPssKib(noPss));
    }
}
