package dev.tpm.collect.campaign;

import dev.tpm.codec.RunCsv;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.RunColumns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Rows written as data.md says and read back unchanged (values here are synthetic). */
class RunCsvTest {
    static RunRow okRow(long seq, String endpoint, int run, boolean warmup) {
        RunRow.Builder b = new RunRow.Builder(seq, "go", endpoint, 30, 2, run, warmup);
        b.startedAt = "2026-12-01T10:15:02.113Z";
        b.durationS = 10.001234;
        b.requests = 24_567L;
        b.errorsConnect = 0L;
        b.errorsRead = 3L;
        b.errorsWrite = 0L;
        b.errorsTimeout = 1L;
        b.non2xx = 0L;
        b.rps = 2456.4;
        b.latMeanMs = 12.25;
        b.latP50Ms = 11.5;
        b.latP75Ms = 13.25;
        b.latP90Ms = 15.0;
        b.latP99Ms = 31.125;
        b.latMaxMs = 120.5;
        b.startupMs = 11.2;
        b.idleRssKib = 9_800L;
        b.peakRssKib = 19_720L;
        b.idlePssKib = 9_100L;
        b.peakPssKib = 19_000L;
        b.cpuS = 7.31;
        b.throttled = "0x0";
        b.status = RunStatus.OK;
        return b.build();
    }

    @Test
    void roundTripKeepsEveryCell(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("phase1.csv");
        RunRow a = okRow(1, "get_item", 1, true);
        RunRow.Builder fb = new RunRow.Builder(2, "go", "post_item", 30, 2, 1, false);
        fb.startedAt = "2026-12-01T10:16:00.000Z";
        fb.status = RunStatus.FAILED;
        fb.note = "server exited, \"code 1\"\nsee log";
        RunRow failed = fb.build();
        RunCsv.append(f, a);
        RunCsv.append(f, failed);
        List<String> lines = Files.readAllLines(f);
        assertEquals(3, lines.size(), "header once, one physical line per row");
        assertEquals(String.join(",", RunRow.header()), lines.get(0));
        assertEquals(RunColumns.CSV.size(), RunRow.header().size());
        List<RunRow> back = RunFiles.read(f, 1);
        assertEquals(a, back.get(0));
        assertEquals(failed, back.get(1));
        assertEquals("server exited, \"code 1\"\\nsee log", back.get(1).note(), "the newline escaped: one physical line");
        assertTrue(lines.get(2).contains(",,"), "missing values are empty cells");
        assertTrue(lines.get(1).contains(",10.001234,24567,0,3,0,1,0,2456.4,"), lines.get(1));
    }

    @Test
    void tornLastLineIsCut(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("phase1.csv");
        RunCsv.append(f, okRow(1, "get_item", 1, false));
        long good = Files.size(f);
        Files.writeString(f, "2,go,get_item,30,2,2,0,2026-12-01T10:1", StandardOpenOption.APPEND);
        assertEquals(Files.size(f) - good, RunCsv.truncateTornTail(f));
        assertEquals(good, Files.size(f));
        assertEquals(1, RunFiles.read(f, 1).size());
        assertEquals(0, RunCsv.truncateTornTail(f));
    }

    @Test
    void dataMdRulesAreChecked(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("phase1.csv");
        RunCsv.append(f, okRow(1, "get_item", 1, false));
        RunCsv.append(f, okRow(2, "get_item", 1, false));
        IOException dup = assertThrows(IOException.class, () -> RunFiles.read(f, 1));
        assertEquals("phase1.csv line 3, column stack/endpoint/concurrency/run/warmup: expected a (stack, endpoint,"
                + " concurrency, run, warmup) key unique within the file, found (go, get_item, 30, 1, 0) again (first on"
                + " line 2)", dup.getMessage());

        Path g = dir.resolve("g.csv");
        RunRow.Builder b = new RunRow.Builder(1, "go", "get_item", 30, 2, 1, false);
        b.status = RunStatus.OK;
        RunCsv.append(g, b.build());
        IOException incomplete = assertThrows(IOException.class, () -> RunFiles.read(g, 2));
        assertTrue(incomplete.getMessage().startsWith("g.csv line 2, column duration_s: expected a value (rows with"
                + " status ok fill duration_s, requests, rps, lat_p50_ms, lat_p99_ms, peak_rss_kib), found an empty cell"),
                incomplete.getMessage());

        Path h = dir.resolve("h.csv");
        Files.writeString(h, String.join(",", RunRow.header()) + "\n"
                + RunCsv.cells(okRow(1, "get_item", 1, false)).toString().replace("[", "").replace("]", "").replace(", ", ",")
                        .replace("24567", "24x67") + "\n");
        IOException number = assertThrows(IOException.class, () -> RunFiles.read(h, 1));
        assertEquals("h.csv line 2, column requests: expected an integer, found '24x67'", number.getMessage());
    }

    @Test
    void phaseOneOkRowsNeedStartupAndIdle(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("phase2.csv");
        RunRow r = okRow(1, "get_item", 1, false);
        RunRow noStartup = new RunRow(r.seq(), r.stack(), r.endpoint(), r.concurrency(), r.threads(), r.run(), r.warmup(),
                r.startedAt(), r.durationS(), r.requests(), r.errorsConnect(), r.errorsRead(), r.errorsWrite(),
                r.errorsTimeout(), r.non2xx(), r.rps(), r.latMeanMs(), r.latP50Ms(), r.latP75Ms(), r.latP90Ms(),
                r.latP99Ms(), r.latMaxMs(), Double.NaN, null, r.peakRssKib(), null, r.peakPssKib(), r.cpuS(),
                Double.NaN, Double.NaN, null, Double.NaN, null, Double.NaN, Double.NaN, Double.NaN, null, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, null, Double.NaN, null,
                r.status(), null);
        RunCsv.append(f, noStartup);
        assertEquals(1, RunFiles.read(f, 2).size(), "phase 2 may leave start-up and idle empty");
        IOException e = assertThrows(IOException.class, () -> RunFiles.read(f, 1));
        assertTrue(e.getMessage().contains("phase2.csv line 2, column startup_ms: expected a value (rows with status ok"),
                e.getMessage());
        assertTrue(Files.readString(f, StandardCharsets.UTF_8).endsWith("ok,\n"));
    }
}
