package dev.tpm.collect.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * oha 1.16.0's real outputs against the go reference server, captured on the project's 2-core x86
 * VM by collect/oha/collect.sh (README.md beside them), not a Raspberry Pi's.
 */
class OhaRealOutputTest {
    @Test
    void wellBelowCapacityTheAchievedRateIsTheOfferedOne() throws Exception {
        LoadResult r = OhaJson.parse(OhaJsonTest.fixture("real-go-get-item-200rps.json"), "ok.json");
        assertEquals(200.0, r.rps(), 0.05 * 200, r.toString());
        assertEquals(0, r.non2xx() + r.socketErrors(), r.toString());
        assertTrue(r.latP50Ms() <= r.latP90Ms() && r.latP90Ms() <= r.latP99Ms() && r.latP99Ms() <= r.latP999Ms()
                && r.latP999Ms() <= r.latMaxMs(), r.toString());
    }

    @Test
    void anOverloadedRunAnswersFarFewerThanOffered() throws Exception {
        LoadResult r = OhaJson.parse(OhaJsonTest.fixture("real-go-get-item-overload.json"), "over.json");
        assertTrue(r.requests() > 0 && r.rps() < 1_000_000 / 10.0, r.toString());
        assertTrue(r.latP99Ms() >= r.latP50Ms(), r.toString());
        // latency from each request's scheduled start: the queue of requests not yet sent counts, so
        // the overloaded median is far above the whole distribution of the run below capacity
        LoadResult calm = OhaJson.parse(OhaJsonTest.fixture("real-go-get-item-200rps.json"), "ok.json");
        assertTrue(r.latP50Ms() > 10 * calm.latP999Ms(), r + " against " + calm);
    }

    @Test
    void nothingListeningIsNoResponseAndConnectErrors() throws Exception {
        LoadResult r = OhaJson.parse(OhaJsonTest.fixture("real-refused.json"), "refused.json");
        assertEquals(0, r.requests());
        assertTrue(r.errorsConnect() > 0, r.toString());
        assertTrue(Double.isNaN(r.latP50Ms()), r.toString());
    }
}
