package dev.tpm.collect.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Fixtures;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The done() line of harness/wrk/tpm.lua, on real wrk 4.1.0 captures. */
class WrkDoneJsonTest {
    @Test
    void exactValuesFromTheDoneLine() throws IOException {
        String out = Fixtures.text("wrk/real-done-get-item.txt");
        LoadResult w = WrkOutput.parse(out, "real-done-get-item.txt");
        assertEquals(LoadResult.SOURCE_DONE_JSON, w.source());
        assertEquals(345, w.requests());
        assertEquals(2.006972, w.durationS(), 1e-15);
        assertEquals(43, w.non2xx());
        assertEquals(0, w.socketErrors());
        assertEquals(345 / 2.006972, w.rps(), 1e-12);
        assertEquals(42.993255072463769, w.latMeanMs(), 1e-12);
        assertEquals(43.934, w.latP50Ms(), 1e-12);
        assertEquals(43.996, w.latP75Ms(), 1e-12);
        assertEquals(44.126, w.latP90Ms(), 1e-12);
        assertEquals(47.995, w.latP99Ms(), 1e-12);
        assertEquals(48.015, w.latMaxMs(), 1e-12);
    }

    @Test
    void textReportOfTheSameRunAgreesWithinItsRounding() throws IOException {
        String out = Fixtures.text("wrk/real-done-get-item.txt");
        LoadResult exact = WrkOutput.parse(out, "x");
        LoadResult text = WrkTextReport.parse(out, "x").toResult();
        assertEquals(exact.requests(), text.requests());
        assertEquals(exact.non2xx(), text.non2xx());
        assertEquals(exact.rps(), text.rps(), 0.005);
        assertEquals(exact.latP99Ms(), text.latP99Ms(), 0.005);
        assertEquals(exact.latMeanMs(), text.latMeanMs(), 0.005);
        assertEquals(exact.durationS(), text.durationS(), 0.005);
    }

    @Test
    void noLatencySamplesGiveMissingLatencies() throws IOException {
        LoadResult w = WrkOutput.parse(Fixtures.text("wrk/real-done-timeouts.txt"), "t");
        assertEquals(LoadResult.SOURCE_DONE_JSON, w.source());
        assertEquals(12, w.requests());
        assertEquals(12, w.errorsTimeout());
        assertTrue(Double.isNaN(w.latP50Ms()));
        assertTrue(Double.isNaN(w.latMeanMs()));
        assertEquals(3.004, w.durationS(), 1e-15);
    }

    @Test
    void withoutDoneLineTheTextReportIsUsed() throws IOException {
        LoadResult w = WrkOutput.parse(Fixtures.text("wrk/real-ok-latency.txt"), "t");
        assertEquals(LoadResult.SOURCE_TEXT, w.source());
        assertEquals(640, w.requests());
    }

    @Test
    void badValueNamesLineAndJsonPath() {
        IOException e = assertThrows(IOException.class,
                () -> WrkOutput.parse(Fixtures.text("wrk/handmade-bad-json.txt"), "handmade-bad-json.txt"));
        assertEquals("handmade-bad-json.txt: line 9: $.latency_us.p50: expected a non-negative number or null, found \"fast\"",
                e.getMessage());
    }

    @Test
    void brokenJsonNamesTheColumn() {
        IOException e = assertThrows(IOException.class,
                () -> WrkDoneJson.find("x\nTPM-WRK-RESULT {\"requests\": 12,,}\n", "out.txt"));
        assertTrue(e.getMessage().startsWith("out.txt: line 2, column "), e.getMessage());
    }
}
