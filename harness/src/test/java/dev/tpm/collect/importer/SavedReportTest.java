package dev.tpm.collect.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.loadgen.LoadResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Saved files as people keep them (collect/import/README.md): terminal copies captured with
 * {@code script} (ANSI colours, CRLF, autocannon's progress bar redrawn in place), next to the
 * plain outputs the other tests read.
 */
class SavedReportTest {
    private static String fixture(String name) throws Exception {
        Path p = Path.of(SavedReportTest.class.getResource("/collect/import/" + name).toURI());
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    @Test
    void aTerminalCopyOfAutocannonGivesTheValuesItShowed() throws Exception {
        String raw = fixture("real-autocannon-terminal.txt");
        assertTrue(raw.contains("\u001B[") && raw.contains("\r\n") && raw.startsWith("Script started on"), "a real terminal log");
        SavedReport r = SavedReport.read(raw, "t.txt");
        assertEquals("autocannon", r.tool());
        assertEquals("txt", r.extension());
        LoadResult x = r.result();
        // the digits the terminal showed: "│ Latency │ 1 ms │ 15 ms │ 44 ms │ 59 ms │ 17.43 ms │ 14.84 ms │ 158 ms │",
        // "│ Req/Sec │ 588 │ 588 │ 588 │ 593 │ 590.5 │ 2.5 │ 588 │", "1k requests in 2.25s, 89.8 kB read"
        assertEquals(15.0, x.latP50Ms());
        assertEquals(59.0, x.latP99Ms());
        assertEquals(17.43, x.latMeanMs());
        assertEquals(158.0, x.latMaxMs());
        assertEquals(590.5, x.rps());
        assertEquals(1000, x.requests());
        assertEquals(2.25, x.durationS());
        assertEquals(0, x.socketErrors() + x.non2xx());
    }

    @Test
    void aTerminalCopyOfWrkWithAndWithoutTheDoneLine() throws Exception {
        LoadResult plain = SavedReport.read(fixture("real-wrk-terminal.txt"), "w.txt").result();
        assertEquals(LoadResult.SOURCE_TEXT, plain.source());
        assertEquals(7004, plain.requests());
        assertEquals(3460.99, plain.rps());
        assertEquals(2.02, plain.durationS());
        assertEquals(4.71, plain.latMeanMs());

        SavedReport done = SavedReport.read(fixture("real-wrk-done-json-terminal.txt"), "d.txt");
        assertEquals("wrk", done.tool());
        LoadResult exact = done.result();
        assertEquals(LoadResult.SOURCE_DONE_JSON, exact.source(), "the done() line's exact values win over the text");
        assertEquals(10924, exact.requests());
        assertEquals(1.799, exact.latP50Ms(), 1e-12);
        assertEquals(43.380, exact.latP99Ms(), 1e-12);
        assertEquals(10924 / 2.164979, exact.rps(), 1e-9);
    }

    @Test
    void aTerminalCopyCutShortIsAnErrorNamingTheFile() throws Exception {
        IOException e = assertThrows(IOException.class,
                () -> SavedReport.read(fixture("handmade-truncated-autocannon-terminal.txt"), "cut.txt"));
        assertTrue(e.getMessage().startsWith("cut.txt: line "), e.getMessage());
        assertTrue(e.getMessage().contains("Req/Sec"), e.getMessage());
    }

    @Test
    void whatATerminalShowed() {
        assertEquals("Running 1s test @ x\n10 connections\n\nshown",
                SavedReport.asShown("Running 1s test @ x\r\n10 connections\r\n\r\n\u001B[1G\u001B[32mrunning\u001B[39m [] 0%"
                        + "\u001B[0K\rshown"));
        assertEquals("│ Stat │", SavedReport.asShown("\u001B[90m│\u001B[39m\u001B[31m \u001B[36mStat\u001B[31m \u001B[39m\u001B[90m│\u001B[39m"));
        assertEquals("a\nb", SavedReport.asShown("a\r\r\nb"), "a line ending in returns keeps its text");
    }
}
