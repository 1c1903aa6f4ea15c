package dev.tpm.figures;

import dev.tpm.paper.PaperCatalog;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.output.Outputs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FiguresStageTest {
    private static final List<String> NAMES = List.of(
            "endpoint_rps", "endpoint_p99", "pareto", "ratio", "startup", "energy", "sweep", "memory", "sensitivity",
            "offered_load", "drift");

    @Test
    void everyFigureOfOutputsMdIsWrittenAsPngAndSvg() {
        // warm_cold needs phase 5, which the fixture lacks (its absence is the stats stage's line)
        List<String> all = new ArrayList<>(NAMES);
        all.add("warm_cold");
        all.add("probe"); // version 6: needs a probe.csv, which the fixture lacks
        assertEquals(all, PaperCatalog.CATALOG.figureBuilders().stream().map(FigureBuilder::name).toList());
        Outputs out = RenderedFixtures.pi5();
        List<String> expected = new ArrayList<>();
        for (String n : NAMES) {
            expected.add("figures/" + n + ".png");
            expected.add("figures/" + n + ".svg");
        }
        assertEquals(expected.stream().sorted().toList(), new ArrayList<>(out.files().keySet()));
        // version 6: no probe.csv in the fixture, so no probe figure, with its line
        assertEquals(List.of("figures/probe.png/.svg: " + NO_PROBE), out.skipped());
    }

    static final String NO_PROBE = "no probe.csv in the device's campaigns";

    @Test
    void figuresWithoutDataAreSkippedWithTheReasonAndDevicesGetTheirOwnFolder() {
        Outputs out = RenderedFixtures.twoDevices();
        for (String n : NAMES) {
            assertTrue(out.contains("figures/pi5-a/" + n + ".png"), n);
            assertTrue(out.contains("figures/pi5-a/" + n + ".svg"), n);
        }
        for (String n : List.of("energy", "sweep", "memory")) {
            assertTrue(!out.contains("figures/pi5-b/" + n + ".png"), n);
        }
        assertEquals(List.of(
                "figures/pi5-a/probe.png/.svg: " + NO_PROBE,
                "figures/pi5-b/energy.png/.svg: no energy values (no stack has energy_j on every CRUD endpoint)",
                "figures/pi5-b/sweep.png/.svg: no phase-2 (concurrency sweep) runs",
                "figures/pi5-b/memory.png/.svg: no phase-3 memory series",
                "figures/pi5-b/probe.png/.svg: " + NO_PROBE), out.skipped());
        // pi5-b also has no phase 4: its offered_load figure is left out without a line (the stats stage says it)
        assertEquals(2 * (2 * NAMES.size()) - 2 * 4, out.files().size());
        assertTrue(!out.contains("figures/pi5-b/offered_load.png"));
    }

    @Test
    void everyFigureNamesItsDeviceAndCampaignsAndHasOneLegend() {
        dev.tpm.results.Results results = SyntheticResults.pi5();
        dev.tpm.results.DeviceResults device = results.devices().get(0);
        Theme theme = new Theme(results.stackOrder());
        for (FigureBuilder b : PaperCatalog.CATALOG.figureBuilders()) {
            if (b.missingData(results, device) != null) continue;
            Figure f = FiguresStage.finish(b.build(results, device, theme), device);
            assertEquals(device.source(), f.subtitle().get(0), b.name());
            assertTrue(f.subtitle().get(0).startsWith(device.id() + " (campaign "), f.subtitle().get(0));
            long legends = f.panels().stream().filter(c -> c.getStyler().isLegendVisible()).count()
                    + (f.legend().isEmpty() ? 0 : 1);
            assertEquals(1, legends, b.name() + ": one legend per figure, on a panel or below the subtitle");
            if (!f.legend().isEmpty()) {
                assertTrue(f.panels().stream().noneMatch(c -> c.getStyler().isLegendVisible()),
                        b.name() + ": the legend below the subtitle, wrapped to the figure's width, on no panel");
                List<String> names = f.legend().stream().map(org.knowm.xchart.XYSeries::getName).toList();
                List<String> stacks = device.listedStacks().stream().filter(names::contains).toList();
                assertEquals(stacks, names.subList(0, stacks.size()),
                        b.name() + ": the stacks, in the stack order, then the entries saying which line or marker is which");
                for (var key : f.legend().subList(stacks.size(), names.size())) {
                    assertEquals(Theme.INK, key.getLineColor(), b.name() + ": " + key.getName() + " is a key, in ink");
                }
            }
            if (f.panels().size() == 1) assertTrue(!f.panel(0).getStyler().isChartTitleVisible(), "title in the header");
            for (var c : f.panels()) {
                if (c.getStyler().isYAxisLogarithmic()) {
                    assertTrue(!c.getStyler().isYAxisLogarithmicDecadeOnly(), b.name() + ": log axis ticks at 1-9 x 10^k");
                    assertEquals("20", c.getStyler().getyAxisTickLabelsFormattingFunction().apply(20.0), b.name() + ": labelled 1-2-5");
                    assertEquals(" ", c.getStyler().getyAxisTickLabelsFormattingFunction().apply(30.0), b.name() + ": labelled 1-2-5");
                }
            }
        }
    }

    @Test
    void theSubtitleNamesTheStacksLeftOutFromTheFiguresDataNotItsCaption() {
        dev.tpm.results.Results results = SyntheticResults.pi5();
        dev.tpm.results.DeviceResults device = results.devices().get(0);
        Theme theme = new Theme(results.stackOrder());
        Figure drawn = new StartupFigure().build(results, device, theme);
        // a caption that mentions no stack at all: the subtitle comes from the data the figure carries
        Figure f = new Figure(drawn.name(), drawn.title(), "A caption.", drawn.columns(), drawn.panels())
                .withLeftOut(LeftOut.of("no measured startup", List.of("rust", "go")));
        assertEquals(List.of(device.source(), "Not shown (no measured startup): rust, go."),
                FiguresStage.finish(f, device).subtitle());
        assertEquals(List.of(device.source()), FiguresStage.finish(drawn, device).subtitle(), "nothing left out");
    }

    @Test
    void everyFiguresCaptionEndsWithTheSentenceOfWhatItLeavesOut() {
        dev.tpm.results.Results results = SyntheticResults.pi5();
        for (dev.tpm.results.DeviceResults d : results.devices()) {
            for (FigureBuilder b : dev.tpm.paper.PaperCatalog.CATALOG.figureBuilders()) {
                if (b.missingData(results, d) != null) continue;
                LeftOut left = b.leftOut(results, d);
                assertTrue(b.caption(results, d).endsWith(left.captionSuffix()), b.name());
                assertEquals(left.isEmpty(), !b.caption(results, d).contains("Not shown ("), b.name());
            }
        }
    }

    @Test
    void threeThreadsWriteTheSameFilesSkipsAndBytesAsOne() {
        Outputs parallel = new Outputs();
        FiguresStage.run(PaperCatalog.CATALOG.figureBuilders(), SyntheticResults.twoDevices(), parallel, 3);
        Outputs serial = RenderedFixtures.twoDevices();
        assertEquals(serial.skipped(), parallel.skipped());
        assertEquals(serial.files().keySet(), parallel.files().keySet());
        for (String path : serial.files().keySet()) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(serial.get(path), parallel.get(path), path);
        }
    }
}
