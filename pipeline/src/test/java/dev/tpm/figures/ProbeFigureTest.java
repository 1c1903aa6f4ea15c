package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.analysis.ProbeFixture;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.tables.ProbeTable;
import dev.tpm.tables.TableModel;
import java.util.Arrays;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.junit.jupiter.api.Test;

/** The probe table and figure (outputs.md version 6) on SYNTHETIC data they were not drawn for ({@link ProbeFixture}). */
class ProbeFigureTest {
    private static final Results R = ProbeFixture.results();

    private static DeviceResults device(String id) {
        return R.devices().stream().filter(d -> d.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void theFigureNamesItsDeviceAndDrawsOnePanelPerCampaignWithTheRoundsMarked() {
        DeviceResults d = device(ProbeFixture.DEVICE);
        Figure f = new ProbeFigure().build(R, d, new Theme(R.stackOrder()));
        assertTrue(f.title().contains("[" + ProbeFixture.DEVICE + "]"), f.title());
        assertTrue(new ProbeFigure().caption(R, d).startsWith("Device " + ProbeFixture.DEVICE + ":"));
        assertEquals(2, f.panels().size(), "p1 and p2");
        XYChart p1 = f.panel(0);
        assertEquals("p1", p1.getTitle());
        // cpu over its median: 1000, 1000, 995, 800, 800 -> median 995
        double[] cpu = p1.getSeries(ProbeFigure.CPU).getYData();
        assertEquals(5, cpu.length);
        assertEquals(800 / 995.0, cpu[4], 1e-12);
        assertEquals(1000 / 995.0, cpu[0], 1e-12);
        // two round boundaries in p1 (rounds 2 and 3), each a vertical segment at its first run's time
        XYSeries rounds = p1.getSeries(ProbeFigure.ROUND);
        assertNotNull(rounds);
        assertTrue(rounds.isShowInLegend(), "the dotted verticals are named in the legend, not only in the caption");
        double[] x = rounds.getXData();
        // round 2 begins with seq 11 at 10:11:00, 630 s after the first probe (10:00:30); round 3 at 10:21:00
        assertEquals(List.of(630.0, 630.0, 630.0, 1230.0, 1230.0, 1230.0), Arrays.stream(x).boxed().toList());
        // the time axis starts at the campaign's first run or probe: the first probe, 30 s before the first run
        assertEquals(0.0, p1.getSeries(ProbeFigure.CPU).getXData()[0]);
        assertNull(new ProbeFigure().missingData(R, d));
        assertNotNull(new ProbeFigure().missingData(R, device("plain")), "no probe, no figure");
    }

    @Test
    void theTableHasOneRowPerProbeAndNotesTheDrift() {
        DeviceResults d = device(ProbeFixture.DEVICE);
        List<ProbeTable.Probe> probes = ProbeTable.probes(d);
        assertEquals(5 + 3, probes.size(), "the resumed probe at one after_seq is a probe of its own");
        assertEquals(9010, probes.get(2).memory());
        TableModel t = new ProbeTable().build(R, d);
        assertEquals(8, t.rows().size());
        String notes = String.join("\n", t.notes());
        assertTrue(notes.contains("p1: probe_cpu 995.0 events/s") && notes.contains("probe_drift (last cpu / first) 0.800")
                && notes.contains("the machine drifted"), notes);
        assertTrue(notes.contains("p2: probe_cpu 1000.0") && notes.contains("within probe_tolerance = 0.1"), notes);
        assertTrue(new ProbeTable().lacking(R, device("plain")).isPresent());
    }

    /** The sessions table gains the probe's columns where a campaign has a probe.csv. */
    @Test
    void theSessionsTableShowsTheProbeColumns() {
        TableModel t = new dev.tpm.tables.SessionsTable().build(R);
        assertTrue(t.columns().stream().anyMatch(c -> c.header().equals("machine drifted")));
        List<String> p1 = t.rows().stream().filter(x -> x.cells().get(1).equals("p1")).findFirst().orElseThrow().cells();
        assertEquals(List.of("995.0", "0.800", "yes"), p1.subList(p1.size() - 3, p1.size()));
        List<String> q1 = t.rows().stream().filter(x -> x.cells().get(1).equals("q1")).findFirst().orElseThrow().cells();
        assertEquals(List.of("n/a", "n/a", "n/a"), q1.subList(q1.size() - 3, q1.size()));
    }
}
