package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.sample.CpuSteal;
import dev.tpm.model.Protocol;
import dev.tpm.model.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Version 6's steal per CPU, against a controlled /proc/stat: the {@code cpuN} lines of the server's
 * and the load generator's pinned CPUs, and the quiet gate and the steal rule on the largest share.
 */
class PerCpuStealTest {
    /** Two vCPUs at 100 ticks a second: the load generator on cpu0, the server on cpu1. */
    private static final List<Set<Integer>> GROUPS = Arrays.asList(Set.of(1), Set.of(0));

    private static String stat(long cpu0Steal, long cpu1Steal) {
        return "cpu  4705 356 584 3699 23 23 0 " + (cpu0Steal + cpu1Steal) + " 0 0\n"
                + "cpu0 1393 280 293 1809 11 5 0 " + cpu0Steal + " 0 0\n"
                + "cpu1 3312 76 291 1890 12 18 0 " + cpu1Steal + " 0 0\nintr 1\n";
    }

    @Test
    void theStealOfSomeCpusIsTheSumOfTheirLines(@TempDir Path dir) throws IOException {
        assertEquals(1830, CpuSteal.parse(stat(1876, 1830), Set.of(1)));
        assertEquals(3706, CpuSteal.parse(stat(1876, 1830), Set.of(0, 1)));
        assertThrows(IllegalArgumentException.class, () -> CpuSteal.parse(stat(1, 2), Set.of(2)), "no cpu2 line");
        assertEquals(-1, CpuSteal.parse("cpu 1 2 3 4 5 6 7\ncpu0 1 2 3 4 5 6 7\n", Set.of(0)), "a kernel without the field");
        Path f = dir.resolve("stat");
        Files.writeString(f, stat(100, 250));
        long[] t = new CpuSteal(f).ticks(GROUPS);
        assertEquals(List.of(350L, 250L, 100L), Arrays.stream(t).boxed().toList(), "the device's, the server's, the load generator's");
        assertEquals(List.of(-1L, -1L, -1L), Arrays.stream(new CpuSteal(dir.resolve("none")).ticks(GROUPS)).boxed().toList());
    }

    @Test
    void theLargestShareIsTheServersWhenItsOneCpuLosesTheMost() {
        // 10 s window: the server's CPU lost 1 s (10 %), the device 1.2 s of 20 s (6 %), the load generator's 0.2 s (2 %)
        StealShares s = StealShares.of(10, 2, GROUPS, new double[] {1.2, 1.0, 0.2});
        assertEquals(0.10, s.largest(), 1e-12);
        assertEquals("the server's CPU 1'", s.whose());
        assertEquals("steal 10.0 % of the server's CPU 1' time", s.text());
        StealShares device = StealShares.of(10, 2, Arrays.asList(null, null), new double[] {1.2, Double.NaN, Double.NaN});
        assertEquals(0.06, device.largest(), 1e-12);
        assertEquals("2 cores'", device.whose());
        assertTrue(Double.isNaN(StealShares.of(10, 2, GROUPS, new double[] {Double.NaN, Double.NaN, Double.NaN}).largest()));
    }

    @Test
    void theStealRuleDiscardsOnTheServersShareThatTheDevicesHides() {
        RunVerdict ok = new RunVerdict(RunStatus.OK, null, null, false, false);
        StealShares s = StealShares.of(10, 2, GROUPS, new double[] {0.3, 0.3, 0.0});
        assertFalse(RunVerdict.stealRule(ok, 0.3 / 20, 0.02, 2, 0.3).stealDiscarded(), "1.5 % of the device: under 0.02");
        RunVerdict v = RunVerdict.stealRule(ok, s, 0.02);
        assertTrue(v.stealDiscarded(), "3 % of the server's CPU: over 0.02");
        assertEquals("steal 0.0300 of the server's CPU 1' time above max_steal_share 0.02", v.note());
    }

    @Test
    void theQuietGateWaitsOnTheServersCpu(@TempDir Path dir) throws IOException, InterruptedException {
        Path f = dir.resolve("stat");
        Files.writeString(f, stat(0, 0));
        long[] server = {0};
        int[] windows = {0};
        // the first window: the server's CPU loses 0.1 s of 2 s (5 %), the device's share 2.5 %; then quiet
        QuietGate.Sleeper sleeper = s -> {
            server[0] += windows[0]++ == 0 ? 10 : 0;
            try {
                Files.writeString(f, stat(0, server[0]));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        QuietGate g = new QuietGate(0.03, new Protocol.Quiet(2.0, 10.0), new CpuSteal(f), 2, GROUPS, 100, sleeper);
        List<String> said = new ArrayList<>();
        QuietGate.Wait w = g.await(said::add);
        assertEquals(2.0, w.waitedS(), "one noisy window on the server's CPU, then a quiet one");
        assertEquals(List.of("waiting for quiet CPUs: steal 5.0 % of the server's CPU 1' time over the last 2 s, above"
                + " max_steal_share 0.03; waited 0 s of at most 10 s"), said);
    }
}
