package dev.tpm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.RunColumns;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Not part of the default suite (its name matches no surefire include): times the analysis at the
 * paper's scale on synthetic data. Run with {@code mvn -o -q test -Dtest=StudyScaleTiming}.
 */
class StudyScaleTiming {
    @Test
    void paperScaleOnTwoThreads() {
        AnalysisConfig cfg = AnalysisConfig.defaults();
        SyntheticDataset d = new SyntheticDataset().config(cfg);
        List<String> stacks = List.of("go", "rust", "python", "node", "dotnet");
        d.campaign("c1", "pi", stacks.stream().map(s -> SyntheticDataset.stack(s, 1_000_000L)).toArray(dev.tpm.model.StackInfo[]::new));
        d.mix("illustrative", 0.1, 0.4, 0.2, 0.2, 0.1).mix("read", 0, 0.7, 0.3, 0, 0).mix("write", 0.5, 0, 0, 0.3, 0.2)
                .mix("flat", 0.2, 0.2, 0.2, 0.2, 0.2).mix("list", 0.1, 0.1, 0.6, 0.1, 0.1);
        Random rnd = new Random(1);
        for (String s : stacks) {
            for (String e : List.of("post_item", "get_item", "get_list", "put_item", "delete_item", "mixed")) {
                for (int k = 1; k <= 50; k++) {
                    d.run1("c1", s, e, k, RunColumns.RPS, 2000 + 100 * rnd.nextGaussian(), RunColumns.PEAK_RSS_KIB, 8000L + rnd.nextInt(500),
                            RunColumns.IDLE_RSS_KIB, 4000L + rnd.nextInt(100), RunColumns.STARTUP_MS, 5 + rnd.nextDouble(),
                            RunColumns.LAT_P50_MS, 10 + rnd.nextDouble(), RunColumns.LAT_P99_MS, 30 + rnd.nextDouble(),
                            RunColumns.ENERGY_J, 5 + rnd.nextDouble(), RunColumns.MEAN_POWER_W, 3.0);
                }
            }
        }
        long t0 = System.nanoTime();
        var r = new Analysis(2).analyze(d.build(), AnalysisTest.VERIFIED);
        double s = (System.nanoTime() - t0) / 1e9;
        System.out.printf("paper scale: %d group_stats rows, %d posthoc, %.1f s on 2 threads%n",
                r.devices().get(0).groupStats().size(), r.devices().get(0).posthoc().size(), s);
        assertEquals(240, r.devices().get(0).groupStats().size()); // 5 stacks x 6 endpoints x 8 metrics
        assertEquals(400, r.devices().get(0).posthoc().size()); // the paper's Holm family
    }
}
