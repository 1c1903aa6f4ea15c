package dev.tpm.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.figures.SyntheticResults;
import dev.tpm.model.Campaign;
import dev.tpm.model.Machine;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each device's paragraph says which machine its campaigns ran on (data.md version 4's
 * {@code machine.hardware_id}; synthetic results): one id, a note when it is a locally
 * administered MAC, and every id when one device id covers several machines.
 */
class ReportHardwareIdTest {
    private static Campaign withHardwareId(Campaign c, String id, String hardwareId) {
        Machine machine = hardwareId == null ? null
                : new Machine("3d1219c7c4c5404aaa1f6d2a48adfda4", null, null, null, hardwareId, null, Map.of());
        return new Campaign(id, id, c.study(), c.device(), machine, c.loadGenerator(), c.protocol(), c.stacks(), c.extra());
    }

    /** The paragraph under the device's heading in "What the data is". */
    private static String about(String html, String device) {
        int at = html.indexOf("<article class=\"device\" id=\"about-" + device + "\">");
        assertTrue(at >= 0, html);
        int p = html.indexOf("<p>", at);
        return html.substring(p, html.indexOf("</p>", p));
    }

    @Test
    void eachDeviceNamesTheMachinesItsCampaignsRecorded() {
        Results base = SyntheticResults.twoDevices();
        DeviceResults a = base.devices().get(0);
        DeviceResults b = base.devices().get(1);
        Campaign ca = base.facts().campaigns().get(0);
        Campaign cb = base.facts().campaigns().get(1);
        List<Campaign> campaigns = new ArrayList<>();
        campaigns.add(withHardwareId(ca, ca.id(), "mac:02:fc:00:00:00:01"));
        campaigns.add(withHardwareId(cb, cb.id(), "dt-serial:a1b2c3d4e5f60718"));
        campaigns.add(withHardwareId(cb, cb.id() + "-2", "dt-serial:0718a1b2c3d4e5f6"));
        campaigns.add(withHardwareId(cb, cb.id() + "-3", null)); // recorded before data.md version 4
        List<DeviceResults> devices = List.of(a,
                b.toBuilder().campaigns(List.of(cb.id(), cb.id() + "-2", cb.id() + "-3")).build());
        Results results = new Results(dev.tpm.testing.TestFacts.withCampaigns(base.facts(), campaigns), base.verification(), base.stackOrder(), devices,
                base.replication(), base.replicationTau(), base.loadgenSummary(), base.memoryCheckpoints());
        String html = ReportStageTest.report(ReportStageTest.tablesAndFigures(results));

        String one = about(html, a.id());
        assertTrue(one.contains(" Hardware id: mac:02:fc:00:00:00:01 (a locally administered MAC address, which a VM"
                + " manager may give every VM alike: it may not tell two VMs apart). "), one);
        String two = about(html, b.id());
        assertTrue(two.contains(" Its campaigns were recorded on 2 machines under one device id, hardware ids"
                + " dt-serial:a1b2c3d4e5f60718 (" + cb.id() + "); dt-serial:0718a1b2c3d4e5f6 (" + cb.id() + "-2). "), two);
        assertFalse(two.contains("locally administered"), two);
    }

    @Test
    void aDeviceWhoseCampaignsRecordedNoHardwareIdSaysNothingOfIt() {
        String html = ReportStageTest.report(ReportStageTest.tablesAndFigures(SyntheticResults.twoDevices()));
        for (DeviceResults d : SyntheticResults.twoDevices().devices()) {
            assertFalse(about(html, d.id()).contains("ardware id"), about(html, d.id()));
        }
    }
}
