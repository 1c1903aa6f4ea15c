package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.RunRow;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** phase5.csv's rules (data.md version 4) and the steal column on synthetic rows. */
class RunCsvPhase5Test {
    private static final String HEADER = "seq,stack,endpoint,concurrency,run,warmup,status,duration_s,requests,rps,"
            + "lat_p50_ms,lat_p99_ms,peak_rss_kib,startup_ms,idle_rss_kib,prior_load_s,steal_s\n";

    private static List<String> problems(String text) {
        Problems problems = new Problems();
        RunCsv.parse(text, "raw/c1/phase5.csv", 5, Set.of("go"), new HashMap<>(), problems, w -> {});
        return problems.all().stream().map(Problem::toString).toList();
    }

    @Test
    void aWarmRunCarriesItsPriorLoadAndSteal() {
        Problems problems = new Problems();
        List<RunCsv.Line> rows = RunCsv.parse(HEADER + "61,go,get_item,30,1,0,ok,10,50000,5000,0.4,1.2,9000,12.5,7000,30,0.25\n",
                "raw/c1/phase5.csv", 5, Set.of("go"), new HashMap<>(), problems, w -> {});
        assertEquals(List.of(), problems.all());
        RunRow row = rows.get(0).row();
        assertEquals(30.0, row.priorLoadS());
        assertEquals(0.25, row.stealS());
        assertEquals(List.of(row), List.of(RunRow.of(row.values())), "the values round-trip");
    }

    @Test
    void everyRowNeedsAPositivePriorLoadAndOkRowsTheirOwnStart() {
        List<String> p = problems(HEADER
                + "61,go,get_item,30,1,0,failed,,,,,,,,,,\n"
                + "62,go,get_item,30,2,0,ok,10,50000,5000,0.4,1.2,9000,12.5,7000,0,\n"
                + "63,go,get_item,30,3,0,ok,10,50000,5000,0.4,1.2,9000,,7000,30,-1\n");
        assertEquals(List.of(
                "raw/c1/phase5.csv line 2, column prior_load_s: expected a value (the column is required), found an empty cell",
                "raw/c1/phase5.csv line 3, column prior_load_s: expected a prior load > 0 (seconds), found '0'",
                "raw/c1/phase5.csv line 4, column steal_s: expected a non-negative number, found '-1'",
                "raw/c1/phase5.csv line 4, column startup_ms: expected a value (rows with status ok fill duration_s,"
                        + " requests, rps, lat_p50_ms, lat_p99_ms, peak_rss_kib, startup_ms, idle_rss_kib), found an empty cell"), p);
    }

    @Test
    void aPhase5FileWithoutThePriorLoadColumnIsRefused() {
        List<String> p = problems("seq,stack,endpoint,concurrency,run,warmup,status\n61,go,get_item,30,1,0,failed\n");
        assertTrue(p.get(0).startsWith("raw/c1/phase5.csv line 1, column prior_load_s: expected a required column"
                + " 'prior_load_s' in the header of phase5.csv"), p.toString());
    }
}
