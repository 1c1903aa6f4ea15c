package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExclusionsTableTest {
    @Test
    void countsPerStackAndPhaseRateAndEveryExcludedRun() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new ExclusionsTable().build(r, r.devices().get(0)));
        assertEquals(List.of("stack", "phase", "rows", "warm-up", "measured", "failed", "discarded", "error_rate",
                "throttled", "steal", "excluded (%)"), md.header());
        // go phase 1: 2 of 250 non-warm-up runs excluded = 0.8%
        assertEquals(List.of(
                        List.of("go", "1", "265", "15", "248", "0", "0", "2", "0", "0", "0.8"),
                        List.of("go", "2", "44", "4", "40", "0", "0", "0", "0", "0", "0.0"),
                        List.of("rust", "1", "265", "15", "250", "0", "0", "0", "0", "0", "0.0"),
                        List.of("python", "1", "265", "15", "249", "1", "0", "0", "0", "0", "0.4")),
                md.rows());
        assertEquals("Warm-up runs are never analysed and not listed in exclusions.csv: 49 in all (45 in phase 1,"
                + " 4 in phase 2).", md.notes().get(0));
        assertTrue(md.notes().contains(
                "Excluded, campaign c1, phase 1, error_rate: seq 17 (go, get_item); seq 99 (go, get_list)."));
        assertTrue(md.notes().contains("Excluded, campaign c1, phase 1, failed: seq 42 (python, post_item)."));
    }

    @Test
    void noExclusionSaysSo() {
        assertEquals(List.of("No run was excluded."), ExclusionsTable.listing(List.of()));
    }
}
