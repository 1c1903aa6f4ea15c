package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class EndpointsTableTest {
    @Test
    void rowsByEndpointInDataOrderThenStackOrderWithMedianCiCells() {
        Results r = ResultsFixture.full();
        TableModel t = new EndpointsTable().build(r, r.devices().get(0));
        ParsedMarkdown md = ParsedMarkdown.of(t);
        assertEquals(List.of("endpoint", "stack", "n", "rps (req/s), median [95% CI]", "p50 (ms), median [95% CI]",
                "p99 (ms), median [95% CI]", "no value / no CI because"), md.header());
        // every listed stack on every endpoint, with the reason where it has no value
        assertEquals(List.of("get_item", "get_item", "get_item", "get_list", "get_list", "get_list", "mixed", "mixed",
                "mixed"), md.column(0));
        assertEquals(List.of("go", "rust", "python", "go", "rust", "python", "go", "rust", "python"), md.column(1));
        assertEquals(List.of("mixed", "rust", "0", "n/a", "n/a", "n/a", "mixed: no measured runs"), md.row("mixed", "rust"));
        // rust get_item: rps 21000.5 [20900, 21100] rounds half up; p50 2.234; p99 15.678
        assertEquals(List.of("get_item", "rust", "50", "21001 [20900, 21100]", "2.23 [2.20, 2.30]",
                "15.68 [15.50, 15.90]", ""), md.row("get_item", "rust"));
        assertEquals("230 [225, 235]", md.cell(md.row("get_list", "python"), "rps"));
        // a new endpoint opens a group (a rule in LaTeX)
        assertEquals(List.of(true, false, false, true, false, false, true, false, false),
                t.rows().stream().map(TableModel.Row::groupStart).toList());
    }
}
