package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class RatiosTableTest {
    @Test
    void eachStackAgainstTheBestWithItsIntervalAndTies() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new RatiosTable().build(r, r.devices().get(0)));
        assertEquals(List.of("stack", "w_rps_per_mib: x best [95% CI]", "w_rps: x best [95% CI]", "w_peak_mib: x best [95% CI]",
                "w_p99_ms: x best [95% CI]", "no value because"), md.header());
        assertEquals(List.of(
                        List.of("go", "2.79 [2.65, 2.94]", "best", "2.68 [2.61, 2.75]", "best", ""),
                        List.of("rust", "best", "1.04 [0.99, 1.08] tied", "best", "1.00 [0.90, 1.12] tied", ""),
                        List.of("python", "75.76 [70.10, 81.90]", "2.27 [2.17, 2.35]", "32.16 [31.00, 33.40]", "1.00 (no interval)",
                                "")),
                md.rows());
        assertTrue(md.notes().contains("Best on w_rps_per_mib (higher is better): rust, 310.25 req/s/MiB."), md.notes().toString());
        assertTrue(md.notes().contains("Best on w_peak_mib (lower is better): rust, 7.36 MiB."), md.notes().toString());
    }
}
