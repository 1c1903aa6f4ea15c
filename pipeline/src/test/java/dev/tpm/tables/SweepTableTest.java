package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class SweepTableTest {
    @Test
    void rowsInStackOrderThenConcurrencyWithPeakAndPlateauMarks() {
        Results r = ResultsFixture.full();
        TableModel t = new SweepTable().build(r, r.devices().get(0));
        ParsedMarkdown md = ParsedMarkdown.of(t);
        assertEquals("Table 19 (regenerated): concurrency sweep (phase 2) on GET /items/{id}. pi5-a (campaign c1).",
                md.caption());
        assertEquals(List.of("go", "go", "go", "go", "rust", "rust", "rust", "rust", "python", "python"),
                md.column(0));
        assertEquals(List.of("30", "60", "120", "240", "30", "60", "120", "240", "30", "60"), md.column(1));
        assertEquals(List.of("go", "120", "10", "14000 [13900, 14100]", "30.00 [27.00, 33.00]", "17.00", "plateau"),
                md.row("go", "120"));
        assertEquals(List.of("rust", "240", "10", "17470 [17370, 17570]", "32.00 [28.00, 36.00]", "7.30", "peak"),
                md.row("rust", "240"));
        assertEquals("", md.cell(md.row("rust", "120"), "marks"));
        assertEquals("plateau", md.cell(md.row("python", "30"), "marks"));
        assertTrue(md.notes().contains("No plateau within the sweep: rust."));
        assertTrue(md.notes().get(0).contains("below 10%"));
        assertEquals(List.of(true, false, false, false, true, false, false, false, true, false),
                t.rows().stream().map(TableModel.Row::groupStart).toList());
    }
}
