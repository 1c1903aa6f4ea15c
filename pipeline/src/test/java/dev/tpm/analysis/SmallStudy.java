package dev.tpm.analysis;

import static dev.tpm.analysis.SyntheticDataset.stack;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.RunColumns;
import java.util.List;

/**
 * A small hand-built study (synthetic numbers chosen so that the expected results can be worked
 * out by hand; see AnalysisTest). One device, three stacks, three runs per group.
 *
 * <ul>
 *   <li>campaigns: c0-old (excluded in analysis.json; lists python first, holds runs that must not
 *       count), c1 (stacks rust, go), c2 (stacks node, go: go's artifact here must be ignored)</li>
 *   <li>rps of run k (k = 1..3) = median + (k - 2) * 10; peak RSS constant per stack</li>
 *   <li>excluded rows cover every reason and the order in which they apply</li>
 * </ul>
 */
final class SmallStudy {
    static final String DEVICE = "pi-test";
    static final List<String> CRUD = List.of("post_item", "get_item", "get_list", "put_item", "delete_item");
    /** Median rps per endpoint in CRUD order. */
    static final double[] RUST_RPS = {1000, 2000, 500, 1000, 1500};
    static final double[] GO_RPS = {1200, 2400, 400, 1100, 1600};
    static final double[] NODE_RPS = {900, 2200, 600, 800, 1000};
    static final long RUST_PEAK_KIB = 8 * 1024;
    /** go's peak RSS is 20 MiB except 4 MiB on put_item and delete_item (so that a write-heavy mix ranks go first). */
    static final long[] GO_PEAK_KIB = {20 * 1024, 20 * 1024, 20 * 1024, 4 * 1024, 4 * 1024};
    static final long NODE_PEAK_KIB = 60 * 1024;
    /** Energy per request (mJ) of rust's three runs per endpoint, CRUD order. */
    static final double[][] RUST_ENERGY_MJ = {{0.5, 0.6, 0.7}, {0.2, 0.3, 0.4}, {0.8, 0.9, 1.0}, {0.5, 0.6, 0.7}, {0.45, 0.55, 0.65}};

    private SmallStudy() {}

