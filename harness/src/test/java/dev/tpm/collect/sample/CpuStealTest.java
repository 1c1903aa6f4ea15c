package dev.tpm.collect.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The steal field of /proc/stat's cpu line, on fixture files and on this machine's own. */
class CpuStealTest {
    private static Path fixture(String name) throws Exception {
        return Path.of(CpuStealTest.class.getResource("/procstat/" + name).toURI());
    }

    @Test
    void stealIsTheEighthValueOfTheAggregateCpuLine() throws Exception {
        assertEquals(3707, new CpuSteal(fixture("steal-before")).ticks());
        assertEquals(3857, new CpuSteal(fixture("steal-after")).ticks());
        // 150 ticks at USER_HZ 100 over a 10 s window on 2 cores: 1.5 s of 20 s, 7.5 %
        double s = CpuSteal.seconds(3707, 3857, 100);
        assertEquals(1.5, s, 1e-12);
        assertEquals(0.075, CpuSteal.share(s, 10, 2), 1e-12);
        assertTrue(CpuSteal.flagged(s, 10, 2, 0.05));
        assertFalse(CpuSteal.flagged(s, 10, 4, 0.05), "3.75 % of 4 cores");
        assertFalse(CpuSteal.flagged(1.0, 10, 2, 0.05), "exactly 5 % is not over 5 %");
        assertTrue(CpuSteal.flagged(1.01, 10, 2, 0.05));
        assertTrue(CpuSteal.flagged(s, 10, 4, 0.02), "3.75 % over a max_steal_share of 0.02");
    }

    @Test
    void aMissingFieldOrFileLeavesTheValueUnknown() throws Exception {
        assertEquals(-1, new CpuSteal(fixture("no-steal")).ticks());
        assertEquals(-1, new CpuSteal(Path.of("/nonexistent/stat")).ticks());
        assertTrue(Double.isNaN(CpuSteal.seconds(-1, 5, 100)));
        assertTrue(Double.isNaN(CpuSteal.seconds(10, 5, 100)), "a counter that went back");
        assertFalse(CpuSteal.flagged(Double.NaN, 10, 2, 0.05));
        assertThrows(IllegalArgumentException.class, () -> CpuSteal.parse("cpu0 1 2 3 4 5 6 7 8\n"));
    }

    @Test
    void thisMachinesProcStatIsReadAndItsStealNeverDecreases() throws Exception {
        if (!Files.isReadable(CpuSteal.PROC_STAT)) return; // not Linux
        CpuSteal real = CpuSteal.system();
        long a = real.ticks();
        assertTrue(a >= 0, "this kernel has a steal field");
        Thread.sleep(50);
        long b = real.ticks();
        double s = CpuSteal.seconds(a, b, ClockTicks.perSecond());
        assertTrue(s >= 0 && s <= 0.05 * Runtime.getRuntime().availableProcessors() + 0.02, "steal in 50 ms: " + s);
    }
}
