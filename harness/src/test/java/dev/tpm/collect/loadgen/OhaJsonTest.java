package dev.tpm.collect.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** oha's JSON into data.md's columns (collect/oha/README.md says where each fixture comes from). */
class OhaJsonTest {
    static String fixture(String name) throws Exception {
        return Files.readString(Path.of(OhaJsonTest.class.getResource("/collect/oha/" + name).toURI()), StandardCharsets.UTF_8);
    }

    @Test
    void everyStatusClassAndErrorKindGoesToItsColumn() throws Exception {
        LoadResult r = OhaJson.parse(fixture("handmade-mixed.json"), "m.json");
        assertEquals(OhaJson.SOURCE, r.source());
        assertEquals(900, r.requests(), "every response, any status: 850 + 10 + 30 + 10");
        assertEquals(40, r.non2xx(), "404 and 503; a 302 is not an error, as in wrk");
        assertEquals(2.0, r.durationS());
        assertEquals(450.0, r.rps(), "responses / summary.total, not oha's requestsPerSec of 505 (which counts errors)");
        assertEquals(3, r.errorsTimeout());
        assertEquals(2, r.errorsConnect());
        assertEquals(5, r.errorsRead());
        assertEquals(1, r.errorsWrite());
        assertEquals(11, r.socketErrors(), "the 4 requests cut off by the deadline are no error");
        assertEquals(2.0, r.latMeanMs(), 1e-12);
        assertEquals(250.0, r.latMaxMs(), 1e-12);
        assertEquals(1.0, r.latP50Ms(), 1e-12);
        assertEquals(1.5, r.latP75Ms(), 1e-12);
        assertEquals(3.0, r.latP90Ms(), 1e-12);
        assertEquals(20.0, r.latP99Ms(), 1e-12);
        assertEquals(200.0, r.latP999Ms(), 1e-12);
        assertTrue(Double.isNaN(r.latStdevMs()), "oha prints no standard deviation");
    }

    @Test
    void errorMessagesByKind() {
        assertEquals(OhaJson.ErrorKind.DEADLINE, OhaJson.errorKind("aborted due to deadline"));
        assertEquals(OhaJson.ErrorKind.TIMEOUT, OhaJson.errorKind("timeout"));
        assertEquals(OhaJson.ErrorKind.CONNECT, OhaJson.errorKind("Connection refused (os error 111)"));
        assertEquals(OhaJson.ErrorKind.WRITE, OhaJson.errorKind("Broken pipe (os error 32)"));
        assertEquals(OhaJson.ErrorKind.READ, OhaJson.errorKind("connection closed before message completed"));
        assertEquals(OhaJson.ErrorKind.READ, OhaJson.errorKind("Connection reset by peer (os error 104)"));
    }

    @Test
    void notAResultIsAnErrorNamingTheFileAndWhere() throws Exception {
        String full = fixture("handmade-mixed.json");
        IOException cut = assertThrows(IOException.class, () -> OhaJson.parse(full.substring(0, 300), "cut.json"));
        assertTrue(cut.getMessage().startsWith("cut.json: line "), cut.getMessage());
        assertTrue(cut.getMessage().contains("expected oha's JSON result"), cut.getMessage());
        IOException noSummary = assertThrows(IOException.class,
                () -> OhaJson.parse(full.replace("\"summary\"", "\"summery\""), "s.json"));
        assertEquals("s.json: $.summary: expected an object, found null", noSummary.getMessage());
        IOException badStatus = assertThrows(IOException.class,
                () -> OhaJson.parse(full.replace("\"404\": 30", "\"404\": -30"), "b.json"));
        assertEquals("b.json: $.statusCodeDistribution.404: expected a non-negative integer, found -30", badStatus.getMessage());
        assertThrows(IOException.class, () -> OhaJson.parse("[]", "a.json"));
    }
}
