package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.Capacity;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Exclusion;
import dev.tpm.results.Results;
import dev.tpm.results.StealSensitivity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The version-5 tables (analysis.md 4 and 10) on SYNTHETIC results: what is printed where a value is withheld. */
class StealAndCapacityTablesTest {
    private static Results with(DeviceResults d, Results r) {
        return new Results(r.facts(), r.verification(), r.stackOrder(), List.of(d), r.replication(), r.replicationTau());
    }

    @Test
    void anUnstableOrUnmeasuredGroupPrintsItsNoteAndNoNumber() {
        Results base = ResultsFixture.full();
        DeviceResults d = base.devices().get(0).toBuilder().capacity(List.of(
                new Capacity(ResultsFixture.DEVICE, "go", "get_item", 50, 1000, 2000, 16.5, 1000 / 16.5, "p99 61.0 ms"),
                new Capacity(ResultsFixture.DEVICE, "rust", "get_item", 50, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "",
                        false, "unstable: misses 9401, meets 18802"),
                new Capacity(ResultsFixture.DEVICE, "python", "get_item", 50, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "",
                        true, "unmeasured: 669"))).build();
        Results r = with(d, base);
        ParsedMarkdown md = ParsedMarkdown.of(new CapacityTable().build(r, d));
        assertEquals(List.of("go", "get_item", "1000", "2000", "p99 61.0 ms", "16.50", "60.61"), md.rows().get(0));
        List<String> rust = md.rows().get(1);
        assertEquals("unstable: misses 9401, meets 18802", rust.get(2));
        assertEquals("unmeasured: 669", md.rows().get(2).get(2));
        for (List<String> row : md.rows().subList(1, 3)) {
            // no number but the note's own rates: first failing, peak and per MiB are n/a
            assertEquals(List.of("n/a", "n/a", "n/a"), List.of(row.get(3), row.get(5), row.get(6)), row.toString());
        }
        assertTrue(md.notes().stream().anyMatch(n -> n.startsWith("unstable: misses R1, meets R2")), md.notes().toString());
        // a stable group with a capacity: no such note
        DeviceResults plain = base.devices().get(0).toBuilder().capacity(List.of(
                new Capacity(ResultsFixture.DEVICE, "go", "get_item", 50, 1000, 2000, 16.5, 1000 / 16.5, "p99 61.0 ms"))).build();
        assertFalse(ParsedMarkdown.of(new CapacityTable().build(with(plain, base), plain)).notes().stream()
                .anyMatch(n -> n.startsWith("unstable")));
    }

    @Test
    void theStealSensitivityTableNamesTheRunsAndWhyAValueIsEmpty() {
        Results base = ResultsFixture.full();
        String dev = ResultsFixture.DEVICE;
        DeviceResults d = base.devices().get(0).toBuilder()
                .exclusions(List.of(new Exclusion(dev, "c1", 1, 3, "go", "get_item", "steal"),
                        new Exclusion(dev, "c1", 1, 4, "go", "get_item", "steal"),
                        new Exclusion(dev, "c1", 4, 9, "go", "get_item", "steal")))
                .stealSensitivity(List.of(
                        new StealSensitivity(dev, "illustrative", "go", 1501, 1500.5, 150.1, 150.05, 150.1 / 150.05, "", ""),
                        new StealSensitivity(dev, "illustrative", "rust", Double.NaN, 1200, Double.NaN, 120, Double.NaN,
                                "get_item: 3 measured of 5 (2 steal)", "")))
                .build();
        Results r = with(d, base);
        assertTrue(new StealSensitivityTable().lacking(r, base.devices().get(0)).isPresent());
        assertTrue(new StealSensitivityTable().lacking(r, d).isEmpty());
        ParsedMarkdown md = ParsedMarkdown.of(new StealSensitivityTable().build(r, d));
        assertTrue(md.caption().contains("the 2 phase-1 runs excluded for CPU steal"), md.caption());
        assertEquals(List.of("illustrative (declared)", "go", "1501", "1501", "150.10", "150.05", "1.00", ""), md.rows().get(0));
        assertEquals(List.of("illustrative (declared)", "rust", "n/a", "1200", "n/a", "120.00", "n/a",
                "without: get_item: 3 measured of 5 (2 steal)"), md.rows().get(1));
    }
}
