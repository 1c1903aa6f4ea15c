package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.sample.ClockTicks;
import dev.tpm.collect.sample.CpuSteal;
import dev.tpm.model.Protocol;
import dev.tpm.model.RunStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Version 5's quiet gate and steal rule: the decision and the rule as pure functions, the gate's
 * loop against a /proc/stat this test writes (each "window" advances its steal counter by what
 * the test says the hypervisor took), and once against this machine's own /proc/stat.
 */
class QuietGateTest {
    private static final Protocol.Quiet QUIET = new Protocol.Quiet(2.0, 10.0);

    @Test
    void theDecisionGoesWhenQuietWaitsWhileTimeIsLeftAndGoesAfterTheLongestWait() {
        assertEquals(QuietGate.Decision.GO, QuietGate.decide(0.0, 0, 0.05, 2, 300));
        assertEquals(QuietGate.Decision.GO, QuietGate.decide(0.05, 0, 0.05, 2, 300), "at the threshold is quiet");
        assertEquals(QuietGate.Decision.WAIT, QuietGate.decide(0.0501, 0, 0.05, 2, 300));
        assertEquals(QuietGate.Decision.WAIT, QuietGate.decide(0.5, 298, 0.05, 2, 300), "the last window that fits");
        assertEquals(QuietGate.Decision.GO_AFTER_LONGEST_WAIT, QuietGate.decide(0.5, 300, 0.05, 2, 300));
        assertEquals(QuietGate.Decision.GO_AFTER_LONGEST_WAIT, QuietGate.decide(0.5, 299, 0.05, 2, 300), "a window would pass it");
        assertEquals(QuietGate.Decision.GO, QuietGate.decide(Double.NaN, 0, 0.05, 2, 300), "no steal counter: never waits");
        assertEquals(QuietGate.Decision.WAIT, QuietGate.decide(0.001, 0, 0.0, 2, 300), "max_steal_share 0: any steal waits");
    }

