package dev.tpm.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.codec.BadInputException;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.RunRecord;
import dev.tpm.testing.Fixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** phase4.csv and the section-10 parameters (data.md and analysis.md version 3), on the minimal fixture (synthetic). */
class IngestPhase4Test {
    @TempDir
    Path tmp;

    private static final String HEADER = "seq,stack,endpoint,concurrency,run,warmup,offered_rps,duration_s,requests,rps,"
            + "lat_p50_ms,lat_p90_ms,lat_p99_ms,lat_p999_ms,peak_rss_kib,latency_corrected,status\n";

    private Path withPhase4(String rows) {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        Fixtures.write(data, "raw/c1/phase4.csv", HEADER + rows);
        return data;
    }

    @Test
    void phase4RowsAreReadWithTheirRateAndContinueTheSeqNumbering() throws Exception {
        Path data = withPhase4("10,go,get_item,30,1,0,500,10.0,5000,500.0,0.4,0.6,2.1,3.9,20000,1,ok\n"
                + "11,go,get_item,30,1,0,1000.5,10.0,10005,1000.5,0.5,0.7,2.5,4.4,20100,1,ok\n");
        Dataset d = Ingest.read(data, w -> { });
        assertEquals(2, d.phase4().size());
        RunRecord r = d.phase4().get(1);
        assertEquals(4, r.phase());
        assertEquals(3, r.line());
        assertEquals(1000.5, r.row().offeredRps());
        assertEquals(4.4, r.row().latP999Ms());
        assertEquals(Boolean.TRUE, r.row().latencyCorrected());
        assertTrue(d.phase1().stream().noneMatch(x -> x.phase() == 4) && d.phase2().stream().noneMatch(x -> x.phase() == 4));
        // the same key at another rate is another run; without phase4.csv the list is empty
        Fixtures.delete(data, "raw/c1/phase4.csv");
        assertEquals(List.of(), Ingest.read(data, w -> { }).phase4());
    }

    @Test
    void badPhase4RowsNameFileLineAndColumn() {
        // seq 2 is phase 1's; a rate of 0; the same (stack, endpoint, rate, run, warmup) twice
        Path data = withPhase4("2,go,get_item,30,1,0,500,10.0,5000,500.0,0.4,0.6,2.1,3.9,20000,1,ok\n"
                + "12,go,get_item,30,1,0,0,10.0,5000,500.0,0.4,0.6,2.1,3.9,20000,1,ok\n"
                + "13,go,get_item,30,1,0,500,10.0,5000,500.0,0.4,0.6,2.1,3.9,20000,1,ok\n");
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        List<String> got = e.problems().stream().filter(p -> p.file().equals("raw/c1/phase4.csv"))
                .map(p -> p.where() + " " + p.column()).toList();
        assertEquals(List.of("line 2 seq", "line 3 offered_rps", "line 4 stack/endpoint/offered_rps/run/warmup"), got,
                e.problems().toString());
    }

    @Test
    void latencySloAndKeptUpRatioAreOptionalWithTheirDefaults() throws Exception {
        Path data = Fixtures.copy("minimal", tmp.resolve("data"));
        AnalysisConfig def = Ingest.read(data, w -> { }).config();
        assertEquals(50.0, def.latencySloMs());
        assertEquals(0.95, def.keptUpRatio());
        Fixtures.write(data, "config/analysis.json", "{\"latency_slo_ms\": 20.5, \"kept_up_ratio\": 0.9}");
        AnalysisConfig c = Ingest.read(data, w -> { }).config();
        assertEquals(20.5, c.latencySloMs());
        assertEquals(0.9, c.keptUpRatio());
        Fixtures.write(data, "config/analysis.json", "{\"latency_slo_ms\": 0, \"kept_up_ratio\": 1.5}");
        BadInputException e = assertThrows(BadInputException.class, () -> Ingest.read(data, w -> { }));
        assertEquals(List.of("$.latency_slo_ms", "$.kept_up_ratio"), e.problems().stream().map(p -> p.where()).toList());
    }
}
