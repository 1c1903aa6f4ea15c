package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** When a probe is due, from the run just made and the run queued next alone. */
class ProbeScheduleTest {
    private static PlannedRun run(int round) {
        return new PlannedRun(1, "go", "get_item", 30, 1, false, 10, Double.NaN, round);
    }

    @Test
    void inRoundsAProbeFollowsEveryCompletedRound() {
        assertFalse(ProbeSchedule.dueAfter(run(1), run(1), 1, 25), "the round goes on");
        assertTrue(ProbeSchedule.dueAfter(run(1), run(2), 7, 25), "round 1 complete");
        assertTrue(ProbeSchedule.dueAfter(run(3), null, 7, 25), "the queue's last round");
        assertTrue(ProbeSchedule.dueAfter(run(3), run(0), 7, 25), "a run out of rounds next");
    }

    @Test
    void outsideRoundsAProbeFollowsEveryEveryRunsRuns() {
        assertFalse(ProbeSchedule.dueAfter(run(0), run(0), 24, 25));
        assertTrue(ProbeSchedule.dueAfter(run(0), run(0), 25, 25));
        assertFalse(ProbeSchedule.dueAfter(run(0), null, 3, 25), "the closing probe is the campaign's end's");
    }
}
