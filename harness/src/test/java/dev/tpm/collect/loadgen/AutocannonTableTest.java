package dev.tpm.collect.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Fixtures;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** autocannon 9.0.0's text table, on real captures (collect/import/README.md, collect/autocannon/README.md). */
class AutocannonTableTest {
    private static LoadResult parse(String fixture) throws IOException {
        return AutocannonTable.parse(Fixtures.text(fixture), fixture);
    }

    @Test
    void valuesAsPrinted() throws IOException {
        LoadResult r = parse("import/real-autocannon-table.txt");
        assertEquals(AutocannonTable.SOURCE, r.source());
        assertEquals(91_000, r.requests()); // "91k requests in 3.11s"
        assertEquals(3.11, r.durationS(), 0);
        assertEquals(30_462.67, r.rps(), 0); // Req/Sec Avg "30,462.67"
        assertEquals(0.14, r.latMeanMs(), 0);
        assertEquals(1.9, r.latStdevMs(), 0);
        assertEquals(124, r.latMaxMs(), 0);
        assertEquals(0, r.latP50Ms(), 0);
        assertEquals(3, r.latP99Ms(), 0);
        assertTrue(Double.isNaN(r.latP75Ms()) && Double.isNaN(r.latP90Ms()), "the table has no p75, p90");
        assertEquals(0, r.socketErrors());
        assertEquals(0, r.non2xx());
    }

    @Test
    void smallCountsAndOtherColumnWidths() throws IOException {
        LoadResult r = parse("autocannon/real-text-table.txt");
        assertEquals(2_000, r.requests());
        assertEquals(825.5, r.rps(), 0);
        assertEquals(2, r.latP50Ms(), 0);
        assertEquals(42, r.latP99Ms(), 0);
        assertEquals(4.32, r.latMeanMs(), 0);
    }

    @Test
    void non2xxLine() throws IOException {
        LoadResult r = parse("import/real-autocannon-non2xx-table.txt");
        assertEquals(46_699, r.non2xx());
        assertEquals(46_704, r.rps(), 0);
        assertEquals(93_000, r.requests());
    }

    @Test
    void errorsWithoutResponseLeaveLatenciesMissing() throws IOException {
        LoadResult r = parse("import/real-autocannon-refused-table.txt");
        assertEquals(48_000, r.errorsConnect()); // "48k errors (0 timeouts)"
        assertEquals(0, r.errorsTimeout());
        assertEquals(0, r.rps(), 0);
        assertTrue(Double.isNaN(r.latP50Ms()) && Double.isNaN(r.latP99Ms()) && Double.isNaN(r.latMeanMs()));
    }

    @Test
    void recognisedOnlyByItsTable() {
        assertTrue(AutocannonTable.looksLike(Fixtures.text("import/real-autocannon-table.txt")));
        assertFalse(AutocannonTable.looksLike(Fixtures.text("import/real-wrk-latency.txt")));
    }

    @Test
    void aTableWithoutTotalsIsAnErrorNamingTheFile() {
        String text = Fixtures.text("import/real-autocannon-table.txt");
        String cut = text.substring(0, text.indexOf("91k requests"));
        IOException e = assertThrows(IOException.class, () -> AutocannonTable.parse(cut, "cut.txt"));
        assertTrue(e.getMessage().startsWith("cut.txt: line "), e.getMessage());
        assertTrue(e.getMessage().contains("requests in"), e.getMessage());
    }
}
