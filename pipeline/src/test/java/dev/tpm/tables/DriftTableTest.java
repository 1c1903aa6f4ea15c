package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DriftTableTest {
    @Test
    void listsTheDriftingGroupsWithRhoAndHolmP() {
        Results r = ResultsFixture.full();
        TableModel t = new DriftTable().build(r, r.devices().get(0));
        ParsedMarkdown md = ParsedMarkdown.of(t);
        assertEquals(List.of("stack", "endpoint", "n (runs)", "rho", "p (Holm)", "later runs"), md.header());
        assertEquals(List.of(List.of("go", "get_item", "50", "0.612", "6.9e-6", "faster"),
                List.of("rust", "get_list", "50", "-0.457", "0.002", "slower")), md.rows());
        assertTrue(t.caption().startsWith("Run-order drift (new; no paper table): "), t.caption());
        assertTrue(t.caption().endsWith(r.devices().get(0).source() + "."), t.caption());
        // the constant group has no rho: three rhos, median 0.1004, two positive
        assertEquals("2 of 4 tested groups drift (p_holm < 0.05); the median rho over the 3 with a rho is 0.100,"
                + " positive in 2.", t.notes().get(0));
        assertTrue(t.notes().get(1).contains("exchangeable"), t.notes().get(1));
        assertTrue(t.notes().stream().anyMatch(n -> n.equals("Full precision: tables/drift.csv.")));
    }

    @Test
    void saysInOneRowThatNoGroupDrifts() {
        Results r = ResultsFixture.fullWithoutDrift();
        TableModel t = new DriftTable().build(r, r.devices().get(0));
        assertEquals(List.of(List.of("none detected", "no drift detected in a tested group", "", "", "", "")), ParsedMarkdown.of(t).rows());
        assertTrue(t.notes().get(0).startsWith("None of 4 tested groups drift (p_holm < 0.05)"), t.notes().get(0));
    }

    @Test
    void aDeviceWithoutTestedGroupsHasNoDriftTable() {
        Results r = ResultsFixture.full();
        DeviceResults none = r.devices().get(0).toBuilder().drift(dev.tpm.results.Drift.NONE).build();
        assertEquals(Optional.of("no group has min_n = 5 measured phase-1 runs"), new DriftTable().lacking(r, none));
        assertEquals(Optional.empty(), new DriftTable().lacking(r, r.devices().get(0)));
    }
}
