package dev.tpm.analysis;

import dev.tpm.model.RunStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RunFilterTest {
    private static RunRow row(boolean warmup, RunStatus status, double errors, String throttled) {
        return new RunRow("c", "d", 1, 7, "s", "get_item", 30, warmup, status, throttled, 1000, errors,
                100, 1, 2, 3, 4096, 8192, Double.NaN, Double.NaN, dev.tpm.model.Campaign.PAPER, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    @Test
    void reasonsApplyInTheStatedOrder() {
        assertNull(RunFilter.exclusionReason(row(false, RunStatus.OK, 10, "0x0"), 0.01, Double.NaN)); // 10/1000 = 0.01: at most
        assertEquals("warmup", RunFilter.exclusionReason(row(true, RunStatus.DISCARDED, 500, "0x1"), 0.01, Double.NaN));
        assertEquals("failed", RunFilter.exclusionReason(row(false, RunStatus.FAILED, 500, "0x1"), 0.01, Double.NaN));
        assertEquals("discarded", RunFilter.exclusionReason(row(false, RunStatus.DISCARDED, 500, "0x1"), 0.01, Double.NaN));
        assertEquals("error_rate", RunFilter.exclusionReason(row(false, RunStatus.OK, 11, "0x1"), 0.01, Double.NaN));
        assertEquals("throttled", RunFilter.exclusionReason(row(false, RunStatus.OK, 0, "0x50005"), 0.01, Double.NaN));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunFilter.exclusionReason(row(false, null, 0, ""), 0.01, Double.NaN));
        // a status outside the enum never gets here: ingest refuses it with its file and line
        assertTrue(e.getMessage().contains("seq 7") && e.getMessage().contains("found ''"), e.getMessage());
    }

    /** A run of 10 s on a 2-core device with steal_s (NaN = not recorded), otherwise measured unless errors say so. */
    private static RunRow stolen(double stealS, double errors, Integer cores) {
        return new RunRow("c", "d", 1, 7, "s", "get_item", 30, false, RunStatus.OK, "0x0", 1000, errors, 100, 1, 2, 3, 4096, 8192,
                Double.NaN, Double.NaN, "paper", 10, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, stealS,
                RunRow.stealShare(stealS, 10, cores));
    }

    @Test
    void stealIsTheLastReasonAndNeedsARecordedShare() {
        // share = steal_s / (duration_s x cores): 1.2 / (10 x 2) = 0.06 > 0.05; 1.0 / 20 = 0.05 is at most
        assertEquals("steal", RunFilter.exclusionReason(stolen(1.2, 0, 2), 0.01, 0.05));
        assertNull(RunFilter.exclusionReason(stolen(1.0, 0, 2), 0.01, 0.05));
        assertEquals("error_rate", RunFilter.exclusionReason(stolen(1.2, 500, 2), 0.01, 0.05)); // the first reason wins
        assertNull(RunFilter.exclusionReason(stolen(Double.NaN, 0, 2), 0.01, 0.0)); // no steal_s: never excluded for steal
        assertNull(RunFilter.exclusionReason(stolen(1.2, 0, null), 0.01, 0.05)); // no device.cores: no share
        assertNull(RunFilter.exclusionReason(stolen(9.0, 0, 2), 0.01, Double.NaN)); // max_steal_share null: the rule is off
        assertEquals(0.06, RunRow.stealShare(1.2, 10, 2), 1e-15);
        assertTrue(Double.isNaN(RunRow.stealShare(1.2, 0, 2)));
        dev.tpm.model.AnalysisConfig cfg = dev.tpm.model.AnalysisConfig.defaults().with(b -> b.bootstrapResamples(100).rngSeed(1L));
        assertEquals(0.02, RunRules.of(cfg).maxStealShare(), 0.0); // the default (version 6; 0.05 in version 5)
        assertTrue(Double.isNaN(RunRules.of(cfg.with(b -> b.minUnitsCi(3).maxStealShare(null))).maxStealShare())); // null: off
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
        RunRow r = new RunRow("c", "d", 1, 1, "s", "get_item", 30, false, RunStatus.OK, "", 20000, 0,
                2000, 1, 2, 30, 4096, 8192, 7.0, 3.5, dev.tpm.model.Campaign.PAPER, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        assertEquals(4.0, r.metric("idle_rss_mib"));
        assertEquals(8.0, r.metric("peak_rss_mib"));
        assertEquals(250.0, r.metric("rps_per_mib")); // rps / (peak KiB / 1024)
        assertEquals(0.35, r.metric("energy_mj_per_req"), 1e-15); // 7 J * 1000 / 20000 requests
        assertEquals(3.5, r.metric("mean_power_w"));
        assertTrue(Double.isNaN(row(false, RunStatus.OK, 0, "").metric("energy_mj_per_req")));
    }
}
