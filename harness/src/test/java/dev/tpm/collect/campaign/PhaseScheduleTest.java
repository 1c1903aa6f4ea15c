package dev.tpm.collect.campaign;

import static dev.tpm.collect.campaign.PhaseSchedule.Stage.MAIN;
import static dev.tpm.collect.campaign.PhaseSchedule.Stage.PHASE4;
import static dev.tpm.collect.campaign.PhaseSchedule.Stage.PHASE4_SEARCH;
import static dev.tpm.collect.campaign.PhaseSchedule.Stage.PHASE5_LAST;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Protocol;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which queues a campaign drains, in which order, from its protocol alone (no server). */
class PhaseScheduleTest {
    private static final Protocol.Phase4 P4 = new Protocol.Phase4(List.of("get_item"), List.of(100.0), List.of(), 1, 0, 5.0, 4,
            new Protocol.Phase4LoadGenerator("oha", "1.16.0", true), null, null);
    private static final Protocol.Phase5 P5 = new Protocol.Phase5(List.of("get_item"), 30.0, 1, 0, 5.0, 4);

    @Test
    void phasesOneToThreeAloneAreOneQueue() {
        assertEquals(List.of(MAIN), PhaseSchedule.of(Protocol.builder().order("rounds").build()));
    }

    @Test
    void phaseFourFollowsTheMainQueueAndItsSearchFollowsIt() {
        assertEquals(List.of(MAIN, PHASE4), PhaseSchedule.of(Protocol.builder().order("rounds").phase4(P4).build()));
        Protocol.Phase4 searched = new Protocol.Phase4(P4.endpoints(), P4.offeredRps(), P4.offeredFractions(), 1, 0, 5.0, 4,
                P4.loadGenerator(), new Protocol.Search(1.5, 2), null);
        assertEquals(List.of(MAIN, PHASE4, PHASE4_SEARCH), PhaseSchedule.of(Protocol.builder().phase4(searched).order("rounds").build()));
    }

    @Test
    void phaseFiveIsInTheRoundsOrLastOutsideThem() {
        Protocol rounds = Protocol.builder().order("rounds").phase4(P4).phase5(P5).build();
        assertEquals(List.of(MAIN, PHASE4), PhaseSchedule.of(rounds));
        assertTrue(PhaseSchedule.phase5InMain(rounds));
        Protocol v4 = Protocol.builder().order("randomized").phase4(P4).phase5(P5).build();
        assertEquals(List.of(MAIN, PHASE4, PHASE5_LAST), PhaseSchedule.of(v4));
        assertFalse(PhaseSchedule.phase5InMain(v4));
    }
}
