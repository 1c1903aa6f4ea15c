package dev.tpm.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.figures.SyntheticResults;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.LoadGenerator;
import dev.tpm.results.Results;
import dev.tpm.results.Topology;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The report's opening sets each device's topology beside the paper's (outputs.md "Report";
 * synthetic results): a setup table per device whose rows are {@link Topology#aspects()}, the
 * device's next to {@link Topology#PAPER}'s.
 */
class ReportTopologyTest {
    @Test
    void eachDeviceHasASetupTableBesideThePapers() {
        Results base = SyntheticResults.twoDevices();
        List<DeviceResults> devices = base.devices().stream().map(d -> d.withTopology(new Topology(d.id(), 2,
                List.of(new Topology.Setup(d.campaigns(), "1", new LoadGenerator("wrk", "4.1.0", "same", "0", false), "0", 10, 1,
                        5.0, 30)), 20, 0, 0.8))).toList();
        Results results = new Results(base.facts(), base.verification(), base.stackOrder(), devices, base.replication(),
                base.replicationTau(), base.loadgenSummary(), base.memoryCheckpoints());
        String html = ReportStageTest.report(ReportStageTest.tablesAndFigures(results));
        for (DeviceResults d : devices) {
            int at = html.indexOf("<article class=\"device\" id=\"about-" + d.id() + "\">");
            assertTrue(at >= 0, html);
            String article = html.substring(at, html.indexOf("</article>", at));
            assertTrue(article.contains("<tr><th class=\"left\">server cores and pinning</th><td class=\"left\">server pinned to"
                    + " CPU 1 (one core of two)</td><td class=\"left\">server on all four cores</td></tr>"), article);
            assertTrue(article.contains("<td class=\"left\">wrk 4.1.0 on the same machine, pinned to CPU 0</td>"
                    + "<td class=\"left\">wrk on a separate machine</td>"), article);
            assertTrue(article.contains("<td class=\"left\">5 s load window</td><td class=\"left\">10 s load window</td>"), article);
            assertTrue(article.contains("<td class=\"left\">10 runs per group after 1 warm-up</td>"
                    + "<td class=\"left\">50 runs per group after 3 warm-ups</td>"), article);
            assertTrue(article.contains("host never saturated: none of 20 measured runs"), article);
        }
    }
}
