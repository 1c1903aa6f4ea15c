package dev.tpm.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.figures.SyntheticResults;
import dev.tpm.output.Outputs;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.LoadGenerator;
import dev.tpm.results.Results;
import dev.tpm.results.Topology;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report's opening sets each device's topology beside the paper's (outputs.md "Report"; synthetic results). */
class ReportTopologyTest {
    @Test
    void eachDeviceHasOneSetupLineBesideThePapers() {
        Results base = SyntheticResults.twoDevices();
        List<DeviceResults> devices = base.devices().stream().map(d -> d.withTopology(new Topology(d.id(), 2,
                List.of(new Topology.Setup(d.campaigns(), "1", new LoadGenerator("wrk", "4.1.0", "same", "0", false), "0", 10, 1,
                        5.0, 30)), 20, 0, 0.8))).toList();
        Results results = new Results(base.dataset(), base.verification(), base.stackOrder(), devices, base.replication(),
                base.replicationTau(), base.loadgenSummary(), base.memoryCheckpoints());
        Outputs out = ReportStageTest.tablesAndFigures(results);
        String html = ReportStage.render(results, out);
        String about = html.substring(html.indexOf("id=\"about\""), html.indexOf("</section>", html.indexOf("id=\"about\"")));
        for (DeviceResults d : devices) {
            int at = about.indexOf("<li><strong>" + d.source());
            assertTrue(at >= 0, about);
            String item = about.substring(at, about.indexOf("</li>", at));
            assertTrue(item.contains("<br>Setup: server pinned to CPU 1 (one core of two), wrk 4.1.0 on the same machine"), item);
            assertTrue(item.contains("The paper&#39;s: server on all four cores, wrk on a separate machine"), item);
        }
    }
}
