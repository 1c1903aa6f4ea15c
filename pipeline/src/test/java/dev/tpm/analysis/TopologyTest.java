package dev.tpm.analysis;

import dev.tpm.testing.Campaigns;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.StackInfo;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.LoadGenerator;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Topology;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A device's topology from its (synthetic) campaign.json files and loadgen_summary rows, in plain words. */
class TopologyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Device VM = Device.of("vm", "synthetic VM", null, 2, null, null, null, null, null, null, null, null,
            null, "none");

    private static Campaign campaign(String id, String serverCpus, String lgCpus, int runs) {
        ObjectNode lg = JSON.createObjectNode().put("tool", "wrk").put("version", "4.1.0").put("host", "same");
        if (lgCpus != null) lg.put("cpus", lgCpus);
        ObjectNode p = JSON.createObjectNode().put("runs", runs).put("warmups", 1).put("duration_s", 5).put("concurrency", 30);
        if (serverCpus != null) p.put("server_cpus", serverCpus);
        return Campaigns.of(id, VM, lg, p, List.of(new StackInfo("go", "Go", "net/http", null, 1)), JSON.createObjectNode());
    }

    private static LoadgenSummary summary(String study, int n, double busy, Integer saturated) {
        return new LoadgenSummary("vm", study, 1, "go", "get_item", 30, n, 1000, 1100, 1, 2, 3, 10, 90, 1, busy, saturated);
    }

    @Test
    void onePinnedSetupInPlainWords() {
        Topology t = Topologies.of(VM, List.of(campaign("b", "1", "0", 10), campaign("a", "1", "0", 10)),
                List.of(summary("paper", 10, 0.824, 0), summary("paper", 10, 0.97, 2), summary("node-pi", 5, 0.99, 5)));
        assertEquals(1, t.setups().size());
        assertEquals(List.of("a", "b"), t.setups().get(0).campaigns());
        assertEquals(20, t.hostRuns());
        assertEquals(2, t.saturatedRuns());
        assertEquals(0.97, t.hostBusyMax());
        assertEquals("server pinned to CPU 1 (one core of two), wrk 4.1.0 on the same machine, pinned to CPU 0, 5 s load"
                + " window, 10 runs per group after 1 warm-up, 30 connections; host saturated: 2 of 20 measured runs used"
                + " >= 95 % of the cores for server + load generator (busiest group's median: 97.0 %)", t.describe());
    }

    @Test
    void campaignsThatRanDifferentlyAreEachNamed() {
        Topology t = Topologies.of(VM, List.of(campaign("a", "1", "0", 10), campaign("b", null, null, 5)),
                List.of(summary("paper", 10, 0.5, 0)));
        assertTrue(t.differs());
        String s = t.describe();
        assertTrue(s.startsWith("its campaigns ran in 2 different ways (campaign a: server pinned to CPU 1 (one core of two)"), s);
        assertTrue(s.contains("| campaign b: server not pinned (any of the two cores), wrk 4.1.0 on the same machine, not pinned,"
                + " 5 s load window, 5 runs per group"), s);
        assertTrue(s.endsWith("host never saturated: none of 10 measured runs used >= 95 % of the cores for server + load"
                + " generator (busiest group's median: 50.0 %)"), s);
    }

    @Test
    void theOlderPinningObjectIsReadToo() {
        ObjectNode p = JSON.createObjectNode().put("runs", 10);
        p.putObject("pinning").put("server_cpus", "1").put("load_generator_cpus", "0");
        Campaign c = Campaigns.of("old", VM, JSON.createObjectNode().put("tool", "wrk").put("host", "same"), p,
                List.of(), JSON.createObjectNode());
        Topology.Setup s = Topologies.of(VM, List.of(c), List.of()).setups().get(0);
        assertEquals("1", s.serverCpus());
        assertEquals("0", s.loadGeneratorCpus());
        assertTrue(Topologies.of(VM, List.of(c), List.of()).describe().endsWith("host saturation not measured (no run has both CPU columns)"));
    }

    @Test
    void thePapersSetupFromItsSummary() {
        Topology p = Topology.PAPER;
        assertEquals(4, p.cores());
        Topology.Setup s = p.setups().get(0);
        assertEquals(50, s.runs());
        assertEquals(3, s.warmups());
        assertEquals(LoadGenerator.SEPARATE, s.loadGenerator().host());
        assertEquals(10.0, s.windowS());
        assertEquals("server on all four cores, wrk on a separate machine, 10 s load window, 50 runs per group after"
                + " 3 warm-ups, 30 connections; no host saturation possible (the load generator had its own machine)", p.describe());
        assertEquals(3314 * 0.130 / 5, Topology.PAPER_MEMORY_WINDOW_S, 1e-12);
        assertTrue(Topology.unknown("x").describe().startsWith("setup not recorded"));
    }

    @Test
    void cpuLists() {
        assertEquals(1, Topology.cpuCount("1"));
        assertEquals(4, Topology.cpuCount("0-3"));
        assertEquals(3, Topology.cpuCount("0,2-3"));
        assertNull(Topology.cpuCount("3-1"));
        assertNull(Topology.cpuCount("x"));
        assertNull(Topology.cpuCount(null));
    }

    @Test
    void deviceResultsCarryIt() {
        DeviceResults d = DeviceResults.builder(VM).build();
        assertEquals("vm", d.topology().device());
        Topology t = Topologies.of(VM, List.of(campaign("a", "1", "0", 10)), List.of());
        assertEquals(t, d.withTopology(t).topology());
        assertEquals(t, d.withTopology(t).toBuilder().build().topology());
    }
}
