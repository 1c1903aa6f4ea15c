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
        assertTrue(t.caption().contains("m = u1, u2"), t.caption());
        // three metrics x two stacks; unit columns name the device
        assertEquals(6, t.rows().size());
        List<String> java = t.rows().stream().filter(r -> r.cells().get(2).equals("java")).findFirst().orElseThrow().cells();
        assertTrue(java.get(3).startsWith("u1: ") && java.get(4).startsWith("u2: "), java.toString());
        assertEquals("go", java.get(7), "go is the best on w_rps_per_mib");
        assertTrue(java.get(8).matches("\\d+\\.\\d\\d \\[\\d+\\.\\d\\d, \\d+\\.\\d\\d\\]"), java.get(8));
    }

    @Test
    void withoutAModelOfTwoUnitsTheUnitsTableSaysSoInOneLine() {
        Results one = new Analysis(1).analyze(AnalysisV4Test.data().config(R.facts().config().withUnits(3,
                R.facts().config().deviceModels())).build(), AnalysisTest.VERIFIED);
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
