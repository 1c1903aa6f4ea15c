package dev.tpm.collect.campaign;

import dev.tpm.model.RunStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.RunColumns;
import org.junit.jupiter.api.Test;

/** The status decision as a pure function. */
class RunVerdictTest {
    private static RunVerdict.Measured m(String sampler, boolean alive, long requests, long socket, long non2xx,
            int throttled, int before, int after, long missing, double share) {
        return new RunVerdict.Measured(sampler, alive, requests, socket, non2xx, true, throttled, before, after, missing, 0.01, share);
    }

    @Test
    void eachReasonGivesItsStatusAndOneLineNote() {
        assertEquals(RunStatus.OK, RunVerdict.decide(m(null, true, 1000, 0, 10, 0, 0, 0, 0, 0.5)).status(), "1 % is not above 1 %");
        RunVerdict err = RunVerdict.decide(m(null, true, 1000, 5, 6, 0, 0, 0, 0, 0.5));
        assertEquals(RunStatus.DISCARDED, err.status());
        assertTrue(err.note().startsWith("error rate 0.0110 above max_error_rate 0.01"), err.note());
        RunVerdict out = RunVerdict.decide(m(null, true, 1000, 0, 400, 0, 0, 0, 400, Double.NaN));
        assertTrue(out.note().startsWith("ran out of rows: 400"), out.note());
        assertEquals(RunStatus.DISCARDED, out.status());
        assertTrue(out.outOfRows(), "the typed verdict, not the note, says the delete run ran out of rows");
        assertEquals(RunVerdict.Reason.ERROR_RATE, err.reason());
        assertTrue(!err.outOfRows());
        RunVerdict sticky = RunVerdict.decide(m(null, true, 1000, 0, 0, 0, 0x10000, 0x50000, -1, Double.NaN));
        assertEquals(RunStatus.DISCARDED, sticky.status());
        assertTrue(sticky.note().contains("0x10000 to 0x50000"), sticky.note());
        assertEquals(RunStatus.OK, RunVerdict.decide(m(null, true, 1000, 0, 0, 0, 0x50000, 0x50000, -1, Double.NaN)).status(),
                "sticky bits set before the run do not count against it");
        RunVerdict sampler = RunVerdict.decide(m("power read failed", true, 1000, 0, 0, 0, 0, 0, 0, Double.NaN));
        assertEquals(RunStatus.FAILED, sampler.status());
        assertEquals("sampler failed: power read failed", sampler.note());
        assertEquals("server exited during the load", RunVerdict.decide(m(null, false, 1000, 0, 0, 0, 0, 0, 0, Double.NaN)).note());
    }

    @Test
    void aLoadGeneratorBoundRunKeepsItsStatusAndSaysSo() {
        RunVerdict b = RunVerdict.decide(m(null, true, 1000, 0, 0, 0, 0, 0, 0, 0.97));
        assertEquals(RunStatus.OK, b.status());
        assertTrue(b.loadGeneratorBound());
        assertEquals("load-generator bound (97 % of its CPUs)", b.note());
        assertTrue(!RunVerdict.decide(m(null, true, 1000, 0, 0, 0, 0, 0, 0, 0.94)).loadGeneratorBound());
    }
}
