package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.analysis.UnitsFixture;
import dev.tpm.catalog.Scope;
import dev.tpm.output.Outputs;
import dev.tpm.paper.PaperCatalog;
import dev.tpm.results.Results;
import dev.tpm.results.Unit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYSeries;

/** The units figure (outputs.md v4) on synthetic results with three units of one model. */
class UnitsFigureTest {
    private static Results results;

    @BeforeAll
    static void analyse() {
        results = UnitsFixture.results();
    }

    @Test
    void itIsDrawnOnceAcrossDevices() throws java.io.IOException {
        Outputs out = new Outputs();
        FiguresStage.runStudies(List.of(new UnitsFigure()), results, out);
        assertEquals(List.of("figures/units.png", "figures/units.svg"), List.copyOf(out.files().keySet()));
        if (System.getProperty("tpm.units.out") != null) { // for looking at it: -Dtpm.units.out=DIR
            for (Map.Entry<String, byte[]> e : out.files().entrySet()) {
                java.nio.file.Path file = java.nio.file.Path.of(System.getProperty("tpm.units.out")).resolve(e.getKey());
                java.nio.file.Files.createDirectories(file.getParent());
                java.nio.file.Files.write(file, e.getValue());
            }
        }
        // FigureRulesTest.theUnitsFigureOfThreeUnitsKeepsTheRules checks the figure rules on these results
        assertEquals(Scope.RUN, PaperCatalog.CATALOG.artifacts().stream().filter(a -> a.name().equals("units")
                && a instanceof dev.tpm.catalog.Figure).findFirst().orElseThrow().scope());
    }

    @Test
    void onePanelPerModelWithEachUnitThenTheMeanAndAColourPerStack() {
        Figure f = FiguresStage.built(List.of(), List.of(new UnitsFigure()), results).get("figures/units").orElseThrow();
        assertEquals(1, f.panels().size(), "solo is a model of one unit: no panel");
        assertTrue(f.subtitle().get(0).contains("m = u1, u2, u3"), f.subtitle().toString());
        List<String> legend = f.legend().stream().map(XYSeries::getName).toList();
        assertTrue(legend.containsAll(List.of("go", "java", "node")), legend.toString());
        String svg = new String(FigureWriter.svg(f), java.nio.charset.StandardCharsets.UTF_8);
        for (String label : List.of("u1", "u2", "u3", UnitsFigure.MEAN)) assertTrue(svg.contains(">" + label + "<"), label);
        // the drawn bars are units.csv's values: go's unit values and mean are on the panel
        Unit go = UnitsFigure.shown(results).stream().filter(u -> u.stack().equals("go")).findFirst().orElseThrow();
        double[] ys = f.panel(0).getSeriesCollection().stream().filter(s -> s.getName().equals("go") || s.getName().startsWith("go "))
                .flatMapToDouble(s -> java.util.Arrays.stream(s.getYData())).toArray();
        for (double v : new double[] {go.unitEstimates().get(0).value(), go.unitEstimates().get(2).value(), go.mean()}) {
            assertTrue(java.util.Arrays.stream(ys).anyMatch(y -> Math.abs(y - v) < 1e-9), "go's " + v + " is drawn: "
                    + java.util.Arrays.toString(ys));
        }
        assertTrue(go.unitEstimates().get(0).value() > go.unitEstimates().get(2).value(), "the unit effect is drawn");
    }

    @Test
    void twoModelsAreTwoPanelsOnOneScale() {
        Figure f = FiguresStage.built(List.of(), List.of(new UnitsFigure()), UnitsFixture.twoModels())
                .get("figures/units").orElseThrow();
        assertEquals(List.of("model m", "model n"), f.panels().stream().map(org.knowm.xchart.XYChart::getTitle).toList());
        assertEquals(f.panel(0).getStyler().getYAxisMin(), f.panel(1).getStyler().getYAxisMin());
        assertEquals(f.panel(0).getStyler().getYAxisMax(), f.panel(1).getStyler().getYAxisMax());
        assertTrue(f.subtitle().get(0).contains("m = u1, u2; n = solo, u3"), f.subtitle().toString());
    }

    @Test
    void withoutTwoUnitsOfAModelItIsSkippedWithOneLine() {
        Results none = dev.tpm.analysis.UnitsFixture.withoutUnits();
        assertNotNull(new UnitsFigure().missingData(none));
        assertNull(new UnitsFigure().missingData(results));
        Outputs out = new Outputs();
        FiguresStage.runStudies(List.of(new UnitsFigure()), none, out);
        assertTrue(out.files().isEmpty());
        assertTrue(out.skipped().toString().contains("figures/units.png/.svg"), out.skipped().toString());
    }
}
