package dev.tpm.collect.campaign;

import dev.tpm.model.RunStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.loadgen.LoadGenHost;
import dev.tpm.model.RunColumns;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The host-saturation flag of servers.md on synthetic CPU times. */
class HostSaturationTest {
    private static final LoadGenHost REMOTE = new LoadGenHost("bench@10.0.0.2", (Path) null);

    @Test
    void aSharedHostIsOneWithoutCpusPinnedApart() {
        assertTrue(HostSaturation.of(Pinning.NONE, LoadGenHost.LOCAL, 2).shared());
        assertFalse(HostSaturation.of(Pinning.of(true, null, null, 2), LoadGenHost.LOCAL, 2).shared(), "--pin: 0 and 1");
        assertTrue(HostSaturation.of(Pinning.of(false, "1", null, 2), LoadGenHost.LOCAL, 2).shared(), "wrk unpinned");
        assertTrue(HostSaturation.of(Pinning.of(false, "1-3", "0-1", 4), LoadGenHost.LOCAL, 4).shared(), "CPU 1 overlaps");
        assertFalse(HostSaturation.of(Pinning.of(false, "2-3", "0-1", 4), LoadGenHost.LOCAL, 4).shared());
        assertFalse(HostSaturation.of(Pinning.NONE, REMOTE, 2).shared(), "wrk on another machine");
    }

    @Test
    void theShareIsServerPlusLoadGeneratorOverTheHostCores() {
        HostSaturation h = HostSaturation.of(Pinning.NONE, LoadGenHost.LOCAL, 2);
        // the rust-hyper run: wrk 1.09 cores + server 0.86 cores of 2, over 30 s
        assertEquals((25.8 + 32.7) / 60.0, h.share(25.8, 32.7, 30), 1e-12);
        assertTrue(Double.isNaN(h.share(Double.NaN, 32.7, 30)));
        assertTrue(Double.isNaN(h.share(25.8, Double.NaN, 30)));
        assertTrue(Double.isNaN(h.share(25.8, 32.7, 0)));
        assertTrue(Double.isNaN(HostSaturation.of(Pinning.NONE, REMOTE, 2).share(25.8, 32.7, 30)));
    }

    @Test
    void aRunAtOrAbove95PercentIsFlaggedInItsNoteAndKeepsItsStatus() {
        HostSaturation h = HostSaturation.of(Pinning.NONE, LoadGenHost.LOCAL, 2);
        RunVerdict ok = new RunVerdict(RunStatus.OK, null, null, false, false);
        RunVerdict f = h.flag(ok, 25.8, 32.7, 30);
        assertTrue(f.hostSaturated());
        assertTrue(f.ok());
        assertEquals("host saturated (server + load generator 98 % of 2 cores)", f.note());
        // exactly 95 % is flagged, just below is not
        assertTrue(h.flag(ok, 0.95, 0.95, 1).hostSaturated());
        assertSame(ok, h.flag(ok, 0.95, 0.9499, 1));
        RunVerdict bound = new RunVerdict(RunStatus.DISCARDED, RunVerdict.Reason.ERROR_RATE, "error rate x; load-generator bound (99 % of its CPUs)", true,
                false);
        RunVerdict both = h.flag(bound, 1, 1, 1);
        assertEquals(RunStatus.DISCARDED, both.status());
        assertTrue(both.loadGeneratorBound() && both.hostSaturated());
        assertEquals("error rate x; load-generator bound (99 % of its CPUs); host saturated (server + load generator 100 % of 2 cores)",
                both.note());
        assertSame(ok, HostSaturation.of(Pinning.of(true, null, null, 2), LoadGenHost.LOCAL, 2).flag(ok, 1, 1, 1));
    }

    @Test
    void flagsAreCountedPerStackForTheProgressLineAndTheSummary() {
        RunFlags flags = new RunFlags(0.05);
        assertEquals("", flags.progressText());
        assertEquals(List.of(), flags.summaryLines());
        flags.record("rust", new RunVerdict(RunStatus.OK, null, "n", false, true));
        flags.record("go", new RunVerdict(RunStatus.OK, null, "n", true, true));
        flags.record("go", new RunVerdict(RunStatus.OK, null, null, false, false));
        flags.record("rust", new RunVerdict(RunStatus.FAILED, RunVerdict.Reason.SERVER_EXITED, "n", false, true));
        assertEquals("; load-generator bound so far: go 1; host saturated so far: go 1, rust 2", flags.progressText());
        assertEquals(1, flags.loadGeneratorBound());
        assertEquals(3, flags.hostSaturated());
        List<String> lines = flags.summaryLines();
        assertEquals(2, lines.size());
        assertTrue(lines.get(0).startsWith("load-generator bound runs per stack: go 1 of 2 ("), lines.get(0));
        assertTrue(lines.get(1).startsWith("host saturated runs per stack: go 1 of 2, rust 2 of 2 ("), lines.get(1));
    }

    @Test
    void runsWithCpuStealOverFivePercentAreCountedPerStack() {
        RunFlags flags = new RunFlags(0.05);
        flags.record("go", new RunVerdict(RunStatus.OK, null, null, false, false));
        flags.record("go", new RunVerdict(RunStatus.OK, null, null, false, false));
        flags.recordSteal("go");
        assertEquals(1, flags.stealFlagged());
        assertEquals("; CPU steal over 5 % so far: go 1", flags.progressText());
        assertTrue(flags.summaryLines().get(0).startsWith("CPU steal over 5 % runs per stack: go 1 of 2 ("),
                flags.summaryLines().get(0));
    }

    @Test
    void theStealFlagTakesTheProtocolsMaxStealShare() {
        RunFlags flags = new RunFlags(0.02);
        flags.record("go", new RunVerdict(RunStatus.OK, null, null, false, false));
        flags.recordSteal("go");
        assertEquals("; CPU steal over 2 % so far: go 1", flags.progressText());
        assertEquals(0.02, RunFlags.flagShare(dev.tpm.model.Protocol.builder().maxStealShare(0.02).build()));
        assertEquals(0.05, RunFlags.flagShare(dev.tpm.model.Protocol.builder().build()), "the rule off: the preset default");
    }
}
