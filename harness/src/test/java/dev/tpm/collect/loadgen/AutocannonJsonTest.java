package dev.tpm.collect.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Fixtures;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** autocannon 9.0.0's --json result, on real captures (collect/autocannon/README.md). */
class AutocannonJsonTest {
    private static LoadResult parse(String fixture) throws IOException {
        return AutocannonJson.parse(Fixtures.text("autocannon/" + fixture), fixture);
    }

    @Test
    void valuesAsAutocannonPrintedThem() throws IOException {
        LoadResult r = parse("real-ok-heavy.json");
        assertEquals(AutocannonJson.SOURCE, r.source());
        assertEquals(257, r.requests());
        assertEquals(2.01, r.durationS(), 0);
        // requests.average (the mean of its per-second samples), not total / duration = 127.86
        assertEquals(128.5, r.rps(), 0);
        assertEquals(30.29, r.latMeanMs(), 0);
        assertEquals(29, r.latP50Ms(), 0);
        assertEquals(39, r.latP75Ms(), 0);
        assertEquals(47, r.latP90Ms(), 0);
        assertEquals(71, r.latP99Ms(), 0);
        assertEquals(95, r.latMaxMs(), 0);
        assertEquals(0, r.socketErrors());
        assertEquals(0, r.non2xx());
    }

    @Test
    void statusOutside2xxIsNon2xx() throws IOException {
        LoadResult r = parse("real-non2xx.json");
        assertEquals(1287, r.requests());
        assertEquals(1287, r.non2xx());
        assertEquals(1287, r.rps(), 0);
        assertEquals(19, r.latP99Ms(), 0);
    }

    @Test
    void timeoutsAreSplitFromTheOtherErrors() throws IOException {
        LoadResult r = parse("real-timeouts.json");
        assertEquals(316, r.requests());
        assertEquals(87, r.errorsTimeout());
        assertEquals(0, r.errorsConnect(), "autocannon's errors (87) include its timeouts (87)");
        assertEquals(87, r.socketErrors());
        assertEquals(654, r.latP99Ms(), 0);
    }

    @Test
    void nothingListeningGivesNoRequestsAndNoLatencies() throws IOException {
        LoadResult r = parse("real-connect-refused.json");
        assertEquals(0, r.requests());
        assertEquals(11704, r.errorsConnect());
        assertEquals(0, r.errorsTimeout());
        assertTrue(Double.isNaN(r.latP50Ms()), "autocannon prints 0 for a latency it never measured");
        assertTrue(Double.isNaN(r.latP99Ms()));
        assertEquals(0, r.rps(), 0);
    }

    @Test
    void truncatedJsonNamesFileLineAndColumn() {
        IOException e = assertThrows(IOException.class, () -> parse("handmade-truncated.json"));
        assertTrue(e.getMessage().startsWith("handmade-truncated.json: line 1, column "), e.getMessage());
        assertTrue(e.getMessage().contains("invalid JSON"), e.getMessage());
    }

    @Test
    void wrongTypeNamesTheJsonPath() {
        IOException e = assertThrows(IOException.class, () -> parse("handmade-bad-type.json"));
        assertEquals("handmade-bad-type.json: $.requests.total: expected a non-negative integer, found \"257\"", e.getMessage());
    }

    @Test
    void theTextTableIsNotTheJsonResult() {
        IOException e = assertThrows(IOException.class, () -> parse("real-text-table.txt"));
        assertTrue(e.getMessage().startsWith("real-text-table.txt: line 1, column "), e.getMessage());
    }

    @Test
    void emptyOutputIsAnError() {
        IOException e = assertThrows(IOException.class, () -> AutocannonJson.parse("", "empty.json"));
        assertTrue(e.getMessage().startsWith("empty.json: "), e.getMessage());
    }
}
