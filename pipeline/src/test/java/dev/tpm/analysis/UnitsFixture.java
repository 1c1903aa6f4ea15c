package dev.tpm.analysis;

import static dev.tpm.analysis.SyntheticDataset.stack;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.RunColumns;
import dev.tpm.results.Results;
import java.util.List;
import java.util.Map;

/**
 * Synthetic results with units of one model, for tests outside this package (the units figure):
 * model m has three units (u1, u2 at 0.8 x u1, u3 at 0.6 x u1 on every stack) with three stacks;
 * go leads java on rps per MiB on every unit, node trails both. Device solo is a model of its own.
 */
public final class UnitsFixture {
    private UnitsFixture() {}

    public static Results results() {
        return results(Map.of("u1", "m", "u2", "m", "u3", "m", "solo", "s"));
    }

    /** The same runs with two models of two units each: m (u1, u2) and n (u3, solo). */
    public static Results twoModels() {
        return results(Map.of("u1", "m", "u2", "m", "u3", "n", "solo", "n"));
    }

    /** The same runs with every device a model of its own: units.csv has no rows. */
    public static Results withoutUnits() {
        return results(Map.of("u1", "m1", "u2", "m2", "u3", "m3", "solo", "s"));
    }

    private static Results results(Map<String, String> models) {
        AnalysisConfig cfg = new AnalysisConfig(200, 0.95, 7L, 0.05, AnalysisConfig.MANN_WHITNEY, 0.8, 0.01, 0.1, 0.5, List.of(),
                5, 5, List.of(60.0)).withUnits(2, models);
        SyntheticDataset data = new SyntheticDataset().config(cfg).mix("reads", 0, 1, 0, 0, 0);
        Map<String, Double> effect = Map.of("c-u1", 1.0, "c-u2", 0.8, "c-u3", 0.6, "c-solo", 2.0);
        for (String c : List.of("c-solo", "c-u1", "c-u2", "c-u3")) {
            data.campaign(c, c.substring(2), stack("go", 1024L), stack("java", 2048L), stack("node", 1536L));
            for (int k = 1; k <= 6; k++) {
                double e = effect.get(c);
                data.run1(c, "go", "get_item", k, ok(e * (1000 + 25 * k), 20480, 5.0 + 0.1 * k));
                data.run1(c, "java", "get_item", k, ok(e * (2400 + 40 * k), 61440, 9.0 + 0.1 * k));
                data.run1(c, "node", "get_item", k, ok(e * (500 + 20 * k), 40960, 7.0 + 0.1 * k));
            }
        }
        return new Analysis(2).analyze(data.build(), AnalysisTest.VERIFIED);
    }

    private static Object[] ok(double rps, long peakKib, double p99) {
        return new Object[] {RunColumns.RPS, rps, RunColumns.PEAK_RSS_KIB, peakKib, RunColumns.IDLE_RSS_KIB, peakKib / 2,
            RunColumns.STARTUP_MS, 5.0, RunColumns.LAT_P50_MS, 1.0, RunColumns.LAT_P99_MS, p99};
    }
}