    static SyntheticDataset build(int resamples) {
        AnalysisConfig cfg = AnalysisConfig.defaults().with(b -> b.bootstrapResamples(resamples)
                .excludeCampaigns(List.of("c0-old")).minN(3)); // three runs per group: every group is large enough for the rules under test here
        SyntheticDataset d = new SyntheticDataset().config(cfg)
                .campaign("c0-old", DEVICE, stack("python", 1L), stack("rust", 1L))
                .campaign("c1", DEVICE, stack("rust", 3L * 1024 * 1024), stack("go", 6L * 1024 * 1024))
                .campaign("c2", DEVICE, stack("node", 40L * 1024 * 1024), stack("go", 99L * 1024 * 1024))
                .mix("illustrative", 0.1, 0.4, 0.2, 0.2, 0.1)
                .mix("read_heavy", 0, 0.7, 0.3, 0, 0)
                .mix("a_writes", 0.5, 0, 0, 0.3, 0.2);
        for (int e = 0; e < 5; e++) {
            String ep = CRUD.get(e);
            for (int k = 1; k <= 3; k++) {
                double offset = (k - 2) * 10.0;
                d.run1("c1", "rust", ep, k, common(RUST_RPS[e] + offset, RUST_PEAK_KIB, 4096, 4 + k,
                        RunColumns.ENERGY_J, RUST_ENERGY_MJ[e][k - 1] * 10, RunColumns.MEAN_POWER_W, 2.0 + k));
                d.run1("c1", "go", ep, k, common(GO_RPS[e] + offset, GO_PEAK_KIB[e], 10240, 6,
                        RunColumns.ENERGY_J, 9.0 + k, RunColumns.MEAN_POWER_W, 3.0));
                d.run1("c2", "node", ep, k, common(NODE_RPS[e] + offset, NODE_PEAK_KIB, 40960, 100 + 10 * k,
                        RunColumns.ENERGY_J, ep.equals("delete_item") ? null : 20.0 + k));
                // the excluded campaign: would change every median of rust if it counted
                d.run1("c0-old", "rust", ep, k, common(99999, 1024, 1024, 1, RunColumns.ENERGY_J, 1.0));
                d.run1("c0-old", "python", ep, k, common(969, 40960, 30720, 900));
            }
        }
        // rust's descriptive mixed workload (group statistics only)
        for (int k = 1; k <= 3; k++) d.run1("c1", "rust", "mixed", k, common(1200 + k, RUST_PEAK_KIB, 4096, 6));
        // measured at the boundaries: error rate exactly 0.01 and throttled 0x0
        d.run1("c1", "rust", "mixed", 4, common(1202, RUST_PEAK_KIB, 4096, 6, RunColumns.ERRORS_READ, 60L, RunColumns.NON_2XX, 40L,
                RunColumns.THROTTLED, "0x0"));
        d.run1("c1", "rust", "mixed", 5, common(1203, RUST_PEAK_KIB, 4096, 6, RunColumns.THROTTLED, ""));
        // excluded runs, one per reason, and rows where several reasons apply
        d.run1("c1", "rust", "get_item", 101, common(1, RUST_PEAK_KIB, 4096, 6, RunColumns.WARMUP, 1));
        d.run1("c1", "rust", "get_item", 102, common(1, RUST_PEAK_KIB, 4096, 6, RunColumns.WARMUP, 1, RunColumns.STATUS, "failed"));
        d.run1("c1", "go", "post_item", 4, RunColumns.STATUS, "failed");
        d.run1("c2", "node", "get_list", 4, common(5, NODE_PEAK_KIB, 40960, 100, RunColumns.STATUS, "discarded"));
        d.run1("c1", "rust", "put_item", 4, common(5, RUST_PEAK_KIB, 4096, 6, RunColumns.ERRORS_READ, 101L));
        d.run1("c1", "go", "get_item", 4, common(5, GO_PEAK_KIB[0], 10240, 6, RunColumns.THROTTLED, "0x50005"));
        d.run1("c1", "go", "get_list", 4, common(5, GO_PEAK_KIB[0], 10240, 6, RunColumns.NON_2XX, 500L, RunColumns.THROTTLED, "0x4"));
        d.run1("c1", "rust", "delete_item", 4, common(5, RUST_PEAK_KIB, 4096, 6, RunColumns.STATUS, "failed",
                RunColumns.ERRORS_TIMEOUT, 5000L));
        // phase 2: rust 1000, 2000, 2100, 2150 (gains 1.0, 0.05, 0.024: plateau at 30); go 1000, 1500, 2000 (no plateau)
        int[] rustLevels = {10, 30, 60, 120};
        double[] rustSweep = {1000, 2000, 2100, 2150};
        int[] goLevels = {10, 30, 60};
        double[] goSweep = {1000, 1500, 2000};
        for (int k = 1; k <= 3; k++) {
            for (int i = 0; i < rustLevels.length; i++) {
                d.run2("c1", "rust", rustLevels[i], k, sweep(rustSweep[i] + (k - 2) * 10.0, 9 * 1024 + 1024L * (k - 2)));
            }
            for (int i = 0; i < goLevels.length; i++) d.run2("c1", "go", goLevels[i], k, sweep(goSweep[i] + (k - 2) * 10.0, 30 * 1024));
        }
        d.run2("c1", "go", 60, 4, RunColumns.STATUS, "failed");
        d.run2("c1", "go", 60, 0, RunColumns.WARMUP, 1, RunColumns.STATUS, "ok");
        // phase 3: two rust series (flat 8 MiB; 8, 9, 7, 8 MiB) and one in the excluded campaign
        d.series("c1", "rust", "get_item", 1, new long[] {0, 130, 260}, new long[] {8192, 8192, 8192});
        d.series("c1", "rust", "post_item", 1, new long[] {0, 130, 260, 390}, new long[] {8192, 9216, 7168, 8192});
        d.series("c0-old", "rust", "get_item", 1, new long[] {0, 130}, new long[] {1, 99999});
        return d;
    }

    /** The cells every ok phase-1 row needs, plus extra (name, value) pairs. */
    private static Object[] common(double rps, long peakKib, long idleKib, double startupMs, Object... extra) {
        Object[] base = {RunColumns.RPS, rps, RunColumns.PEAK_RSS_KIB, peakKib, RunColumns.IDLE_RSS_KIB, idleKib,
            RunColumns.STARTUP_MS, startupMs, RunColumns.LAT_P50_MS, 5.0 + rps / 1000, RunColumns.LAT_P99_MS, 11.0,
            RunColumns.ERRORS_CONNECT, 0L, RunColumns.NON_2XX, 0L};
        Object[] out = java.util.Arrays.copyOf(base, base.length + extra.length);
        System.arraycopy(extra, 0, out, base.length, extra.length);
        return out;
    }

    private static Object[] sweep(double rps, long peakKib) {
        return new Object[] {RunColumns.RPS, rps, RunColumns.PEAK_RSS_KIB, peakKib, RunColumns.LAT_P50_MS, 3.0,
            RunColumns.LAT_P99_MS, rps / 100};
    }
}
