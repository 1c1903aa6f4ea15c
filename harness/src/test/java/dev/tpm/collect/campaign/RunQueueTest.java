package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The queue and its retry budget as pure code: no server, no file. */
class RunQueueTest {
    private static List<PlannedRun> plan() {
        List<PlannedRun> p = new ArrayList<>();
        p.add(new PlannedRun(1, "go", "get_item", 30, 1, true, 1));
        for (int r = 1; r <= 2; r++) p.add(new PlannedRun(1, "go", "get_item", 30, r, false, 1));
        p.add(new PlannedRun(2, "go", "get_item", 60, 1, false, 1));
        return p;
    }

    @Test
    void aLostRunIsQueuedAgainAtTheEndOfItsPhaseWithTheNextRunNumber() {
        RunQueue q = new RunQueue(plan(), 1).start();
        assertEquals(4, q.total());
        PlannedRun warm = q.next();
        assertEquals(RunQueue.Requeue.NONE, q.report(warm, RunQueue.Outcome.NOT_OK), "a warm-up is never retried");
        PlannedRun first = q.next();
        assertEquals(RunQueue.Requeue.QUEUED_AGAIN, q.report(first, RunQueue.Outcome.NOT_OK));
        List<PlannedRun> rest = q.remaining();
        assertEquals(3, rest.get(1).run(), "next free number of the group");
        assertEquals(1, rest.get(1).phase(), "before phase 2");
        assertEquals(2, rest.get(2).phase());
        q.report(q.next(), RunQueue.Outcome.OK);
        PlannedRun retry = q.next();
        assertEquals(RunQueue.Requeue.GAVE_UP, q.report(retry, RunQueue.Outcome.NOT_OK), "budget: 2 runs + 1 retry");
        assertEquals(List.of("phase 1 go get_item c=30"), q.gaveUp());
        assertEquals(5, q.total());
    }

    @Test
    void aResumedCampaignSkipsAttemptedRunsAndRequeuesLostOnes() {
        RunQueue q = new RunQueue(plan(), 3);
        PlannedRun.Group g = new PlannedRun.Group(1, "go", "get_item", 30, false);
        q.recordEarlier(new PlannedRun.Group(1, "go", "get_item", 30, true), 1, true);
        q.recordEarlier(g, 1, true);
        q.recordEarlier(g, 2, false);
        q.start();
        List<PlannedRun> rest = q.remaining();
        assertEquals(2, rest.size(), "the phase-2 run and one re-queued run: " + rest);
        assertEquals(new PlannedRun(1, "go", "get_item", 30, 3, false, 1), rest.get(0));
        assertTrue(q.gaveUp().isEmpty());
    }
}
