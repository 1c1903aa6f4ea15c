package dev.tpm.analysis;

import dev.tpm.model.RunStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.RunColumns;
import dev.tpm.results.LoadgenSummary;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** host_busy and saturated_runs of analysis.md 8 on synthetic rows worked out by hand. */
class LoadgenSummariesTest {
    private static long seq;

    /** A measured, error-free run of 10 s (synthetic). */
    private static RunRow run(String campaign, String study, String stack, double cpuS, double loadgenCpuS) {
        return new RunRow(campaign, "dev", 1, ++seq, stack, "hello", 100, false, RunStatus.OK, "", 1000, 0,
                100, 1, 2, Double.NaN, Double.NaN, 2048, Double.NaN, Double.NaN, study, 10, Double.NaN, Double.NaN,
                Double.NaN, cpuS, loadgenCpuS, Double.NaN, Double.NaN);
    }

    private static LoadgenSummary only(List<LoadgenSummary> out, String study, String stack) {
        return out.stream().filter(x -> x.study().equals(study) && x.stack().equals(stack)).findFirst().orElseThrow();
    }

    /** A measured run of rps requests per second (synthetic). */
    private static RunRow rps(String stack, double rps) {
        return new RunRow("s", "dev", 1, ++seq, stack, "hello", 100, false, RunStatus.OK, "", 1000, 0,
                rps, 1, 2, Double.NaN, Double.NaN, 2048, Double.NaN, Double.NaN, "hello-blog", 10, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    @Test
    void eachRowNamesTheSlowestStackOfItsSlotTiesToTheSmallerId() {
        List<LoadgenSummary> out = LoadgenSummaries.of(List.of(rps("c", 300), rps("b", 100), rps("a", 100), rps("d", 400)),
                RunRules.withoutSteal(0.01), Comparator.naturalOrder());
        for (LoadgenSummary x : out) assertEquals("a", x.slowestStack(), x.stack());
        assertEquals(4.0, only(out, "hello-blog", "d").ratioToSlowest(), 1e-12);
    }

    @Test
    void hostUseIsTheMedianShareOfTheCoresAndSaturatedRunsReach95Percent() {
        List<RunRow> rows = List.of(
                // same host, 2 cores: (10 + 9) / 20 = 0.95 (saturated, exactly at the bound), 0.8, 1.1; one without cpu_s
                run("s", "app-servers", "x", 10, 9), run("s", "app-servers", "x", 8, 8), run("s", "app-servers", "x", 12, 10),
                run("s", "app-servers", "x", Double.NaN, 9),
                // same host, no loadgen_cpu_s on any run: empty
                run("s", "app-servers", "y", 10, Double.NaN),
                // a separate load-generator host: empty, whatever the CPU
                run("r", "hello-blog", "x", 10, 10),
                // pooled with a separate-host campaign of the same device and study: only s's run counts
                run("s", "node-pi", "z", 3, 4), run("r2", "node-pi", "z", 20, 20));
        List<LoadgenSummary> out = LoadgenSummaries.of(rows, RunRules.withoutSteal(0.01), Comparator.naturalOrder(), Map.of("s", 2));
        LoadgenSummary x = only(out, "app-servers", "x");
        assertEquals(4, x.n());
        assertEquals(0.95, x.hostBusy(), 1e-12);
        assertEquals(2, x.saturatedRuns());
        assertTrue(x.saturated());
        LoadgenSummary y = only(out, "app-servers", "y");
        assertTrue(Double.isNaN(y.hostBusy()));
        assertNull(y.saturatedRuns());
        LoadgenSummary separate = only(out, "hello-blog", "x");
        assertTrue(Double.isNaN(separate.hostBusy()));
        assertNull(separate.saturatedRuns());
        LoadgenSummary z = only(out, "node-pi", "z");
        assertEquals(2, z.n());
        assertEquals(0.35, z.hostBusy(), 1e-12);
        assertEquals(0, z.saturatedRuns());
    }

    @Test
    void onlySameHostCampaignsWithCoresHaveHostColumns() {
        var same = new dev.tpm.model.LoadGeneratorInfo("wrk", null, null, "same", null, null, null, null, Map.of());
        var separate = new dev.tpm.model.LoadGeneratorInfo("wrk", null, null, "separate", null, null, null, null, Map.of());
        dev.tpm.model.Device two = dev.tpm.model.Device.of("d", null, null, 2, null, null, null, null, null, null, null, null, null, "none");
        dev.tpm.model.Device unknown = dev.tpm.model.Device.of("d", null, null, null, null, null, null, null, null, null, null, null, null, "none");
        List<dev.tpm.model.Campaign> cs = List.of(
                dev.tpm.model.Campaign.of("a", null, two, same, null, List.of()),
                dev.tpm.model.Campaign.of("b", null, two, separate, null, List.of()),
                dev.tpm.model.Campaign.of("c", null, unknown, same, null, List.of()));
        assertEquals(Map.of("a", 2), Analysis.sameHostCores(cs));
    }
}
