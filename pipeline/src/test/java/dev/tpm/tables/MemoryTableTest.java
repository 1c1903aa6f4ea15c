package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryTableTest {
    @Test
    void oneRowPerStackInStackOrder() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new MemoryTable().build(r, r.devices().get(0)));
        assertEquals(List.of("stack", "series", "samples", "duration (s)", "first (MiB)", "min (MiB)", "max (MiB)",
                "last (MiB)", "growth (MiB)", "steady growth (MiB)", "drops", "slope (MiB/s)"), md.header());
        // the results list rust first; the table follows stack order
        assertEquals(List.of("go", "rust", "python"), md.column(0));
        assertEquals(List.of("rust", "5", "462", "60.0", "7.71", "7.70", "7.80", "7.79", "0.08", "n/a", "0", "0.0001"),
                md.row("rust"));
        assertEquals("36", md.cell(md.row("go"), "drops"));
    }
}
