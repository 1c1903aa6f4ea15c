package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.RunRow;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** phase4.csv's rules (data.md version 3) on synthetic rows: the offered rate and its key. */
class RunCsvPhase4Test {
    private static final String HEADER = "seq,stack,endpoint,concurrency,run,warmup,status,duration_s,requests,rps,"
            + "lat_p50_ms,lat_p99_ms,lat_p999_ms,peak_rss_kib,peak_cgroup_kib,offered_rps,latency_corrected\n";

    private static List<RunCsv.Line> parse4(String text, Problems problems) {
        return RunCsv.parse(text, "raw/c1/phase4.csv", 4, Set.of("go"), new HashMap<>(), problems, w -> {});
    }

    private static List<String> problems(String body) {
        Problems problems = new Problems();
        parse4(HEADER + body, problems);
        return problems.all().stream().map(Problem::toString).toList();
    }

    @Test
    void theSameConnectionsAtTwoRatesAreTwoRuns() {
        Problems problems = new Problems();
        List<RunCsv.Line> rows = parse4(HEADER
                + "41,go,get_item,30,1,0,ok,10,5000,500,0.4,1.2,3.5,9000,8000,500,1\n"
                + "42,go,get_item,30,1,0,ok,10,19990,1999,0.5,2.5,4.5,9100,8100,2000,1\n", problems);
        assertEquals(List.of(), problems.all());
        RunRow first = rows.get(0).row();
        assertEquals(500.0, first.offeredRps());
        assertEquals(3.5, first.latP999Ms());
        assertEquals(8000L, first.peakCgroupKib());
        assertEquals(Boolean.TRUE, first.latencyCorrected());
    }

    @Test
    void aRepeatedRateIsADuplicateKey() {
        List<String> p = problems("41,go,get_item,30,1,0,ok,10,5000,500,0.4,1.2,,9000,,500,1\n"
                + "42,go,get_item,30,1,0,ok,10,5000,500,0.4,1.2,,9000,,500,1\n");
        assertEquals(1, p.size(), p.toString());
        assertTrue(p.get(0).contains("phase4.csv line 3, column stack/endpoint/offered_rps/run/warmup"), p.get(0));
    }

    @Test
    void everyRowNeedsAPositiveOfferedRate() {
        List<String> p = problems("41,go,get_item,30,1,0,failed,,,,,,,,,,\n"
                + "42,go,get_item,30,2,0,ok,10,5000,500,0.4,1.2,,9000,,0,1\n"
                + "43,go,get_item,30,3,0,ok,10,5000,500,0.4,1.2,,9000,,500,2\n");
        assertEquals(List.of(
                "raw/c1/phase4.csv line 2, column offered_rps: expected a value (the column is required), found an empty cell",
                "raw/c1/phase4.csv line 3, column offered_rps: expected an offered rate > 0 (requests per second), found '0'",
                "raw/c1/phase4.csv line 4, column latency_corrected: expected 0 or 1 (1 = latency from each request's"
                        + " scheduled start), found '2'"), p);
    }

    @Test
    void aPhase4FileWithoutTheRateColumnIsRefused() {
        Problems problems = new Problems();
        RunCsv.parse("seq,stack,endpoint,concurrency,run,warmup,status\n41,go,get_item,30,1,0,failed\n",
                "raw/c1/phase4.csv", 4, Set.of("go"), new HashMap<>(), problems, w -> {});
        assertTrue(problems.all().get(0).toString().startsWith(
                "raw/c1/phase4.csv line 1, column offered_rps: expected a required column 'offered_rps'"),
                problems.all().toString());
    }
}
