package dev.tpm.analysis;

import static dev.tpm.analysis.SyntheticDataset.stack;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tpm.model.RunColumns;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.results.StackPooled;
import java.util.List;
import org.junit.jupiter.api.Test;

/** analysis.md version 6 on SYNTHETIC data. */
class AnalysisV6Test {
    private static final long MIB = 1024L * 1024;

    private static void runs(SyntheticDataset data, String campaign, String stack, int n) {
        for (String e : dev.tpm.model.Endpoints.CRUD) {
            for (int k = 1; k <= n; k++) {
                data.run1(campaign, stack, e, k, RunColumns.RPS, 100.0 + k, RunColumns.PEAK_RSS_KIB, 2048L,
                        RunColumns.IDLE_RSS_KIB, 1024L, RunColumns.STARTUP_MS, 10.0 + k);
            }
        }
    }

    /** Section 1: a device's artifact sizes come from its own campaigns, not from another device's first one. */
    @Test
    void artifactSizesAreTheDevicesOwn() {
        SyntheticDataset data = new SyntheticDataset().mix("illustrative", 0.2, 0.2, 0.2, 0.2, 0.2)
                .campaign("a1-board", "board", stack("go", 8 * MIB), stack("rust", 3 * MIB))
                .campaign("b1-vm", "vm", stack("go", 9 * MIB))
                .campaign("b2-vm", "vm", stack("go", 12 * MIB), stack("rust", 4 * MIB));
        runs(data, "a1-board", "go", 5);
        runs(data, "a1-board", "rust", 5);
        runs(data, "b1-vm", "go", 5);
        runs(data, "b2-vm", "rust", 5);
        Results r = new Analysis(1).analyze(data.build(), AnalysisTest.VERIFIED);
        DeviceResults board = r.devices().get(0);
        DeviceResults vm = r.devices().get(1);
        assertEquals(List.of("board", "vm"), List.of(board.id(), vm.id()));
        assertEquals(List.of(8.0, 3.0), board.stackPooled().stream().map(StackPooled::artifactMib).toList());
        // the VM's go from its first campaign (9, not the board's 8 nor b2's 12), its rust from b2 (4, not 3)
        assertEquals(List.of(9.0, 4.0), vm.stackPooled().stream().map(StackPooled::artifactMib).toList());
    }
}
