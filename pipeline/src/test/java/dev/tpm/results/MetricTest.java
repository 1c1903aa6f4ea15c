package dev.tpm.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Metrics;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class MetricTest {
    private static List<String> ids(List<Metric> metrics) {
        return metrics.stream().map(Metric::id).toList();
    }

    /** The roles keep analysis.md's lists and their order (group_stats.csv's and weighted.csv's columns). */
    @Test
    void rolesKeepTheSpecsListsInOrder() {
        assertEquals(Metrics.ALL, ids(Metric.withRole(Metric.Role.TESTED)));
        assertEquals(Metrics.DESCRIPTIVE, ids(Metric.withRole(Metric.Role.DESCRIPTIVE)));
        assertEquals(Stream.concat(Metrics.GROUP_STATS.stream(), Stream.of(Metrics.MEAN_POWER_W)).toList(),
                ids(Arrays.stream(Metric.values()).filter(Metric::perRun).toList()));
        assertEquals(List.of("w_rps", "w_peak_mib", "w_rps_per_mib", "w_p99_ms", "w_energy_mj"),
                ids(Metric.withRole(Metric.Role.WEIGHTED)));
        assertEquals(List.of("idle_rss_mib", "startup_ms", "sweep_peak_rps"), ids(Metric.withRole(Metric.Role.POOLED)));
    }

    @Test
    void groupStatsOrderIsTheContractsOrder() {
        for (String id : Stream.concat(Metrics.GROUP_STATS.stream(), Stream.of(Metrics.MEAN_POWER_W, "w_rps", "no_such")).toList()) {
            assertEquals(Metrics.order(id), Metric.order(id), id);
        }
    }

    @Test
    void directionsAndBases() {
        List<Metric> higher = Arrays.stream(Metric.values()).filter(m -> m.role() == Metric.Role.WEIGHTED
                || m.role() == Metric.Role.POOLED).filter(Metric::higherIsBetter).toList();
        assertEquals(List.of(Metric.W_RPS, Metric.W_RPS_PER_MIB, Metric.SWEEP_PEAK_RPS), higher);
        assertEquals(Metric.LAT_P99_MS, Metric.W_P99_MS.base());
        assertEquals(Metric.RPS, Metric.RPS.base());
        assertEquals(Quantity.LATENCY_MS, Metric.W_P99_MS.quantity());
        assertEquals(Metric.POOLED_IDLE_RSS_MIB, Metric.aggregate("idle_rss_mib"));
        assertEquals(Metric.IDLE_RSS_MIB, Metric.perRun("idle_rss_mib"));
        assertNull(Metric.perRun("w_rps"));
        assertNull(Metric.aggregate("rps"));
        assertFalse(Metric.W_RPS.perRun());
        assertThrows(IllegalStateException.class, () -> Metric.W_RPS.read(run(1, 1, 1, 1)));
    }

    /** A SYNTHETIC run: what each per-run metric reads from it (sizes in KiB, energy in J). */
    @Test
    void perRunMetricsReadTheirColumns() {
        Metric.Run r = run(2000, 10_240, 5, 4);
        assertEquals(2000, Metric.RPS.read(r));
        assertEquals(10, Metric.PEAK_RSS_MIB.read(r));
        assertEquals(200, Metric.RPS_PER_MIB.read(r));
        assertEquals(5 * 1000.0 / 20_000, Metric.ENERGY_MJ_PER_REQ.read(r));
        assertEquals(4 / 10.0, Metric.CPU_CORES.read(r));
        assertEquals(20_000 / 4.0, Metric.RPS_PER_CPU_S.read(r));
        assertTrue(Double.isNaN(Metric.LAT_P90_MS.read(r)));
    }

    private static Metric.Run run(double rps, double peakKib, double energyJ, double cpuS) {
        return new Metric.Run() {
            public double rps() { return rps; }
            public double latP50Ms() { return 1; }
            public double latP90Ms() { return Double.NaN; }
            public double latP99Ms() { return 3; }
            public double startupMs() { return 20; }
            public double idleRssKib() { return 4096; }
            public double peakRssKib() { return peakKib; }
            public double idlePssKib() { return Double.NaN; }
            public double peakPssKib() { return Double.NaN; }
            public double energyJ() { return energyJ; }
            public double meanPowerW() { return 2; }
            public double requests() { return 20_000; }
            public double cpuS() { return cpuS; }
            public double durationS() { return 10; }
        };
    }
}
