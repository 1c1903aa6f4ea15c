package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class StartupTableTest {
    @Test
    void startupMedianWithCiAndArtifactSizePerStack() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new StartupTable().build(r, r.devices().get(0)));
        assertEquals(List.of("stack", "n", "startup (ms), median [95% CI]", "artifact (MiB)"), md.header());
        // go's CI ends at 11.45, whose double is 11.4499999...: rounding the exact binary value gives 11.4
        // (as C's printf, numpy and R do)
        assertEquals(List.of(List.of("go", "250", "11.2 [11.0, 11.4]", "8.75"),
                List.of("rust", "250", "11.0 [11.0, 11.1]", "3.27"),
                List.of("python", "250", "480.0 [470.0, 490.0]", "45.60")), md.rows());
    }
}
