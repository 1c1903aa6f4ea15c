package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class MixesTableTest {
    @Test
    void oneRowPerCrudEndpointAndOneWeightColumnPerMixDeclaredFirst() {
        TableModel t = new MixesTable().build(ResultsFixture.full());
        ParsedMarkdown md = ParsedMarkdown.of(t);
        assertTrue(md.caption().startsWith("Table 7 (illustrative weights of this package): workload mixes"));
        assertEquals(List.of("endpoint", "request", "illustrative (declared) (%)", "write_heavy (%)"), md.header());
        assertEquals(List.of("post_item", "get_item", "get_list", "put_item", "delete_item"), md.column(0));
        assertEquals(List.of("get_item", "GET /items/{id}", "40.0", "15.0"), md.row("get_item"));
        assertEquals(List.of("delete_item", "DELETE /items/{id}", "10.0", "20.0"), md.row("delete_item"));
    }
}
