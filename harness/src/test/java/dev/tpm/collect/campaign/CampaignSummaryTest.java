package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.model.RunStatus;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The end summary is a pure function of the counts of the runs this process made. */
class CampaignSummaryTest {
    private static RunTally tally(double flagShare) {
        RunTally t = new RunTally(flagShare);
        t.k = 3;
        t.ok = 2;
        t.failed = 1;
        t.flags.record("go", new RunVerdict(RunStatus.OK, null, null, false, false));
        t.flags.record("go", new RunVerdict(RunStatus.OK, null, null, false, false));
        t.flags.recordSteal("go");
        t.gaveUp.add("phase 1 go get_item c=8");
        return t;
    }

    @Test
    void theSummaryCountsTheRunsAndNamesTheGroupsThatGaveUp() {
        List<String> lines = CampaignSummary.lines(Path.of("data/raw/c"), tally(0.05), null, 0.05, 4, Path.of("data/SHA256SUMS"));
        assertEquals(List.of(
                "data/raw/c: 3 runs (2 ok, 0 discarded, 1 failed, 0 load-generator bound, 0 host saturated, 1 with CPU steal"
                        + " over 5 %); 4 files added to data/SHA256SUMS",
                "CPU steal over 5 % runs per stack: go 1 of 2 (the hypervisor gave more than 5 % of the device's CPU time to"
                        + " other guests during the window: every stack measured then was slowed by its neighbours)",
                "phase 1 go get_item c=8: did not reach its measured runs"), lines);
    }

    @Test
    void theQuietGatesLineOnlyWhileTheGateIsOn() {
        RunTally t = tally(0.02);
        t.quietWaitS = 12.5;
        t.quietWaitMaxS = 10;
        t.quietWaited = 2;
        List<String> lines = CampaignSummary.lines(Path.of("d"), t, 0.02, 0.02, 0, Path.of("S"));
        assertEquals("quiet gate: waited 12.5 s in all before 2 of 3 runs (longest 10.0 s); 0 runs went ahead after the"
                + " longest wait; 0 runs discarded for steal above max_steal_share 0.02", lines.get(2));
        CampaignSummary s = CampaignSummary.of(Path.of("d"), t, List.of());
        assertEquals(3, s.runsExecuted());
        assertEquals(1, s.stealFlagged());
        assertEquals(List.of("phase 1 go get_item c=8"), s.gaveUp());
    }
}
