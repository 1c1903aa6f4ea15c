package dev.tpm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RunFilterTest {
    private static RunRow row(boolean warmup, String status, double errors, String throttled) {
        return new RunRow("c", "d", 1, 7, "s", "get_item", 30, warmup, status, throttled, 1000, errors,
                100, 1, 2, 3, 4096, 8192, Double.NaN, Double.NaN);
    }

    @Test
    void reasonsApplyInTheStatedOrder() {
        assertNull(RunFilter.exclusionReason(row(false, "ok", 10, "0x0"), 0.01)); // 10/1000 = 0.01: at most
        assertEquals("warmup", RunFilter.exclusionReason(row(true, "discarded", 500, "0x1"), 0.01));
        assertEquals("failed", RunFilter.exclusionReason(row(false, "failed", 500, "0x1"), 0.01));
        assertEquals("discarded", RunFilter.exclusionReason(row(false, "discarded", 500, "0x1"), 0.01));
        assertEquals("error_rate", RunFilter.exclusionReason(row(false, "ok", 11, "0x1"), 0.01));
        assertEquals("throttled", RunFilter.exclusionReason(row(false, "ok", 0, "0x50005"), 0.01));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunFilter.exclusionReason(row(false, "weird", 0, ""), 0.01));
        assertTrue(e.getMessage().contains("seq 7") && e.getMessage().contains("weird"), e.getMessage());
    }

    @Test
    void throttledFlagsAreHexText() {
        assertFalse(RunFilter.throttled(""));
        assertFalse(RunFilter.throttled("0x0"));
        assertFalse(RunFilter.throttled("0"));
        assertFalse(RunFilter.throttled("0x00000"));
        assertTrue(RunFilter.throttled("0x4"));
        assertTrue(RunFilter.throttled("0xe0000"));
        assertTrue(RunFilter.throttled("garbage")); // unreadable flags are no evidence of a clean run
    }

    @Test
    void derivedMetricsFollowAnalysisMd() {
        RunRow r = new RunRow("c", "d", 1, 1, "s", "get_item", 30, false, "ok", "", 20000, 0,
                2000, 1, 2, 30, 4096, 8192, 7.0, 3.5);
        assertEquals(4.0, r.metric("idle_rss_mib"));
        assertEquals(8.0, r.metric("peak_rss_mib"));
        assertEquals(250.0, r.metric("rps_per_mib")); // rps / (peak KiB / 1024)
        assertEquals(0.35, r.metric("energy_mj_per_req"), 1e-15); // 7 J * 1000 / 20000 requests
        assertEquals(3.5, r.metric("mean_power_w"));
        assertTrue(Double.isNaN(row(false, "ok", 0, "").metric("energy_mj_per_req")));
    }
}
