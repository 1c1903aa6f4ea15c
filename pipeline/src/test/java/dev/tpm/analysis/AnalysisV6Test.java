package dev.tpm.analysis;

import static dev.tpm.analysis.SyntheticDataset.stack;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /** Section 1: the steal share is the largest of the device's, the server CPUs' and the load generator CPUs'. */
    @Test
    void theStealShareIsTheLargestOfTheSharesARunRecords() {
        StealCpus two = new StealCpus(2, dev.tpm.results.Topology.cpuCount("1"), dev.tpm.results.Topology.cpuCount("0,2-3"));
        assertEquals(3, two.loadGenerator());
        // a server pinned to one of two vCPUs losing 2.5 of 10 s: device share 0.125, server share 0.25
        assertEquals(0.25, two.share(2.5, 2.5, 0.3, 10), 1e-15);
        assertEquals(0.125, two.share(2.5, Double.NaN, Double.NaN, 10), 1e-15, "a missing share is left out");
        assertEquals(0.1, new StealCpus(null, null, 3).share(2.5, Double.NaN, 3, 10), 1e-15, "no device cores: the others");
        assertTrue(Double.isNaN(StealCpus.NONE.share(1, 1, 1, 10)));
        assertTrue(Double.isNaN(two.share(1, 1, 1, 0)));
    }

    /** Section 9: a session's probe columns, from its probe.csv rows in probe_seq order. */
    @Test
    void theSessionsProbeColumns() {
        List<dev.tpm.model.ProbeRow> rows = List.of(
                new dev.tpm.model.ProbeRow("c", 3, 40, 1, "cpu", 900, 5, 0, "2026-12-07T11:00:00Z"),
                new dev.tpm.model.ProbeRow("c", 1, 0, 1, "cpu", 1000, 5, 0, "2026-12-07T10:00:00Z"),
                new dev.tpm.model.ProbeRow("c", 2, 0, 1, "memory", 8000, 5, 0, "2026-12-07T10:00:06Z"),
                new dev.tpm.model.ProbeRow("c", 4, 40, 1, "memory", 9000, 5, 0, "2026-12-07T11:00:06Z"));
        dev.tpm.results.MachineProbe p = ProbeAnalysis.of(rows, 0.10);
        assertEquals(950, p.cpu(), 1e-12);
        assertEquals(8500, p.memory(), 1e-12);
        assertEquals(0.9, p.drift(), 1e-12, "last cpu / first, in probe_seq order");
        assertEquals(false, p.drifted(), "|0.9 - 1| = 0.1 is not more than probe_tolerance");
        assertEquals(true, ProbeAnalysis.of(rows, 0.05).drifted());
        dev.tpm.results.MachineProbe one = ProbeAnalysis.of(rows.subList(1, 3), 0.10);
        assertTrue(Double.isNaN(one.drift()) && one.drifted() == null, "fewer than two cpu tests: no drift");
        assertEquals(dev.tpm.results.MachineProbe.NONE, ProbeAnalysis.of(List.of(), 0.10));
    }
}
