package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The status column: its text is a {@link RunStatus} in the row, written back as the same text. */
class RunCsvStatusTest {
    private static final String HEADER = "seq,stack,endpoint,concurrency,run,warmup,status,note\n";

    @Test
    void everyStatusReadsAsItsTypeAndIsWrittenAsItsText() {
        Problems problems = new Problems();
        String text = HEADER + "1,go,get_item,30,1,1,failed,server exited\n" + "2,go,get_item,30,1,0,discarded,\n"
                + "3,go,get_item,30,2,0,failed,\n";
        List<RunCsv.Line> lines = RunCsv.parse(text, "raw/c1/phase1.csv", 2, Set.of("go"), new HashMap<>(), problems, w -> {});
        assertEquals(List.of(), problems.all());
        List<RunRow> rows = lines.stream().map(RunCsv.Line::row).toList();
        assertEquals(List.of(RunStatus.FAILED, RunStatus.DISCARDED, RunStatus.FAILED), rows.stream().map(RunRow::status).toList());
        assertEquals("discarded", RunCsv.cells(rows.get(1)).get(RunCsv.NAMES.indexOf("status")));
        assertEquals(List.of("ok", "failed", "discarded"), RunCsv.STATUSES);
    }

    @Test
    void anUnknownStatusNamesFileLineAndColumn() {
        Problems problems = new Problems();
        RunCsv.parse(HEADER + "1,go,get_item,30,1,0,crashed,\n", "raw/c1/phase2.csv", 2, Set.of("go"), new HashMap<>(),
                problems, w -> {});
        assertEquals(List.of("raw/c1/phase2.csv line 2, column status: expected one of ok, failed, discarded, found 'crashed'"),
                problems.all().stream().map(Problem::toString).toList());
    }

    @Test
    void ofTextIsTheInverseOfText() {
        for (RunStatus s : RunStatus.values()) assertEquals(s, RunStatus.ofText(s.text()));
        assertNull(RunStatus.ofText("OK"));
    }
}
