package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Endpoints;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Drift;
import dev.tpm.results.DriftRuns;
import dev.tpm.results.Results;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** The drift figure on the SYNTHETIC fixture, whose go/get_list runs carry a planted upward trend. */
class DriftFigureTest {
    private final Results results = SyntheticResults.pi5();
    private final DeviceResults device = results.devices().get(0);
    private final Theme theme = new Theme(results.stackOrder());

    @Test
    void aPanelPerEndpointAMarkPerStackAndRpsOverTheGroupMedian() {
        Figure f = FiguresStage.finish(new DriftFigure().build(results, device, theme), device);
        assertEquals(List.of("post_item", "get_item", "get_list", "put_item", "delete_item", "mixed"), DriftFigure.endpoints(device));
        assertEquals(6, f.panels().size());
        XYChart getList = f.panel(2);
        DriftRuns go = device.drift().runs().stream()
                .filter(r -> r.stack().equals("go") && r.endpoint().equals(Endpoints.GET_LIST)).findFirst().orElseThrow();
        XYSeries s = getList.getSeries("go");
        assertArrayEquals(java.util.Arrays.stream(go.positions()).asDoubleStream().toArray(), s.getXData(), 0.0);
        for (int i = 0; i < go.rps().length; i++) assertEquals(go.rps()[i] / go.median(), s.getYData()[i], 1e-12);
        assertEquals(theme.color("go"), s.getMarkerColor());
        for (String stack : SyntheticResults.STACKS) assertNotNull(getList.getSeries(stack), stack);
        // one legend, below the subtitle, listing the stacks; the median line is not in it
        assertEquals(SyntheticResults.STACKS, f.legend().stream().map(XYSeries::getName).toList());
        assertTrue(f.subtitle().get(0).startsWith(device.id()), f.subtitle().toString());
    }

    @Test
    void thePlantedTrendIsFlaggedAndNamedInItsPanelTitle() {
        assertEquals(List.of("go/get_list"), device.drift().drifting().stream().map(t -> t.stack() + "/" + t.endpoint()).toList());
        Figure f = new DriftFigure().build(results, device, theme);
        assertTrue(f.panel(2).getTitle().contains("drifts: go +"), f.panel(2).getTitle());
        assertTrue(f.panels().stream().filter(p -> p.getTitle().contains("drifts:")).count() == 1);
    }

    @Test
    void everyPanelSharesOneScale() {
        Figure f = new DriftFigure().build(results, device, theme);
        for (XYChart p : f.panels()) {
            assertEquals(f.panel(0).getStyler().getYAxisMin(), p.getStyler().getYAxisMin());
            assertEquals(f.panel(0).getStyler().getYAxisMax(), p.getStyler().getYAxisMax());
            assertEquals(f.panel(0).getStyler().getXAxisMax(), p.getStyler().getXAxisMax());
        }
    }

    @Test
    void withoutMeasuredRunsTheFigureSaysWhy() {
        DeviceResults none = device.toBuilder().drift(Drift.NONE).build();
        assertEquals("no measured phase-1 runs", new DriftFigure().missingData(results, none));
        assertNull(new DriftFigure().missingData(results, device));
    }
}