    /** A /proc/stat of two CPUs whose steal field the test sets. */
    private static void writeStat(Path f, long stealTicks) {
        try {
            Files.writeString(f, "cpu  4705 356 584 3699 23 23 0 " + stealTicks + " 0 0\n"
                    + "cpu0 1393 280 293 1809 11 5 0 " + stealTicks / 2 + " 0 0\n"
                    + "cpu1 3312 76 291 1890 12 18 0 " + (stealTicks - stealTicks / 2) + " 0 0\nintr 1\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A gate over two cores at 100 ticks a second whose windows steal, one after the other, the
     * given shares of the window's CPU time (2 s x 2 cores = 400 ticks); the sleeper writes them.
     */
    private static QuietGate gate(Path stat, double maxShare, double... shares) {
        writeStat(stat, 1000);
        AtomicLong ticks = new AtomicLong(1000);
        int[] window = {0};
        QuietGate.Sleeper sleeper = s -> {
            double share = window[0] < shares.length ? shares[window[0]] : 0;
            window[0]++;
            writeStat(stat, ticks.addAndGet(Math.round(share * s * 2 * 100)));
        };
        return new QuietGate(maxShare, QUIET, new CpuSteal(stat), 2, java.util.List.of(), 100, sleeper);
    }

    @Test
    void theGateWaitsOneWindowAtATimeWhileStealIsAboveTheShare(@TempDir Path dir) throws InterruptedException {
        Path stat = dir.resolve("stat");
        List<String> said = new ArrayList<>();
        QuietGate.Wait quiet = gate(stat, 0.05, 0.0).await(said::add);
        assertEquals(0.0, quiet.waitedS(), "a quiet first window is the check, not a wait");
        assertEquals(1, quiet.windows());
        assertTrue(said.isEmpty());
        QuietGate.Wait noisy = gate(stat, 0.05, 0.20, 0.10, 0.04).await(said::add);
        assertEquals(4.0, noisy.waitedS(), "two noisy windows, then a quiet one: two windows waited");
        assertEquals(3, noisy.windows());
        assertEquals(0.04, noisy.lastShare(), 1e-9);
        assertFalse(noisy.wentAheadNoisy());
        assertEquals(2, said.size());
        assertEquals("waiting for quiet CPUs: steal 20.0 % of 2 cores' time over the last 2 s, above max_steal_share 0.05;"
                + " waited 0 s of at most 10 s", said.get(0));
        assertTrue(said.get(1).endsWith("waited 2 s of at most 10 s"), said.get(1));
    }

    @Test
    void afterTheLongestWaitTheRunGoesAheadAndSaysSo(@TempDir Path dir) throws InterruptedException {
        List<String> said = new ArrayList<>();
        QuietGate.Wait w = gate(dir.resolve("stat"), 0.05, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3).await(said::add);
        assertEquals(10.0, w.waitedS(), "max_wait_s: five windows of 2 s");
        assertEquals(6, w.windows());
        assertTrue(w.wentAheadNoisy());
        assertTrue(said.get(said.size() - 1).startsWith("CPUs still not quiet after the longest wait (10 s): steal 30.0 %"),
                said.get(said.size() - 1));
    }

    @Test
    void withoutAStealFieldOrWithTheGateOffNothingWaits(@TempDir Path dir) throws IOException, InterruptedException {
        Path stat = dir.resolve("stat");
        Files.writeString(stat, "cpu  4705 356 584 3699 23 23 0\n");
        int[] sleeps = {0};
        QuietGate old = new QuietGate(0.05, QUIET, new CpuSteal(stat), 2, java.util.List.of(), 100, s -> sleeps[0]++);
        assertEquals(new QuietGate.Wait(0, 0, Double.NaN, false), old.await(s -> {}));
        assertEquals(0, sleeps[0], "a kernel without the steal field: no window read");
        assertFalse(QuietGate.OFF.on());
        assertEquals(0.0, QuietGate.OFF.await(s -> {}).waitedS());
    }

    @Test
    void onThisMachinesProcStatTheGateReadsAWindowAndDecides() throws InterruptedException {
        // the real /proc/stat (a kernel since 2.6.11 has the steal field); a max of 1 never waits
        CpuSteal real = CpuSteal.system();
        long before = real.ticks();
        assertTrue(before >= 0, "this machine's /proc/stat has a steal field");
        QuietGate g = new QuietGate(1.0, new Protocol.Quiet(0.2, 1.0), real, Runtime.getRuntime().availableProcessors(), java.util.List.of(),
                ClockTicks.perSecond(), CampaignSetup::sleepSeconds);
        long t0 = System.nanoTime();
        QuietGate.Wait w = g.await(s -> {});
        assertEquals(0.0, w.waitedS());
        assertEquals(1, w.windows());
        assertTrue(w.lastShare() >= 0 && w.lastShare() <= 1, "a share of the window's CPU time: " + w.lastShare());
        assertTrue(System.nanoTime() - t0 >= 150_000_000L, "it slept its window");
        assertTrue(real.ticks() >= before, "the counter does not go back");
    }

    @Test
    void theStealRuleDiscardsAnOkRunAboveTheShareAndLeavesOthersAsTheyWere() {
        RunVerdict ok = new RunVerdict(RunStatus.OK, null, null, false, false);
        // 2 cores, 10 s: 20 CPU-seconds; 1.2 s of steal is a share of 0.06
        double share = CpuSteal.share(1.2, 10, 2);
        assertEquals(0.06, share, 1e-12);
        RunVerdict v = RunVerdict.stealRule(ok, share, 0.05, 2, 1.2);
        assertEquals(RunStatus.DISCARDED, v.status());
        assertTrue(v.stealDiscarded());
        assertEquals("steal 0.0600 of 2 cores' time (1.20 s) above max_steal_share 0.05", v.note());
        assertEquals(ok, RunVerdict.stealRule(ok, 0.05, 0.05, 2, 1.0), "at the share: kept");
        assertEquals(ok, RunVerdict.stealRule(ok, 0.5, null, 2, 10), "the rule off");
        assertEquals(ok, RunVerdict.stealRule(ok, Double.NaN, 0.05, 2, Double.NaN), "no steal counter");
        RunVerdict bound = new RunVerdict(RunStatus.OK, null, "load-generator bound (97 % of its CPUs)", true, false);
        RunVerdict b = RunVerdict.stealRule(bound, 0.2, 0.05, 2, 4);
        assertEquals(RunStatus.DISCARDED, b.status());
        assertTrue(b.note().startsWith("steal 0.2000") && b.note().endsWith("; load-generator bound (97 % of its CPUs)"), b.note());
        assertTrue(b.loadGeneratorBound());
        RunVerdict failed = RunVerdict.failed("server exited");
        assertEquals(failed, RunVerdict.stealRule(failed, 0.5, 0.05, 2, 10), "a failed run keeps its first reason");
        // the rule is analysis.md section 1's: steal_s / (duration_s x cores) > max_steal_share
        assertFalse(RunVerdict.stealRule(ok, CpuSteal.share(1.0, 10, 2), 0.05, 2, 1.0).stealDiscarded());
        assertTrue(RunVerdict.stealRule(ok, CpuSteal.share(1.01, 10, 2), 0.05, 2, 1.01).stealDiscarded());
    }
}
