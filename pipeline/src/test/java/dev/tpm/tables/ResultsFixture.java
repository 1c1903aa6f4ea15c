package dev.tpm.tables;

import dev.tpm.results.Metric;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.Device;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Metrics;
import dev.tpm.model.Mix;
import dev.tpm.model.PublishedValue;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Drift;
import dev.tpm.results.DriftTest;
import dev.tpm.results.Estimate;
import dev.tpm.results.Exclusion;
import dev.tpm.results.GroupSample;
import dev.tpm.results.GroupStat;
import dev.tpm.results.Implication;
import dev.tpm.results.MemorySummary;
import dev.tpm.results.Omnibus;
import dev.tpm.results.Posthoc;
import dev.tpm.results.PosthocSummary;
import dev.tpm.results.Ratio;
import dev.tpm.results.Replication;
import dev.tpm.results.ReplicationTau;
import dev.tpm.results.Results;
import dev.tpm.results.RunCount;
import dev.tpm.results.Sensitivity;
import dev.tpm.results.StackPooled;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.SweepSummary;
import dev.tpm.results.Verification;
import dev.tpm.results.Weighted;
import dev.tpm.model.RunRecord;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SYNTHETIC results, built by hand for the table tests: no value here was measured. Stack order is
 * go, rust, python (deliberately not alphabetical). Values are chosen so that rounding is
 * visible (310.2549 prints as 310.25, 2125.5 as 2126).
 */
final class ResultsFixture {
    static final String DEVICE = "pi5-a";
    static final String SECOND_DEVICE = "x86-b";
    static final List<String> STACKS = List.of("go", "rust", "python");
    static final String DECLARED = "illustrative";
    static final String WRITE_HEAVY = "write_heavy";

    private ResultsFixture() {}

    static List<Mix> mixes() {
        return List.of(
                mix(DECLARED, 0.10, 0.40, 0.30, 0.10, 0.10),
                mix(WRITE_HEAVY, 0.30, 0.15, 0.15, 0.20, 0.20));
    }

