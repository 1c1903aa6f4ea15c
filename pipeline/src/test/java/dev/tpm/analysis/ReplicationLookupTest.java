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

    private static final DeviceResults D = DeviceResults.builder(SyntheticDataset.device(DEV)).campaigns(List.of("c"))
            .stacks(List.of("rust", "go")).declaredMix("declared")
            .groupStats(List.of(new GroupStat(DEV, "rust", "get_item", "peak_rss_mib", 50, 7.5, 7.6, 0.1, 7.4, 7.7, 7, 8, 7.4, 7.6),
                    new GroupStat(DEV, "rust", "post_item", "lat_p99_ms", 50, 12.5, 13, 1, 12, 13, 10, 20, 12, 13)))
            .weighted(List.of(new Weighted(DEV, "other", "rust", e(1), e(1), e(1), e(1), e(1), 1, 1),
                    new Weighted(DEV, "declared", "rust", e(2461), e(7.36), e(310.25), e(14), e(0.42), 1, 1)))
            .stackPooled(List.of(new StackPooled(DEV, "rust", 250, e(4.5), e(3.25), 3.27)))
            .sweep(List.of(new SweepPoint(DEV, "rust", 30, 10, e(2300), e(20), 8, List.of("get_item")), new SweepPoint(DEV, "rust", 120, 10, e(9700), e(40), 9, List.of("get_item"))))
            .sweepSummary(List.of(new SweepSummary(DEV, "rust", 9700, 120, 120)))
            .memory(List.of(new MemorySummary(DEV, "rust", 3, 100, 12.9, 7.8, 7.7, 7.9, 7.85, 0.05, 2, 0.001))).build();

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

    /** Issue 31's names: rates over the memory window, ranges over endpoints, ratios and counts between stacks, the family. */
    private static final DeviceResults V3 = v3();

    private static DeviceResults v3() {
        List<GroupStat> g = new ArrayList<>();
        double[] rustPeak = {6.6, 7.1, 8.1, 7.0, 6.9};
        double[] rustPerMib = {100, 300, 50, 90, 80};
        double[] goPerMib = {90, 200, 60, 80, 70};
        for (int i = 0; i < 5; i++) {
            String e = dev.tpm.model.Endpoints.CRUD.get(i);
            g.add(new GroupStat(DEV, "rust", e, "peak_rss_mib", 10, rustPeak[i], 0, 0, 0, 0, 0, 0, 0, 0));
            g.add(new GroupStat(DEV, "rust", e, "rps_per_mib", 10, rustPerMib[i], 0, 0, 0, 0, 0, 0, 0, 0));
            g.add(new GroupStat(DEV, "go", e, "rps_per_mib", 10, goPerMib[i], 0, 0, 0, 0, 0, 0, 0, 0));
            if (i < 4) g.add(new GroupStat(DEV, "go", e, "peak_rss_mib", 10, 20, 0, 0, 0, 0, 0, 0, 0, 0));
        }
        return DeviceResults.builder(SyntheticDataset.device(DEV)).campaigns(List.of("c")).stacks(List.of("rust", "go"))
                .declaredMix("declared").groupStats(g)
                .weighted(List.of(new Weighted(DEV, "declared", "rust", e(2125), e(7.36), e(310.25), e(14), e(1), 1, 1),
                        new Weighted(DEV, "declared", "go", e(2200), e(19.72), e(111.13), e(14), e(2), 2, 2.8)))
                .sweep(List.of(new SweepPoint(DEV, "rust", 30, 10, e(2300), e(20), 8, List.of("get_item")),
                        new SweepPoint(DEV, "rust", 60, 10, e(1780), e(20), 8, List.of("get_item"))))
                .sweepSummary(List.of(new SweepSummary(DEV, "rust", 2300, 30, 60), new SweepSummary(DEV, "go", 1, 30, null)))
                .memory(List.of(new MemorySummary(DEV, "rust", 2, 155, 20, 7.8, 7.7, 7.9, 7.85, 5, 3, 0.001)))
                .posthocSummary(new dev.tpm.results.PosthocSummary(DEV, 400, 253, 300, 250, 1e-4, 1e-5, 10, 10))
                .build();
    }

    @Test
    void issue31Names() {
        java.util.function.ToDoubleBiFunction<String, String> at = (stack, metric) -> ReplicationLookup.measured(V3, stack, metric);
        // 5 MiB over a 20 s series: 15 MiB per minute; 3 drops over 2 series of 20 s: 4.5 per minute
        assertEquals(15.0, at.applyAsDouble("rust", "growth_mib_per_min"), 1e-12);
        assertEquals(4.5, at.applyAsDouble("rust", "drops_per_min"), 1e-12);
        assertEquals(6.6, at.applyAsDouble("rust", "peak_rss_mib_min_endpoint"));
        assertEquals(8.1, at.applyAsDouble("rust", "peak_rss_mib_max_endpoint"));
        assertTrue(Double.isNaN(at.applyAsDouble("go", "peak_rss_mib_max_endpoint")), "go lacks one endpoint");
        assertEquals(310.25 / 111.13, at.applyAsDouble("rust", "w_rps_per_mib/go"), 1e-12);
        assertEquals(19.72 / 7.36, at.applyAsDouble("go", "w_peak_mib/rust"), 1e-12);
        assertTrue(Double.isNaN(at.applyAsDouble("rust", "startup_ms/dotnet")));
        assertEquals(4.0, at.applyAsDouble("rust", "endpoints_higher:rps_per_mib:go"));
        assertEquals(1.0, at.applyAsDouble("go", "endpoints_higher:rps_per_mib:rust"));
        assertTrue(Double.isNaN(at.applyAsDouble("rust", "endpoints_higher:rps_per_mib:python")));
        assertEquals(1780.0, at.applyAsDouble("rust", "min_rps"));
        assertEquals(60.0, at.applyAsDouble("rust", "plateau_concurrency"));
        assertTrue(Double.isNaN(at.applyAsDouble("go", "plateau_concurrency")), "no plateau");
        assertEquals(400.0, at.applyAsDouble("all", "posthoc_comparisons"));
        assertEquals(253.0, at.applyAsDouble("all", "posthoc_significant"));
        assertEquals(0.6325, at.applyAsDouble("all", "posthoc_significant_share"), 1e-12);
        // data.md: the family's rows may leave the stack empty
        assertEquals(400.0, at.applyAsDouble("", "posthoc_comparisons"));
        assertEquals(253.0, at.applyAsDouble("", "posthoc_significant"));
        assertTrue(Double.isNaN(at.applyAsDouble("rust", "posthoc_significant")), "the family sits on stack all");
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
