package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;

class EnergyTableTest {
    @Test
    void weightedEnergyMeanPowerAndPerEndpointMedians() {
        Results r = ResultsFixture.full();
        ParsedMarkdown md = ParsedMarkdown.of(new EnergyTable().build(r, r.devices().get(0)));
        assertEquals(List.of("stack", "w_energy_mj (mJ/req) [95% CI]", "mean power, median (W)",
                "energy get_item, median (mJ/req)", "energy get_list, median (mJ/req)"), md.header());
        // go: mean power pooled over CRUD runs 5.0, 5.2, 5.4, 5.6 -> 5.3 (the mixed run is left out)
        assertEquals(List.of("go", "3.46 [3.20, 3.70]", "5.30", "3.00", "0.30"), md.row("go"));
        assertEquals(List.of("rust", "2.90 [2.70, 3.10]", "4.20", "3.00", "0.30"), md.row("rust"));
        // python has no weighted energy and no power samples; 17.425 rounds half up
        assertEquals(List.of("python", "n/a", "n/a", "17.43", "1.74"), md.row("python"));
    }

    @Test
    void theCaptionSaysPmicPowerIsAnEstimateAndEnergyExploratory() {
        Results r = ResultsFixture.full();
        String caption = new EnergyTable().build(r, r.devices().get(0)).caption();
        assertTrue(caption.startsWith("Table 17 (regenerated)"));
        assertTrue(caption.contains("PMIC power is an estimate: the PMIC has no input-current channel, so the sum"
                + " over its rails misses conversion losses."));
        assertTrue(caption.contains("Energy is exploratory"));
        String other = EnergyTable.caption(ResultsFixture.fullDevice("x", "rapl"));
        assertFalse(other.contains("PMIC"));
        assertTrue(other.contains("Energy is exploratory"));
    }
}
