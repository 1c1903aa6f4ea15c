package dev.tpm.collect.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Fixtures;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Golden files of wrk 4.1.0's text report (see resources/collect/wrk/README.md). */
class WrkTextReportTest {
    private static final double EPS = 1e-9;

    private static WrkTextReport report(String name) throws IOException {
        return WrkTextReport.parse(Fixtures.text("wrk/" + name), name);
    }

    private static void near(double expected, double actual) {
        assertEquals(expected, actual, Math.abs(expected) * EPS + EPS);
    }

    @Test
    void realReportWithLatencyDistribution() throws IOException {
        WrkTextReport r = report("real-ok-latency.txt");
        assertEquals("http://127.0.0.1:18090/items/1", r.url());
        assertEquals(2, r.threads());
        assertEquals(10, r.connections());
        near(43.36, r.latencyMeanMs());
        near(5.29, r.latencyStdevMs());
        near(48.00, r.latencyMaxMs());
        near(98.44, r.latencyWithinStdevPercent());
        near(107.00, r.reqPerSecMean());
        near(25.18, r.reqPerSecStdev());
        near(151.00, r.reqPerSecMax());
        assertEquals(Map.of(50, 43.97, 75, 44.02, 90, 44.07, 99, 47.87), r.latencyDistributionMs());
        assertEquals(640, r.requests());
        near(3.00, r.durationS());
        near(139.53 * 1024, r.bytesRead());
        assertEquals(0, r.non2xx());
        near(212.98, r.requestsPerSec());
        near(46.43 * 1024, r.transferPerSecBytes());

        LoadResult w = r.toResult();
        assertEquals(LoadResult.SOURCE_TEXT, w.source());
        assertEquals(0, w.socketErrors());
        near(43.97, w.latP50Ms());
        near(44.02, w.latP75Ms());
        near(44.07, w.latP90Ms());
        near(47.87, w.latP99Ms());
        near(43.36, w.latMeanMs());
        near(48.00, w.latMaxMs());
        near(212.98, w.rps());
    }

    @Test
    void withoutLatencyFlagThePercentilesAreMissing() throws IOException {
        LoadResult w = report("real-ok-no-latency.txt").toResult();
        assertEquals(368, w.requests());
        near(42.73, w.latMeanMs());
        assertTrue(Double.isNaN(w.latP50Ms()));
        assertTrue(Double.isNaN(w.latP99Ms()));
    }

    @Test
    void non2xxLine() throws IOException {
        WrkTextReport r = report("real-non2xx.txt");
        assertEquals(378, r.requests());
        assertEquals(378, r.non2xx());
        near(2.10, r.durationS());
        near(85.64 * 1024, r.bytesRead());
    }

    @Test
    void readErrorsWithNoRequestsGiveNanAndMissingLatency() throws IOException {
        WrkTextReport r = report("real-read-errors.txt");
        assertEquals(0, r.requests());
        assertEquals(71780, r.socketErrors()[1]);
        assertTrue(Double.isNaN(r.latencyWithinStdevPercent()), "-nan% is NaN");
        assertTrue(Double.isNaN(r.reqPerSecStdev() + r.reqPerSecMean()) || r.reqPerSecMean() == 0);
        LoadResult w = r.toResult();
        assertEquals(71780, w.errorsRead());
        assertEquals(0.0, w.rps());
        assertTrue(Double.isNaN(w.latMeanMs()), "no samples: latency is missing, not 0");
        assertTrue(Double.isNaN(w.latP99Ms()));
    }

    @Test
    void timeoutsCountRequestsButLeaveNoLatencySamples() throws IOException {
        LoadResult w = report("real-timeouts.txt").toResult();
        assertEquals(18, w.requests());
        assertEquals(18, w.errorsTimeout());
        assertEquals(0, w.errorsConnect() + w.errorsRead() + w.errorsWrite());
        near(4.49, w.rps());
        assertTrue(Double.isNaN(w.latMeanMs()));
    }

    @Test
    void latencyInSecondsWithTrailingSpaces() throws IOException {
        WrkTextReport r = report("real-seconds-latency.txt");
        near(1230, r.latencyMeanMs());
        near(20.29, r.latencyStdevMs());
        near(1240, r.latencyMaxMs());
        near(1240, r.latencyDistributionMs().get(99));
        assertEquals(1, r.threads());
        near(661.54, r.transferPerSecBytes());
    }

    @Test
    void connectRefusedHasNoReport() {
        IOException e = assertThrows(IOException.class, () -> report("real-connect-refused.txt"));
        assertTrue(e.getMessage().startsWith("real-connect-refused.txt: line "), e.getMessage());
        assertTrue(e.getMessage().contains("unable to connect to 127.0.0.1:18099 Connection refused"), e.getMessage());
    }

    @Test
    void handMadeMinutesHoursAndBinarySizes() throws IOException {
        WrkTextReport r = report("handmade-minutes-hours.txt");
        near(90_000, r.latencyMeanMs());
        near(12_340, r.latencyStdevMs());
        near(1.02 * 3_600_000, r.latencyMaxMs());
        near(1.20e6, r.reqPerSecMean());
        near(345.67e3, r.reqPerSecStdev());
        near(2.00e9, r.reqPerSecMax());
        near(0.85, r.latencyDistributionMs().get(50));
        near(12.5, r.latencyDistributionMs().get(75));
        near(3250, r.latencyDistributionMs().get(90));
        near(120_000, r.latencyDistributionMs().get(99));
        assertEquals(1_234_567, r.requests());
        near(120, r.durationS());
        near(1.5 * 1024 * 1024 * 1024, r.bytesRead());
        LoadResult w = r.toResult();
        assertEquals(1, w.errorsConnect());
        assertEquals(22, w.errorsRead());
        assertEquals(333, w.errorsWrite());
        assertEquals(4444, w.errorsTimeout());
        assertEquals(55555, w.non2xx());
        near(10288.06, w.rps());
    }

    @Test
    void handMadeMetricRequestTotalAndNanStdev() throws IOException {
        WrkTextReport r = report("handmade-metric-counts.txt");
        assertEquals(2_620_000, r.requests());
        assertTrue(Double.isNaN(r.latencyStdevMs()));
        assertTrue(Double.isNaN(r.latencyWithinStdevPercent()));
        near(6.55e3, r.reqPerSecMean());
        LoadResult w = r.toResult();
        near(9.16, w.latMeanMs());
        near(640, w.latP99Ms());
        near(262092.10, w.rps());
    }

    @Test
    void truncatedReportIsAnError() {
        IOException e = assertThrows(IOException.class, () -> report("handmade-truncated.txt"));
        assertTrue(e.getMessage().contains("requests in"), e.getMessage());
        assertTrue(e.getMessage().startsWith("handmade-truncated.txt: line "), e.getMessage());
    }

    @Test
    void unknownUnitNamesLineAndColumn() {
        IOException e = assertThrows(IOException.class, () -> report("handmade-bad-unit.txt"));
        assertEquals("handmade-bad-unit.txt: line 4, column 25: expected a time with unit us, ms, s, m or h, found '456.78xs'",
                e.getMessage());
    }
}
