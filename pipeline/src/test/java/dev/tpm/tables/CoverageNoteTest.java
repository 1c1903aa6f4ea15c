package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

/** outputs.md version 6: a table whose printed median CIs cover less than confidence says so. */
class CoverageNoteTest {
    @Test
    void noNoteWhereEveryPrintedIntervalCoversConfidence() {
        Results r = ResultsFixture.full(); // confidence 0.95
        assertEquals(List.of(), TableText.coverageNote(r, List.of(new TableText.Coverage(0.96, 50),
                new TableText.Coverage(0.95, 40), new TableText.Coverage(Double.NaN, 3))));
    }

    @Test
    void theNoteNamesTheLowestCoverageAndItsN() {
        Results r = ResultsFixture.full();
        List<String> note = TableText.coverageNote(r, List.of(new TableText.Coverage(0.9, 30),
                new TableText.Coverage(0.875, 9), new TableText.Coverage(0.875, 7), new TableText.Coverage(0.99, 5)));
        assertEquals(1, note.size());
        assertTrue(note.get(0).contains("intervals of 7 runs hold the median with probability 0.875"), note.get(0));
        assertTrue(note.get(0).contains("less often than 95%"), note.get(0));
    }
}
