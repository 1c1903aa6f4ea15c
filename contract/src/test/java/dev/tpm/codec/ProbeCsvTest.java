package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tpm.model.ProbeRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** probe.csv (data.md version 6), synthetic rows: written and read back, and every bad-input rule at its line and column. */
class ProbeCsvTest {
    private static final String HEADER = "campaign,probe_seq,after_seq,cpu,test,value,duration_s,steal_s,started_at\n";
    private static final String C = "2026-12-07-x86-vm-2c-unit-v6";

    private static List<String> problems(String body, long maxSeq) {
        Problems p = new Problems();
        ProbeCsv.parse(HEADER + body, "raw/" + C + "/probe.csv", C, maxSeq, p);
        return p.all().stream().map(Problem::toString).toList();
    }

    @Test
    void rowsAppendedOneAtATimeReadBackAsWritten(@TempDir Path dir) throws IOException {
        List<ProbeRow> rows = List.of(
                new ProbeRow(C, 1, 0, 0, ProbeRow.CPU, 1234.56, 5, 0.01, "2026-12-07T17:00:00.000Z"),
                new ProbeRow(C, 2, 0, 0, ProbeRow.MEMORY, 8123.4, 5, Double.NaN, "2026-12-07T17:00:05.000Z"),
                new ProbeRow(C, 3, 12, null, ProbeRow.CPU, 1230, 5.5, 0, "2026-12-07T17:10:00.000Z"));
        Path f = dir.resolve(ProbeCsv.FILE_NAME);
        for (ProbeRow r : rows) ProbeCsv.append(f, r);
        assertEquals(ProbeCsv.text(rows), Files.readString(f));
        Problems p = new Problems();
        List<ProbeCsv.Line> read = ProbeCsv.read(f, "probe.csv", C, 12, true, p);
        assertEquals(List.of(), p.all());
        assertEquals(rows, read.stream().map(ProbeCsv.Line::row).toList());
        assertEquals(List.of(2L, 3L, 4L), read.stream().map(ProbeCsv.Line::line).toList());
    }

    @Test
    void aFileBegunWithOtherColumnsIsNotAppendedTo(@TempDir Path dir) throws IOException {
        Path f = dir.resolve(ProbeCsv.FILE_NAME);
        Files.writeString(f, "campaign,probe_seq\n");
        assertThrows(IOException.class, () -> ProbeCsv.append(f, new ProbeRow(C, 1, 0, 0, "cpu", 1, 5, 0, "2026-12-07T17:00:00Z")));
    }

    @Test
    void everyBadCellIsNamedByLineAndColumn() {
        String f = "raw/" + C + "/probe.csv";
        assertEquals(List.of(
                f + " line 2, column test: expected one of cpu, memory, found 'disk'",
                f + " line 3, column value: expected a number > 0, found '0'",
                f + " line 4, column duration_s: expected a duration > 0 (seconds), found '-5'",
                f + " line 5, column steal_s: expected a non-negative number (seconds) or empty, found '-0.1'",
                f + " line 6, column after_seq: expected an integer >= 0 (the seq of the last run before the probe), found '-1'",
                f + " line 7, column cpu: expected a CPU number, an integer >= 0, or empty (not pinned), found '-1'",
                f + " line 8, column cpu: expected an integer, found 'cpu0'",
                f + " line 9, column started_at: expected an ISO-8601 instant such as 2026-12-01T10:15:02.113Z, found 'yesterday'",
                f + " line 10, column probe_seq: expected a probe_seq unique within the file, found 1 again (first on line 2)",
                f + " line 11, column after_seq: expected at most the campaign's largest seq (40), found 41",
                f + " line 12, column campaign: expected the campaign's folder name '" + C + "', found 'other'",
                f + " line 13, column value: expected a value (the column is required), found an empty cell"),
                problems(String.join("\n",
                        C + ",1,0,0,disk,1,5,0,2026-12-07T17:00:00Z",
                        C + ",2,0,0,cpu,0,5,0,2026-12-07T17:00:00Z",
                        C + ",3,0,0,cpu,1,-5,0,2026-12-07T17:00:00Z",
                        C + ",4,0,0,cpu,1,5,-0.1,2026-12-07T17:00:00Z",
                        C + ",5,-1,0,cpu,1,5,0,2026-12-07T17:00:00Z",
                        C + ",6,0,-1,cpu,1,5,0,2026-12-07T17:00:00Z",
                        C + ",7,0,cpu0,cpu,1,5,0,2026-12-07T17:00:00Z",
                        C + ",8,0,0,cpu,1,5,0,yesterday",
                        C + ",1,0,0,memory,1,5,0,2026-12-07T17:00:00Z",
                        C + ",10,41,0,cpu,1,5,0,2026-12-07T17:00:00Z",
                        "other,11,0,0,cpu,1,5,0,2026-12-07T17:00:00Z",
                        C + ",12,0,0,cpu,,5,0,2026-12-07T17:00:00Z") + "\n", 40));
    }

    @Test
    void aMissingColumnIsNamedInTheHeader() {
        Problems p = new Problems();
        ProbeCsv.parse("campaign,probe_seq,after_seq,cpu,test,value,duration_s,started_at\n", "probe.csv", C, -1, p);
        assertEquals(List.of("probe.csv line 1, column steal_s: expected a required column 'steal_s' in the header, found none (header:"
                + " campaign,probe_seq,after_seq,cpu,test,value,duration_s,started_at)"),
                p.all().stream().map(Problem::toString).toList());
    }

    @Test
    void aProbeCsvInACampaignWithoutAProbeIsBadInput(@TempDir Path dir) throws IOException {
        Path f = dir.resolve(ProbeCsv.FILE_NAME);
        Files.writeString(f, HEADER);
        Problems p = new Problems();
        ProbeCsv.read(f, "raw/c/probe.csv", "c", 5, false, p);
        assertEquals(List.of("raw/c/probe.csv: expected no probe.csv in a campaign whose protocol has no probe (campaign.json"
                + " protocol.probe), found a probe.csv"), p.all().stream().map(Problem::toString).toList());
    }
}
