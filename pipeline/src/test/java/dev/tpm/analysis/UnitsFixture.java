package dev.tpm.analysis;

import static dev.tpm.analysis.SyntheticDataset.stack;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.RunColumns;
import dev.tpm.model.StackInfo;
import dev.tpm.results.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Synthetic results with units of one model, for tests outside this package (the units table and
 * figure): model m has three units of one cpu_id (u1, u2 at 0.8 x u1, u3 at 0.6 x u1 on every
 * stack) with three stacks; go leads java on rps per MiB on every unit, node trails both. Device
 * solo is a model of its own, on another CPU. All values are synthetic.
 */
public final class UnitsFixture {
    /** The cpu_id of u1, u2 and u3. */
    public static final String CPU = "x86:AuthenticAMD:25:1:1";
    /** solo's cpu_id. */
    public static final String OTHER_CPU = "x86:GenuineIntel:6:85:7";

    private UnitsFixture() {}

    public static Results results() {
        return results(Map.of("u1", "m", "u2", "m", "u3", "m", "solo", "s"));
    }

    /** The same runs with two models of two units each: m (u1, u2) and n (u3, solo: two CPUs, hardware mixed). */
    public static Results twoModels() {
        return results(Map.of("u1", "m", "u2", "m", "u3", "n", "solo", "n"));
    }

    /** The same runs with every device a model of its own: units.csv has no rows. */
    public static Results withoutUnits() {
        return results(Map.of("u1", "m1", "u2", "m2", "u3", "m3", "solo", "s"));
    }

    private static AnalysisConfig config(Map<String, String> models) {
        return AnalysisConfig.defaults().with(b -> b.bootstrapResamples(200).rngSeed(7L)
                .memoryCheckpointsS(List.of(60.0)).minUnits(2).deviceModels(models));
    }

    private static Results results(Map<String, String> models) {
        SyntheticDataset data = new SyntheticDataset().config(config(models)).mix("reads", 0, 1, 0, 0, 0);
        Map<String, Double> effect = Map.of("c-u1", 1.0, "c-u2", 0.8, "c-u3", 0.6, "c-solo", 2.0);
        for (String c : List.of("c-solo", "c-u1", "c-u2", "c-u3")) {
            data.campaignOnCpu(c, c.substring(2), c.equals("c-solo") ? OTHER_CPU : CPU, stack("go", 1024L), stack("java", 2048L),
                    stack("node", 1536L));
            // SYNTHETIC probes within probe_tolerance of each other (version 6): the units' machines agree
            data.probe(c, 0, 1000 + 10 * effect.get(c), 9000);
            for (int k = 1; k <= 6; k++) {
                double e = effect.get(c);
                data.run1(c, "go", "get_item", k, ok(e * (1000 + 25 * k), 20480, 5.0 + 0.1 * k));
                data.run1(c, "java", "get_item", k, ok(e * (2400 + 40 * k), 61440, 9.0 + 0.1 * k));
                data.run1(c, "node", "get_item", k, ok(e * (500 + 20 * k), 40960, 7.0 + 0.1 * k));
            }
        }
        return new Analysis(2).analyze(data.build(), AnalysisTest.VERIFIED);
    }

    /** Long device ids of the stress fixture's three units. */
    public static final List<String> LONG_UNITS = List.of("x86-64-virtual-machine-two-cores-eu-west-unit-a",
            "x86-64-virtual-machine-two-cores-eu-west-unit-b", "x86-64-virtual-machine-two-cores-us-east-unit-c");
    /** The stress fixture's nine stacks; the last is a thousand times slower than the first. */
    public static final List<String> NINE_STACKS = List.of("go", "rust", "python", "python-1w", "node", "java", "java-jdk",
            "elixir-phoenix-cowboy", "ruby-rails-puma-cluster");

    /**
     * Data no units figure was drawn for: three units of one CPU with long device ids, nine stacks
     * whose rps per MiB spans five decades, one unit at 0.4 x the others.
     */
    public static Results stress() {
        Map<String, String> models = Map.of(LONG_UNITS.get(0), "x86-vm-2c-long-model-name", LONG_UNITS.get(1),
                "x86-vm-2c-long-model-name", LONG_UNITS.get(2), "x86-vm-2c-long-model-name");
        SyntheticDataset data = new SyntheticDataset().config(config(models)).mix("reads", 0, 1, 0, 0, 0);
        List<StackInfo> stacks = new ArrayList<>();
        for (String s : NINE_STACKS) stacks.add(stack(s, 1024L));
        for (int u = 0; u < LONG_UNITS.size(); u++) {
            String c = "2026-12-0" + (u + 1) + "-" + LONG_UNITS.get(u);
            data.campaignOnCpu(c, LONG_UNITS.get(u), CPU, stacks.toArray(StackInfo[]::new));
            data.probe(c, 0, 1000 + 20 * u, 9000); // SYNTHETIC probes that agree (version 6)
            double unit = u == 2 ? 0.4 : 1.0 + 0.1 * u;
            for (int s = 0; s < NINE_STACKS.size(); s++) {
                double level = 30000 / Math.pow(3.2, s); // from 30,000 down to about 2 req/s
                for (int k = 1; k <= 6; k++) {
                    data.run1(c, NINE_STACKS.get(s), "get_item", k, ok(unit * level * (1 + 0.01 * k), 20480 + 4096 * s, 5.0 + s));
                }
            }
        }
        return new Analysis(2).analyze(data.build(), AnalysisTest.VERIFIED);
    }

    private static Object[] ok(double rps, long peakKib, double p99) {
        return new Object[] {RunColumns.RPS, rps, RunColumns.PEAK_RSS_KIB, peakKib, RunColumns.IDLE_RSS_KIB, peakKib / 2,
            RunColumns.STARTUP_MS, 5.0, RunColumns.LAT_P50_MS, 1.0, RunColumns.LAT_P99_MS, p99,
            RunColumns.REQUESTS, rps * 10, RunColumns.CPU_S, 9.5};
    }
}
