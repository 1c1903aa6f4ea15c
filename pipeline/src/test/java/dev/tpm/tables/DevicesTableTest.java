package dev.tpm.tables;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Results;
import dev.tpm.results.StackPooled;
import dev.tpm.results.Weighted;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** SYNTHETIC results (ResultsFixture): x86-b is pi5-a with its values changed here, nothing measured. */
class DevicesTableTest {
    private static final String CI = "[95% CI]";

    @Test
    void eachDevicesValueWithItsCiAndTheRatioToTheFirstDevice() {
        Results r = withSecond(ResultsFixture.twoDevices(false), DevicesTableTest::doubledThroughputWithoutPython);
        ParsedMarkdown md = ParsedMarkdown.of(new DevicesTable().build(r));

        assertEquals(List.of("metric", "stack", "pi5-a " + CI, "x86-b " + CI, "x86-b / pi5-a"), md.header());
        assertEquals(List.of("w_rps (req/s)", "go", "2200 [2150, 2251]", "4401 [4300, 4501]", "2.00"),
                md.row("w_rps (req/s)", "go"));
        assertEquals(List.of("w_rps_per_mib (req/s/MiB)", "rust", "310.25 [300.00, 321.00]",
                "620.51 [600.01, 641.99]", "2.00"), md.row("w_rps_per_mib (req/s/MiB)", "rust"));
        // a stack without a weighted value on the second device: n/a, no ratio, not ranked
        assertEquals(List.of("w_rps (req/s)", "python", "969 [950, 990]", "n/a", "n/a"), md.row("w_rps (req/s)", "python"));
        assertEquals(List.of("rank", "python", "3", "n/a", ""), md.row("rank", "python"));
        assertEquals(List.of("rank", "rust", "1", "1", ""), md.row("rank", "rust"));
        // pooled values keep their CI (11.45 is stored as 11.4499..., so it rounds down); the artifact has none
        assertEquals(List.of("startup_ms (ms)", "go", "11.2 [11.0, 11.4]", "16.8 [16.5, 17.2]", "1.50"),
                md.row("startup_ms (ms)", "go"));
        assertEquals(List.of("artifact_mib (MiB)", "rust", "3.27", "3.27", "1.00"), md.row("artifact_mib (MiB)", "rust"));
        // metrics in their order, stacks in stack order within each
        assertEquals(List.of("w_rps (req/s)", "w_peak_mib (MiB)", "w_rps_per_mib (req/s/MiB)", "rank",
                "w_p99_ms (ms)", "w_energy_mj (mJ/req)", "idle_rss_mib (MiB)", "startup_ms (ms)", "artifact_mib (MiB)"),
                md.column(0).stream().distinct().toList());
        assertEquals(List.of("go", "rust", "python"), md.rows().subList(0, 3).stream().map(x -> x.get(1)).toList());
        assertTrue(md.caption().contains("pi5-a (campaign") && md.caption().contains("; x86-b (campaign"), md.caption());
        assertTrue(md.notes().stream().anyMatch(n -> n.startsWith("A ratio divides two medians")), md.notes().toString());
    }

    @Test
    void aMetricNoDeviceHasIsLeftOut() {
        UnaryOperator<Weighted> noEnergy = w -> new Weighted(w.device(), w.mix(), w.stack(), w.wRps(), w.wPeakMib(),
                w.wRpsPerMib(), w.wP99Ms(), Estimate.MISSING, w.rank(), w.ratioToBest(), w.missing());
        Results two = ResultsFixture.twoDevices(false);
        Results r = new Results(two.facts(), two.verification(), two.stackOrder(),
                two.devices().stream().map(d -> withWeighted(d, d.weighted().stream().map(noEnergy).toList(),
                        d.stackPooled())).toList(),
                two.replication(), two.replicationTau());
        ParsedMarkdown md = ParsedMarkdown.of(new DevicesTable().build(r));
        assertTrue(md.column(0).stream().noneMatch(m -> m.startsWith("w_energy_mj")), md.column(0).toString());
        assertTrue(md.column(0).contains("w_p99_ms (ms)"));
    }

    @Test
    void writtenOnlyWithSeveralDevices() {
        assertEquals(Optional.of("one device: no devices to compare"), new DevicesTable().lacking(ResultsFixture.full()));
        assertEquals(Optional.empty(), new DevicesTable().lacking(ResultsFixture.twoDevices(false)));
    }

    /** x86-b: throughput (and so throughput per MiB) doubled, start-up 1.5 times, python without a weighted value. */
    private static DeviceResults doubledThroughputWithoutPython(DeviceResults d) {
        List<Weighted> weighted = d.weighted().stream().map(w -> w.stack().equals("python")
                ? new Weighted(w.device(), w.mix(), w.stack(), Estimate.MISSING, Estimate.MISSING, Estimate.MISSING,
                        Estimate.MISSING, Estimate.MISSING, 0, Double.NaN, "delete_item: 0 measured of 10")
                : new Weighted(w.device(), w.mix(), w.stack(), times(w.wRps(), 2), w.wPeakMib(), times(w.wRpsPerMib(), 2),
                        w.wP99Ms(), w.wEnergyMj(), w.rank(), w.ratioToBest(), "")).toList();
        List<StackPooled> pooled = d.stackPooled().stream().map(p -> new StackPooled(p.device(), p.stack(), p.n(),
                p.idleRssMib(), times(p.startupMs(), 1.5), p.artifactMib())).toList();
        return withWeighted(d, weighted, pooled);
    }

    private static Estimate times(Estimate e, double f) {
        return new Estimate(e.value() * f, e.lo() * f, e.hi() * f);
    }

    private static Results withSecond(Results r, UnaryOperator<DeviceResults> change) {
        return new Results(r.facts(), r.verification(), r.stackOrder(),
                List.of(r.devices().get(0), change.apply(r.devices().get(1))), r.replication(), r.replicationTau());
    }

    private static DeviceResults withWeighted(DeviceResults d, List<Weighted> weighted, List<StackPooled> pooled) {
        return d.toBuilder().weighted(weighted).stackPooled(pooled).ratios(List.of()).drift(dev.tpm.results.Drift.NONE)
                .offeredLoad(List.of()).capacity(List.of()).topology(null).steadyStats(List.of()).warmCold(List.of())
                .stealSensitivity(List.of()).build();
    }
}