    private static Mix mix(String name, double... w) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < w.length; i++) m.put(Endpoints.CRUD.get(i), w[i]);
        return new Mix(name, m);
    }

    static Device device(String id, String powerSource) {
        return Device.of(id, "Raspberry Pi 5 Model B", "Cortex-A76 x4", 4, 8064L, "aarch64", "Debian 12",
                "6.6.51", null, null, "DA9091", "performance", 16384, powerSource);
    }

    static List<PublishedValue> published() {
        String src = "arXiv:2609.11932";
        return List.of(
                new PublishedValue(src, "Table 14", "rust", "w_rps_per_mib", 310.25, "req/s/MB", ""),
                new PublishedValue(src, "Table 14", "go", "w_rps_per_mib", 111.13, "req/s/MB", ""),
                new PublishedValue(src, "Table 16", "python", "startup_ms", 471.87, "ms",
                        "derived from a ratio in the text (44.1 ms x 10.7)"),
                new PublishedValue(src, "Table 19", "go", "rps_c240", 14230, "req/s", ""));
    }

    /** Phase-2 run records with only the device and endpoint that matter here (synthetic). */
    static List<RunRecord> phase2(String... deviceEndpointPairs) {
        List<RunRecord> out = new ArrayList<>();
        for (int i = 0; i < deviceEndpointPairs.length; i += 2) {
            RunRow.Builder b = new RunRow.Builder(i + 1, "go", deviceEndpointPairs[i + 1], 240, 2, i + 1, false);
            b.status = RunStatus.OK;
            out.add(new RunRecord("c1", deviceEndpointPairs[i], 2, i + 2, b.build()));
        }
        return out;
    }

    /** One device with every kind of result. */
    static Results full() {
        return full(AnalysisConfig.defaults());
    }

    static Results full(AnalysisConfig config) {
        return full(config, published());
    }

    static Results full(AnalysisConfig config, List<PublishedValue> published) {
        Dataset ds = new Dataset(Path.of("data"), config, mixes(), List.of(), List.of(),
                phase2(DEVICE, Endpoints.GET_ITEM, DEVICE, Endpoints.GET_ITEM), List.of(), published, List.of());
        DeviceResults d = fullDevice(DEVICE, "pmic");
        return new Results(dev.tpm.testing.TestFacts.of(ds), new Verification(3, "0".repeat(64)), List.of("go", "rust", "python", "node"),
                List.of(d), replication(DEVICE), List.of(new ReplicationTau(DEVICE, "w_rps_per_mib", 2, Double.NaN, Double.NaN,
                        List.of("go", "rust"), List.of("go", "rust"))));
    }

    /**
     * Two devices: pi5-a with everything, x86-b with phase 1 only (no energy, sweep or memory), and
     * no published values unless asked.
     */
    static Results twoDevices(boolean withPublished) {
        Dataset ds = new Dataset(Path.of("data"), AnalysisConfig.defaults(), mixes(), List.of(),
                List.of(), phase2(DEVICE, Endpoints.GET_ITEM), List.of(),
                withPublished ? published() : List.of(), List.of());
        DeviceResults a = fullDevice(DEVICE, "pmic");
        DeviceResults full = fullDevice(SECOND_DEVICE, "none");
        List<GroupStat> noEnergy = full.groupStats().stream()
                .filter(g -> !g.metric().equals(Metrics.ENERGY_MJ_PER_REQ)).toList();
        DeviceResults b = DeviceResults.builder(full.device()).campaigns(full.campaigns()).stacks(full.stacks())
                .declaredMix(full.declaredMix()).groupStats(noEnergy).omnibus(full.omnibus()).posthoc(full.posthoc())
                .posthocSummary(full.posthocSummary()).weighted(full.weighted()).sensitivity(full.sensitivity())
                .stackPooled(full.stackPooled()).runCounts(full.runCounts()).implications(full.implications())
                .paretoFrontier(full.paretoFrontier()).ratios(full.ratios()).build();
        List<Replication> rep = new ArrayList<>(replication(DEVICE));
        rep.addAll(replication(SECOND_DEVICE));
        return new Results(dev.tpm.testing.TestFacts.of(ds), new Verification(3, "0".repeat(64)), List.of("go", "rust", "python"),
                List.of(a, b), withPublished ? rep : List.of(), List.of());
    }

    static List<Replication> replication(String device) {
        return List.of(
                new Replication(device, "Table 14", "go", "w_rps_per_mib", 111.13, 111.1349, 111.1349 / 111.13),
                new Replication(device, "Table 14", "rust", "w_rps_per_mib", 310.25, 310.2549, 310.2549 / 310.25),
                new Replication(device, "Table 16", "python", "startup_ms", 471.87, 480.04, 480.04 / 471.87));
        // rps_c240 of go deliberately has no measurement: it prints n/a
    }

    static GroupStat gs(String device, String stack, String endpoint, String metric, int n, double median,
            double lo, double hi) {
        return new GroupStat(device, stack, endpoint, metric, n, median, median, 1, median - 1, median + 1,
                median - 2, median + 2, lo, hi);
    }

    static DeviceResults fullDevice(String id, String powerSource) {
        List<GroupStat> g = new ArrayList<>();
        // get_item and get_list for every stack, mixed for go only (descriptive)
        double[][] rps = {{24000.4, 23800.0, 24100.0}, {21000.5, 20900.0, 21100.0}, {2300.0, 2250.0, 2350.0}};
        for (int s = 0; s < STACKS.size(); s++) {
            String st = STACKS.get(s);
            for (String e : List.of(Endpoints.GET_ITEM, Endpoints.GET_LIST)) {
                double f = e.equals(Endpoints.GET_ITEM) ? 1 : 0.1;
                g.add(gs(id, st, e, Metrics.RPS, 50, rps[s][0] * f, rps[s][1] * f, rps[s][2] * f));
                g.add(gs(id, st, e, Metrics.LAT_P50_MS, 50, 1.234 + s, 1.2 + s, 1.3 + s));
                g.add(gs(id, st, e, Metrics.LAT_P99_MS, 50, 5.678 + 10 * s, 5.5 + 10 * s, 5.9 + 10 * s));
                g.add(gs(id, st, e, Metrics.PEAK_RSS_MIB, 50, new double[] {19.7249, 7.3601, 236.7149}[s] + f, 0, 0));
                g.add(gs(id, st, e, Metrics.ENERGY_MJ_PER_REQ, 50, new double[] {3.004, 2.996, 17.425}[s] * f, 0, 0));
            }
        }
        g.add(gs(id, "go", Endpoints.MIXED, Metrics.RPS, 50, 9000.0, 8900.0, 9100.0));
        g.add(gs(id, "go", Endpoints.MIXED, Metrics.PEAK_RSS_MIB, 50, 18.0, 17.0, 19.0));

        List<GroupSample> samples = List.of(
                new GroupSample(id, "go", Endpoints.GET_ITEM, Metrics.MEAN_POWER_W, new double[] {5.0, 5.2, 5.4}),
                new GroupSample(id, "go", Endpoints.GET_LIST, Metrics.MEAN_POWER_W, new double[] {5.6}),
                new GroupSample(id, "go", Endpoints.MIXED, Metrics.MEAN_POWER_W, new double[] {99.0}),
                new GroupSample(id, "rust", Endpoints.GET_ITEM, Metrics.MEAN_POWER_W, new double[] {4.1, 4.3, 4.2}));

        List<Omnibus> omnibus = List.of(
                new Omnibus(id, Endpoints.GET_ITEM, Metrics.RPS, 3, 150, 120.456, 2, 1.234e-26, 0.8108),
                new Omnibus(id, Endpoints.GET_ITEM, Metrics.LAT_P99_MS, 3, 150, 3.1, 2, 0.21224, 0.0208),
                new Omnibus(id, Endpoints.GET_LIST, Metrics.RPS, 3, 150, 99.5, 2, 2.5e-22, 0.6678));
        List<Posthoc> posthoc = new ArrayList<>();
        String[][] pairs = {{"go", "rust"}, {"go", "python"}, {"rust", "python"}};
        for (String[] p : pairs) {
            posthoc.add(ph(id, Endpoints.GET_ITEM, Metrics.RPS, p, true));
            posthoc.add(ph(id, Endpoints.GET_ITEM, Metrics.LAT_P99_MS, p, p[1].equals("python") && p[0].equals("go")));
            posthoc.add(ph(id, Endpoints.GET_LIST, Metrics.RPS, p, !p[0].equals("go") || !p[1].equals("rust")));
        }

        List<Weighted> weighted = List.of(
                w(id, DECLARED, "go", est(2200.4, 2150.2, 2250.7), est(19.7249, 19.5, 19.9),
                        est(111.1349, 108.0, 114.0), est(3.456, 3.2, 3.7), 2, 2.7918),
                w(id, DECLARED, "rust", est(2125.5, 2080.0, 2170.0), est(7.3601, 7.2, 7.5),
                        est(310.2549, 300.004, 320.996), est(2.9, 2.7, 3.1), 1, 1.0),
                w(id, DECLARED, "python", est(969.0, 950.0, 990.0), est(236.7149, 230.0, 240.0),
                        est(4.0951, 3.9, 4.3), Estimate.MISSING, 3, 75.7618),
                w(id, WRITE_HEAVY, "go", est(1500.0, 1400.0, 1600.0), est(20.0, 19.0, 21.0),
                        est(75.0, 70.0, 80.0), Estimate.MISSING, 2, 2.5),
                w(id, WRITE_HEAVY, "rust", est(1400.0, 1300.0, 1500.0), est(7.5, 7.4, 7.6),
                        est(187.5, 180.0, 195.0), Estimate.MISSING, 1, 1.0),
                w(id, WRITE_HEAVY, "python", est(600.0, 550.0, 650.0), est(240.0, 235.0, 245.0),
                        est(2.5, 2.4, 2.6), Estimate.MISSING, 3, 75.0));
        List<Sensitivity> sensitivity = List.of(
                new Sensitivity(id, DECLARED, 1.0, Double.NaN), new Sensitivity(id, WRITE_HEAVY, 0.33333, 0.60151));
        List<StackPooled> pooled = List.of(
                new StackPooled(id, "go", 250, est(12.345, 12.1, 12.6), est(11.2, 11.0, 11.45), 8.7512),
                new StackPooled(id, "rust", 250, est(4.97, 4.9, 5.04), est(11.04, 10.96, 11.14), 3.2699),
                new StackPooled(id, "python", 250, est(230.5, 229.9, 231.0), est(480.04, 470.0, 490.0), 45.6));
        List<SweepPoint> sweep = new ArrayList<>();
        int[] cs = {30, 60, 120, 240};
        double[] goRps = {9000, 12000, 14000, 14230.4};
        double[] rustRps = {10000, 13000, 16000, 17469.6};
        for (int i = 0; i < cs.length; i++) {
            sweep.add(new SweepPoint(id, "go", cs[i], 10, est(goRps[i], goRps[i] - 100, goRps[i] + 100),
                    est(10.0 * (i + 1), 9.0 * (i + 1), 11.0 * (i + 1)), 15.0 + i, List.of("get_item")));
            sweep.add(new SweepPoint(id, "rust", cs[i], 10, est(rustRps[i], rustRps[i] - 100, rustRps[i] + 100),
                    est(8.0 * (i + 1), 7.0 * (i + 1), 9.0 * (i + 1)), 7.0 + i / 10.0, List.of("get_item")));
        }
        sweep.add(new SweepPoint(id, "python", 30, 10, est(2100, 2000, 2200), est(50, 45, 55), 235, List.of("get_item")));
        sweep.add(new SweepPoint(id, "python", 60, 10, est(2107, 2005, 2210), est(90, 85, 95), 236, List.of("get_item")));
        // stats hand them over sorted by stack order; shuffle to check the table sorts
        java.util.Collections.reverse(sweep);
        List<SweepSummary> sweepSummary = List.of(
                new SweepSummary(id, "go", 14230.4, 240, 120),
                new SweepSummary(id, "rust", 17469.6, 240, null),
                new SweepSummary(id, "python", 2107, 60, 30));
        List<MemorySummary> memory = List.of(
                new MemorySummary(id, "rust", 5, 461.5, 60.04, 7.71, 7.70, 7.80, 7.79, 0.08, 0, 0.00012),
                new MemorySummary(id, "go", 5, 460, 60.0, 12.0, 11.0, 19.5, 14.0, 2.0, 36, 0.0333),
                new MemorySummary(id, "python", 5, 459, 59.96, 235.0, 234.0, 250.0, 249.0, 14.0, 3, 0.2333));
        List<Exclusion> exclusions = List.of(
                new Exclusion(id, "c1", 1, 17, "go", Endpoints.GET_ITEM, "error_rate"),
                new Exclusion(id, "c1", 1, 42, "python", Endpoints.POST_ITEM, "failed"),
                new Exclusion(id, "c1", 1, 99, "go", Endpoints.GET_LIST, "error_rate"));
        List<RunCount> runCounts = List.of(
                new RunCount(id, "go", 1, 265, 15, 248, 0, 0, 2, 0),
                new RunCount(id, "go", 2, 44, 4, 40, 0, 0, 0, 0),
                new RunCount(id, "rust", 1, 265, 15, 250, 0, 0, 0, 0),
                new RunCount(id, "python", 1, 265, 15, 249, 1, 0, 0, 0));
        List<Implication> implications = List.of(
                new Implication(id, "lowest idle RSS", "rust", est(4.97, 4.9, 5.04), "MiB", List.of()),
                new Implication(id, "highest w_rps", "go", est(2200.4, 2150.2, 2250.7), "req/s",
                        List.of(new Implication.Tie("rust", 1.0352, 0.9871, 1.0843))),
                new Implication(id, "fastest startup", "rust", est(11.04, 10.96, 11.14), "ms",
                        List.of(new Implication.Tie("go", 1.0145, 0.9977, 1.0321))),
                new Implication(id, "smallest artifact", "rust", new Estimate(3.2699, Double.NaN, Double.NaN),
                        "MiB", List.of(), List.of(), false, List.of()));
        return DeviceResults.builder(device(id, powerSource)).campaigns(List.of("c1")).stacks(STACKS).declaredMix(DECLARED)
                .groupStats(g).samples(samples).omnibus(omnibus).posthoc(posthoc)
                .posthocSummary(new PosthocSummary(id, 400, 253, 180, 175, 0.05 / 400, 2 / 1.0089134454556417e29, 50, 50))
                .weighted(weighted).sensitivity(sensitivity).stackPooled(pooled).sweep(sweep).sweepSummary(sweepSummary)
                .memory(memory).exclusions(exclusions).runCounts(runCounts).implications(implications)
                .paretoFrontier(List.of("go", "rust")).ratios(ratios(id)).drift(drift(id)).build();
    }

    /** ratios.csv's rows under the declared mix for the ratios table (synthetic). */
    static List<Ratio> ratios(String id) {
        return List.of(
                new Ratio(id, DECLARED, Metric.W_RPS.id(), "go", "go", 2200.4, 1, Double.NaN, Double.NaN, true),
                new Ratio(id, DECLARED, Metric.W_RPS.id(), "rust", "go", 2125.5, 1.0352, 0.9871, 1.0843, true),
                new Ratio(id, DECLARED, Metric.W_RPS.id(), "python", "go", 969.0, 2.2708, 2.1702, 2.3512, false),
                new Ratio(id, DECLARED, Metric.W_PEAK_MIB.id(), "go", "rust", 19.7249, 2.6800, 2.6104, 2.7533, false),
                new Ratio(id, DECLARED, Metric.W_PEAK_MIB.id(), "rust", "rust", 7.3601, 1, Double.NaN, Double.NaN, true),
                new Ratio(id, DECLARED, Metric.W_PEAK_MIB.id(), "python", "rust", 236.7149, 32.1619, 31.0, 33.4, false),
                new Ratio(id, DECLARED, Metric.W_RPS_PER_MIB.id(), "go", "rust", 111.1349, 2.7918, 2.6477, 2.9444, false),
                new Ratio(id, DECLARED, Metric.W_RPS_PER_MIB.id(), "rust", "rust", 310.2549, 1, Double.NaN, Double.NaN, true),
                new Ratio(id, DECLARED, Metric.W_RPS_PER_MIB.id(), "python", "rust", 4.0951, 75.7618, 70.1, 81.9, false),
                new Ratio(id, DECLARED, Metric.W_P99_MS.id(), "go", "go", 5.0, 1, Double.NaN, Double.NaN, true),
                new Ratio(id, DECLARED, Metric.W_P99_MS.id(), "rust", "go", 5.0, 1.0, 0.9, 1.12, true),
                new Ratio(id, DECLARED, Metric.W_P99_MS.id(), "python", "go", 5.0, 1.0, Double.NaN, Double.NaN, null));
    }

    /**
     * Stability diagnostics: go's get_item rises with run order and rust's get_list falls (both
     * drift), python's get_item does not, and go's mixed has a constant rps (no rho).
     */
    static Drift drift(String id) {
        return new Drift(List.of(
                new DriftTest(id, "go", Endpoints.GET_ITEM, 50, 0.6123, 2.3e-6, 6.9e-6, true),
                new DriftTest(id, "go", Endpoints.MIXED, 50, Double.NaN, Double.NaN, Double.NaN, false),
                new DriftTest(id, "rust", Endpoints.GET_LIST, 50, -0.4567, 8.6e-4, 0.00172, true),
                new DriftTest(id, "python", Endpoints.GET_ITEM, 49, 0.1004, 0.49, 0.49, false)),
                List.of(), 300);
    }

    /** {@link #full()} with no drifting group. */
    static Results fullWithoutDrift() {
        Results r = full();
        DeviceResults d = r.devices().get(0);
        List<DriftTest> calm = d.drift().tests().stream().map(t -> new DriftTest(t.device(), t.stack(), t.endpoint(), t.n(),
                t.rho(), t.p(), t.pHolm(), false)).toList();
        return new Results(r.facts(), r.verification(), r.stackOrder(),
                List.of(d.toBuilder().drift(new Drift(calm, List.of(), 300)).build()), r.replication(), r.replicationTau());
    }

    static Estimate est(double v, double lo, double hi) {
        return new Estimate(v, lo, hi);
    }

    private static Weighted w(String device, String mix, String stack, Estimate rps, Estimate peak, Estimate ratio,
            Estimate energy, int rank, double toBest) {
        return new Weighted(device, mix, stack, rps, peak, ratio, est(5, 4, 6), energy, rank, toBest);
    }

    private static Posthoc ph(String device, String endpoint, String metric, String[] pair, boolean significant) {
        return new Posthoc(device, endpoint, metric, pair[0], pair[1], 50, 50, 100, 0.001, "exact", 3, 97, 0.002, 1.2, 1.19,
                0.5, significant ? 0.01 : 0.2, significant);
    }
}
