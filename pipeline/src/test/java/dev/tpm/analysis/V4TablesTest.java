package dev.tpm.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.tables.TableModel;
import dev.tpm.tables.UnitsTable;
import dev.tpm.tables.WarmColdTable;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The units and warm_cold tables on AnalysisV4Test's synthetic data (two units of model m, phase 5 on u1). */
class V4TablesTest {
    private static final Results R = new Analysis(2).analyze(AnalysisV4Test.data().build(), AnalysisTest.VERIFIED);

    private static DeviceResults device(String id) {
        return R.devices().stream().filter(d -> d.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void theUnitsTableShowsEachUnitBesideTheModel() {
        UnitsTable table = new UnitsTable();
        assertEquals(Optional.empty(), table.lacking(R));
        TableModel t = table.build(R);
        assertTrue(t.caption().startsWith("Units of one model (new; no paper table): "), t.caption());
        assertTrue(t.caption().contains("m = u1 (cpu_id not recorded, probe none), u2 (cpu_id not recorded, probe none)"),
                t.caption());
        // no interval: the caption says why (two units, no cpu_id, and no probe: version 6)
        assertTrue(t.caption().contains("No interval for the model (analysis.md 11) where m: hardware not recorded"
                + " (a unit records no machine.cpu_id); units too few (2 with a value; an interval needs min_units_ci = 3);"
                + " a unit has no probe of its machine (probe.csv)"), t.caption());
        // three metrics x two stacks; unit columns name the device
        assertEquals(6, t.rows().size());
        List<String> java = t.rows().stream().filter(r -> r.cells().get(3).equals("java")).findFirst().orElseThrow().cells();
        assertEquals("not recorded", java.get(1), "the model's hardware");
        assertTrue(java.get(4).startsWith("u1: ") && java.get(5).startsWith("u2: "), java.toString());
        assertEquals("go", java.get(8), "go is the best on w_rps_per_mib");
        assertTrue(java.get(6).matches("\\d+\\.\\d\\d"), "a geometric mean without an interval: " + java.get(6));
        assertTrue(java.get(9).matches("\\d+\\.\\d\\d"), "a ratio without an interval: " + java.get(9));
        assertTrue(t.columns().stream().noneMatch(c -> c.header().contains("CI")), "no column promises an interval");
    }

    @Test
    void theUnitsTableGivesTheIntervalOfThreeUnitsOfOneCpuAndStatesWhatElseDiffers() {
        Results three = UnitsFixture.results();
        TableModel t = new UnitsTable().build(three);
        assertTrue(t.caption().contains("m = u1 (cpu_id " + UnitsFixture.CPU + ", probe 1010.0 events/s)"), t.caption());
        assertTrue(!t.caption().contains("No interval"), t.caption());
        List<String> go = t.rows().stream().filter(r -> r.cells().get(3).equals("go")).findFirst().orElseThrow().cells();
        assertEquals(UnitsFixture.CPU, go.get(1));
        assertTrue(go.get(7).matches("\\d+\\.\\d\\d \\[\\d+\\.\\d\\d, \\d+\\.\\d\\d\\]"), go.get(7));
        assertTrue(t.notes().contains("protocol preset: the same on every device (synthetic)."), t.notes().toString());
        assertTrue(t.notes().contains("DELETE table (protocol.seed_rows_delete, rows): the same on every device (5000)."),
                t.notes().toString());
        assertTrue(t.notes().contains("CPU steal recorded (steal_s in any row): the same on every device (no)."),
                t.notes().toString());
        // requests / cpu_s of the synthetic runs: rps x 10 requests over 9.5 s of CPU, per unit, go first
        String eff = t.notes().stream().filter(n -> n.startsWith("requests per server CPU-second")).findFirst().orElseThrow();
        assertTrue(eff.contains("(sum of requests / sum of cpu_s over the measured phase-1 runs; u1 / u2 / u3)"), eff);
        double go1 = 0;
        for (int k = 1; k <= 6; k++) go1 += (1000 + 25 * k) * 10;
        assertTrue(eff.contains("go " + Math.round(go1 / (6 * 9.5)) + " / "), eff);
    }

    @Test
    void theDevicesTableStatesWhatElseDiffersBetweenTheDevicesCampaigns() {
        TableModel t = new dev.tpm.tables.DevicesTable().build(UnitsFixture.results());
        assertTrue(t.notes().stream().anyMatch(n -> n.startsWith("What else differs between the devices' campaigns")),
                t.notes().toString());
        String cpu = t.notes().stream().filter(x -> x.startsWith("CPU (machine.cpu_id)")).findFirst().orElseThrow();
        assertEquals("CPU (machine.cpu_id): solo " + UnitsFixture.OTHER_CPU + "; u1 " + UnitsFixture.CPU + "; u2 "
                + UnitsFixture.CPU + "; u3 " + UnitsFixture.CPU + ".", cpu);
        // campaign ids without a date and rows without started_at: no date to state
        assertTrue(t.notes().contains("dates (UTC, from the rows' started_at): not recorded on any device."),
                t.notes().toString());
        assertTrue(t.notes().contains("kernel: not recorded on any device."), t.notes().toString());
    }

    @Test
    void aCampaignsDatesComeFromItsRowsOrElseItsId() {
        assertEquals("2026-12-03", DeviceSetups.utcDate("2026-12-03T23:59:59.999Z"));
        assertEquals("2026-12-04", DeviceSetups.utcDate("2026-12-03T23:30:00-01:00"), "an offset moves the UTC date");
        assertEquals(null, DeviceSetups.utcDate("yesterday"));
        Results stress = UnitsFixture.stress();
        var setup = stress.setup(UnitsFixture.LONG_UNITS.get(0)).orElseThrow();
        assertEquals("2026-12-01", setup.campaigns().get(0).firstDate(), "no started_at: the date the campaign id begins with");
        assertEquals("synthetic", setup.campaigns().get(0).preset());
        assertEquals("5000", setup.campaigns().get(0).seedRowsDelete());
        assertTrue(!setup.campaigns().get(0).stealRecorded());
    }

    @Test
    void theUnitsTableOfMixedHardwareSaysWhyItHasNoInterval() {
        TableModel t = new UnitsTable().build(UnitsFixture.twoModels());
        assertTrue(t.caption().contains("n: hardware mixed (the units record different machine.cpu_ids: not units of one model)"),
                t.caption());
        assertTrue(t.caption().contains("n = solo (cpu_id " + UnitsFixture.OTHER_CPU + ", probe 1020.0 events/s), u3 (cpu_id "
                + UnitsFixture.CPU + ", probe 1006.0 events/s)"), t.caption());
        List<String> n = t.rows().stream().filter(r -> r.cells().get(0).equals("n")).findFirst().orElseThrow().cells();
        assertEquals("mixed", n.get(1));
        String cpu = t.notes().stream().filter(x -> x.startsWith("CPU (machine.cpu_id)")).findFirst().orElseThrow();
        assertTrue(cpu.contains("solo " + UnitsFixture.OTHER_CPU) && cpu.contains("u1 " + UnitsFixture.CPU), cpu);
    }

    @Test
    void withoutAModelOfTwoUnitsTheUnitsTableSaysSoInOneLine() {
        Results one = new Analysis(1).analyze(AnalysisV4Test.data().config(R.facts().config().withMinUnits(3)).build(), AnalysisTest.VERIFIED);
        assertEquals(List.of(), one.units());
        assertEquals(Optional.of("no model has 3 or more units with paper campaigns that count (units.csv has no rows)"),
                new UnitsTable().lacking(one));
    }

    @Test
    void theWarmColdTableHasARowPerStackAndEndpointWithBothPhases() {
        WarmColdTable table = new WarmColdTable();
        assertTrue(table.lacking(R, device("u2")).isPresent());
        TableModel t = table.build(R, device("u1"));
        assertEquals(List.of("go", "java"), t.rows().stream().map(r -> r.cells().get(0)).toList());
        assertTrue(t.rows().get(1).cells().get(4).startsWith("2.42 ["), t.rows().get(1).cells().toString());
    }

    @Test
    void theWarmColdFigureDrawsColdAndWarmPerEndpointOneColourPerStack() {
        DeviceResults u1 = device("u1");
        dev.tpm.figures.WarmColdFigure fig = new dev.tpm.figures.WarmColdFigure();
        assertEquals(null, fig.missingData(R, u1));
        assertTrue(fig.missingData(R, device("u2")) != null);
        dev.tpm.figures.Theme theme = new dev.tpm.figures.Theme(R.stackOrder());
        dev.tpm.figures.Figure f = fig.build(R, u1, theme);
        assertEquals(1, f.panels().size());
        var chart = f.panels().get(0);
        // the one phase-5 endpoint with phase-1 runs: get_item, cold then warm, each stack a series of its colour
        assertEquals(theme.color("go"), chart.getSeries("go").getMarkerColor());
        assertEquals(theme.color("java"), chart.getSeries("java").getMarkerColor());
        double[] javaY = chart.getSeries("java").getYData();
        assertEquals(List.of(635.0, 1535.0), java.util.Arrays.stream(javaY).boxed().toList(), "cold then warm medians");
        String svg = new String(dev.tpm.figures.FigureWriter.svg(f), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(svg.contains("get_item cold") && svg.contains("get_item warm"), "the axis names cold and warm");
    }
}
