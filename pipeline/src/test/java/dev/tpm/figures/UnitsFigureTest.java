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
    void onePanelPerModelWithEachUnitAndTheMeanDrawnAcrossThem() {
        Figure f = FiguresStage.built(List.of(), List.of(new UnitsFigure()), results).get("figures/units").orElseThrow();
        assertEquals(1, f.panels().size(), "solo is a model of one unit: no panel");
        assertTrue(f.subtitle().get(0).contains("m = u1, u2, u3"), f.subtitle().toString());
        List<String> legend = f.legend().stream().map(XYSeries::getName).toList();
        assertTrue(legend.containsAll(List.of("go", "java", "node", UnitsFigure.MEAN, UnitsFigure.BAND)), legend.toString());
        String svg = new String(FigureWriter.svg(f), java.nio.charset.StandardCharsets.UTF_8);
        for (String label : List.of("u1", "u2", "u3")) assertTrue(svg.contains(">" + label + "<"), label);
        assertTrue(!svg.contains(">model mean<"), "the model is not one more unit on the axis");
        // the drawn points are units.csv's unit values, the line its gmean across the units, the band its interval
        Unit go = UnitsFigure.shown(results).stream().filter(u -> u.stack().equals("go")).findFirst().orElseThrow();
        org.knowm.xchart.XYChart panel = f.panel(0);
        double[] ys = panel.getSeries("go").getYData();
        double[] xs = panel.getSeries("go").getXData();
        assertEquals(3, ys.length, "one point per unit");
        for (int i = 0; i < 3; i++) assertEquals(go.of().get(i).estimate().value(), ys[i], 1e-9);
        XYSeries mean = panel.getSeries("go" + UnitsFigure.MEAN_SUFFIX);
        assertEquals(List.of(go.gmean(), go.gmean()), java.util.Arrays.stream(mean.getYData()).boxed().toList());
        assertTrue(mean.getXData()[0] < xs[0] && mean.getXData()[1] > xs[2], "the mean spans the units' points");
        Object style = mean.getXYSeriesRenderStyle();
        assertEquals(XYSeries.XYSeriesRenderStyle.Line, style instanceof java.util.Optional<?> o ? o.orElse(null) : style);
        assertEquals(Theme.DASHED_LINE, mean.getLineStyle());
        XYSeries band = panel.getSeries("go" + UnitsFigure.BAND_SUFFIX);
        double[] by = java.util.Arrays.stream(band.getYData()).filter(Double::isFinite).toArray();
        assertEquals(go.lo(), java.util.Arrays.stream(by).min().orElseThrow(), 1e-9);
        assertEquals(go.hi(), java.util.Arrays.stream(by).max().orElseThrow(), 1e-9);
        assertTrue(!Double.isNaN(go.lo()), "three units of one cpu_id: an interval");
        assertTrue(go.of().get(0).estimate().value() > go.of().get(2).estimate().value(), "the unit effect is drawn");
    }

    @Test
    void withoutAnIntervalNoBandIsDrawnAndTheCaptionSaysWhy() {
        Results two = UnitsFixture.twoModels();
        Figure f = FiguresStage.built(List.of(), List.of(new UnitsFigure()), two).get("figures/units").orElseThrow();
        assertTrue(f.panels().stream().allMatch(p -> p.getSeriesCollection().stream().noneMatch(
                x -> x.getName().endsWith(UnitsFigure.BAND_SUFFIX))), "no interval, no band");
        assertTrue(f.legend().stream().noneMatch(s -> s.getName().equals(UnitsFigure.BAND)));
        String caption = new UnitsFigure().caption(two);
        assertTrue(caption.contains("No interval where m: units too few (2 with a value; an interval needs min_units_ci = 3);"
                + " n: hardware mixed"), caption);
    }

    /** Data it was not drawn for: three units with long ids, nine stacks over five decades, one slow unit. */
    @Test
    void nineStacksOnThreeLongNamedUnitsEachWithItsColourAndMarker() {
        Results stress = UnitsFixture.stress();
        Figure f = FiguresStage.built(List.of(), List.of(new UnitsFigure()), stress).get("figures/units").orElseThrow();
        List<XYSeries> stacks = f.legend().stream().filter(s -> UnitsFixture.NINE_STACKS.contains(s.getName())).toList();
        assertEquals(9, stacks.size());
        assertEquals(9, stacks.stream().map(s -> s.getMarkerColor().getRGB()).distinct().count(), "a colour per stack");
        java.util.Set<Object> markers = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (XYSeries s : stacks) markers.add(s.getMarker());
        assertEquals(9, markers.size(), "a marker per stack");
        org.knowm.xchart.XYChart panel = f.panel(0);
        for (String s : UnitsFixture.NINE_STACKS) {
            assertEquals(3, panel.getSeries(s).getYData().length, s);
            assertTrue(panel.getSeries(s + UnitsFigure.MEAN_SUFFIX) != null, s);
        }
        assertTrue(panel.getYAxisTitle().contains("log"), "five decades: a log axis");
        // three long ids that read alike when cut: the axis shows their ends
        assertEquals(List.of("\u2026ores-eu-west-unit-a", "\u2026ores-eu-west-unit-b", "\u2026ores-us-east-unit-c"),
                UnitsFigure.labels(UnitsFixture.LONG_UNITS));
        String a = "a".repeat(25);
        String b = "b".repeat(25);
        assertEquals(List.of("unit 1", "unit 2"), UnitsFigure.labels(List.of(a + "-1-" + b, a + "-2-" + b)), "ids alike at both ends");
        assertEquals(List.of("u1", "u2"), UnitsFigure.labels(List.of("u1", "u2")));
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
