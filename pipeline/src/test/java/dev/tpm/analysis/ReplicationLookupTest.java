package dev.tpm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.GroupStat;
import dev.tpm.results.MemorySummary;
import dev.tpm.results.StackPooled;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.SweepSummary;
import dev.tpm.results.Weighted;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One test per form of published.csv's metric vocabulary, on a hand-made DeviceResults (synthetic values). */
class ReplicationLookupTest {
    private static final String DEV = "dev";

    private static Estimate e(double v) {
        return new Estimate(v, v - 1, v + 1);
    }

    private static final DeviceResults D = new DeviceResults(SyntheticDataset.device(DEV), List.of("c"), List.of("rust", "go"),
            "declared",
            List.of(new GroupStat(DEV, "rust", "get_item", "peak_rss_mib", 50, 7.5, 7.6, 0.1, 7.4, 7.7, 7, 8, 7.4, 7.6),
                    new GroupStat(DEV, "rust", "post_item", "lat_p99_ms", 50, 12.5, 13, 1, 12, 13, 10, 20, 12, 13)),
            List.of(), List.of(), List.of(), null,
            List.of(new Weighted(DEV, "other", "rust", e(1), e(1), e(1), e(1), e(1), 1, 1),
                    new Weighted(DEV, "declared", "rust", e(2461), e(7.36), e(310.25), e(14), e(0.42), 1, 1)),
            List.of(),
            List.of(new StackPooled(DEV, "rust", 250, e(4.5), e(3.25), 3.27)),
            List.of(new SweepPoint(DEV, "rust", 30, 10, e(2300), e(20), 8, List.of("get_item")), new SweepPoint(DEV, "rust", 120, 10, e(9700), e(40), 9, List.of("get_item"))),
            List.of(new SweepSummary(DEV, "rust", 9700, 120, 120)),
            List.of(new MemorySummary(DEV, "rust", 3, 100, 12.9, 7.8, 7.7, 7.9, 7.85, 0.05, 2, 0.001)),
            List.of(), List.of(), List.of(), List.of(), List.of());

    private static double m(String metric) {
        return ReplicationLookup.measured(D, "rust", metric);
    }

    @Test
    void weightedValuesUnderTheDeclaredMix() {
        assertEquals(List.of(2461.0, 7.36, 310.25, 14.0, 0.42),
                List.of(m("w_rps"), m("w_peak_mib"), m("w_rps_per_mib"), m("w_p99_ms"), m("w_energy_mj")));
    }

    @Test
    void stackPooledValues() {
        assertEquals(List.of(4.5, 3.25, 3.27), List.of(m("idle_rss_mib"), m("startup_ms"), m("artifact_mib")));
    }

    @Test
    void sweepValuesByConcurrency() {
        assertEquals(2300.0, m("rps_c30"));
        assertEquals(40.0, m("p99_ms_c120"));
        assertTrue(Double.isNaN(m("rps_c60")));
        assertEquals(9700.0, m("peak_rps"));
    }

    @Test
    void memoryValues() {
        assertEquals(List.of(7.8, 7.7, 7.9, 7.85, 0.05, 2.0),
                List.of(m("first_mib"), m("min_mib"), m("max_mib"), m("last_mib"), m("growth_mib"), m("drops")));
    }

    @Test
    void groupMedianByMetricAndEndpoint() {
        assertEquals(7.5, m("peak_rss_mib:get_item"));
        assertEquals(12.5, m("lat_p99_ms:post_item"));
        assertTrue(Double.isNaN(m("rps:get_item"))); // no such group
        assertTrue(Double.isNaN(m("not_a_metric:get_item")));
    }

    @Test
    void unknownNamesAndStacksAreMissing() {
        assertTrue(Double.isNaN(m("w_rps_per_mb")));
        assertTrue(Double.isNaN(ReplicationLookup.measured(D, "python", "w_rps")));
        assertTrue(Double.isNaN(ReplicationLookup.measured(D, "go", "idle_rss_mib")));
    }

    @Test
    void metricsSortByFormThenWithinForm() {
        List<String> names = new ArrayList<>(List.of("zzz", "rps:get_item", "drops", "peak_rps", "p99_ms_c30", "rps_c120",
                "rps_c30", "artifact_mib", "idle_rss_mib", "w_energy_mj", "w_rps", "peak_rss_mib:post_item", "rps:post_item"));
        names.sort(ReplicationLookup.order());
        assertEquals(List.of("w_rps", "w_energy_mj", "idle_rss_mib", "artifact_mib", "rps_c30", "p99_ms_c30", "rps_c120",
                "peak_rps", "drops", "rps:post_item", "rps:get_item", "peak_rss_mib:post_item", "zzz"), names);
    }
}
