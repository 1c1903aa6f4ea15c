package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;

/** outputs.md: a log axis labels 1, 2 and 5 x 10^k, with a tick and a grid line at every 1-9 x 10^k. */
class LogTicksTest {
    @Test
    void labelsOneTwoAndFiveTimesAPowerOfTenInPlainGroupedDigits() {
        assertEquals("1", Plots.label125(1));
        assertEquals("2", Plots.label125(2));
        assertEquals("5", Plots.label125(5));
        assertEquals("50", Plots.label125(50));
        assertEquals("1,000", Plots.label125(1000));
        assertEquals("5,000", Plots.label125(5000));
        assertEquals("20,000,000", Plots.label125(2e7));
        assertEquals("0.01", Plots.label125(0.01));
        assertEquals("0.05", Plots.label125(0.05));
        assertEquals("0.0002", Plots.label125(2e-4));
        for (double v : new double[] {3, 4, 6, 7, 8, 9, 30, 0.3, 900, 1.5, 2.5, 0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertEquals(" ", Plots.label125(v), "no label at " + v);
        }
    }

    /** The ticks as XChart computes them, 10^k x j, with whatever rounding that brings. */
    @Property
    void aTickIsLabelledIffItsMantissaIsOneTwoOrFiveAndTheLabelIsItsExactValue(
            @ForAll @IntRange(min = -6, max = 9) int k, @ForAll @IntRange(min = 1, max = 10) int j) {
        String label = Plots.label125(Math.pow(10, k) * j);
        boolean labelled = j == 1 || j == 2 || j == 5 || j == 10;
        assertEquals(labelled, !label.isBlank(), "10^" + k + " x " + j + ": '" + label + "'");
        if (labelled) {
            BigDecimal expected = BigDecimal.valueOf(j).scaleByPowerOfTen(k);
            assertEquals(0, expected.compareTo(new BigDecimal(label.replace(",", ""))), label);
        }
    }

    @Property
    void theAxisEndsAreTheNearestOneTwoOrFiveTimesAPowerOfTenOutside(@ForAll @DoubleRange(min = -6, max = 9) double log10) {
        double v = Math.pow(10, log10);
        double lo = Plots.floor125(v);
        double hi = Plots.ceil125(v);
        assertTrue(lo <= v * (1 + 1e-12) && hi >= v * (1 - 1e-12), lo + " <= " + v + " <= " + hi);
        assertTrue(!Plots.label125(lo).isBlank() && !Plots.label125(hi).isBlank(), lo + ", " + hi);
        // neighbours, or v itself: hi / lo is 1 (v labelled), 2 (1 to 2, 5 to 10) or 2.5 (2 to 5)
        double ratio = hi / lo;
        assertTrue(Math.abs(ratio - 1) < 1e-9 || Math.abs(ratio - 2) < 1e-9 || Math.abs(ratio - 2.5) < 1e-9, lo + " .. " + hi);
    }

    @Test
    void aLogAxisRunsFromALabelledValueToALabelledValue() {
        XYChart chart = new Theme(List.of("go")).chart(800, 600, "t", "x", "y");
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setXAxisLogarithmic(true);
        chart.addSeries("go", new double[] {3, 700}, new double[] {27, 7800});
        Plots.logTicks125(chart);
        assertEquals(20.0, chart.getStyler().getYAxisMin(), 1e-9);
        assertEquals(10000.0, chart.getStyler().getYAxisMax(), 1e-9);
        assertEquals(2.0, chart.getStyler().getXAxisMin(), 1e-9);
        assertEquals(1000.0, chart.getStyler().getXAxisMax(), 1e-9);

        // a range the figure set (one scale for several panels) is widened, not replaced by the data's
        XYChart set = new Theme(List.of("go")).chart(800, 600, "t", "x", "y");
        set.getStyler().setYAxisLogarithmic(true);
        set.getStyler().setYAxisMin(0.7);
        set.getStyler().setYAxisMax(650.0);
        set.addSeries("go", new double[] {1, 2}, new double[] {3, 40});
        Plots.logTicks125(set);
        assertEquals(0.5, set.getStyler().getYAxisMin(), 1e-12);
        assertEquals(1000.0, set.getStyler().getYAxisMax(), 1e-9);
    }

    @Test
    void finishingAFigureLabelsItsLogAxisOneTwoFiveAndLeavesLinearAxesAlone() {
        Results results = SyntheticResults.pi5();
        DeviceResults device = results.devices().get(0);
        Theme theme = new Theme(results.stackOrder());
        DeviceResults d = SyntheticResults.withSlowPython(device);
        XYChart log = FiguresStage.finish(new StartupFigure().build(results, d, theme), d).panel(0);
        assertTrue(log.getStyler().isYAxisLogarithmic());
        assertNotNull(log.getStyler().getyAxisTickLabelsFormattingFunction());
        assertEquals("5,000", log.getStyler().getyAxisTickLabelsFormattingFunction().apply(5000.0));
        assertEquals(" ", log.getStyler().getyAxisTickLabelsFormattingFunction().apply(4000.0));

        XYChart linear = FiguresStage.finish(new StartupFigure().build(results, device, theme), device).panel(0);
        assertTrue(!linear.getStyler().isYAxisLogarithmic());
        assertNull(linear.getStyler().getyAxisTickLabelsFormattingFunction());
    }

    /**
     * The labels must not cost the axis its log scale: a formatting function makes some XChart
     * versions lay the ticks out linearly. The grid lines of a chart labelled 1-2-5 lie on the
     * same rows as those of XChart's own log axis, one per 1-9 x 10^k.
     */
    @Test
    void oneTwoFiveLabelsKeepTheLogGrid() {
        List<Integer> own = gridRows(false);
        List<Integer> labelled = gridRows(true);
        assertEquals(own, labelled);
        // 1 to 1000: 1-9, 10-90, 100-900 and 1000, some of them hidden behind the plot's border
        assertTrue(own.size() >= 25, own.toString());
    }

    private static List<Integer> gridRows(boolean oneTwoFive) {
        XYChart chart = new Theme(List.of("go")).chart(800, 600, "t", "x", "y");
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setYAxisLogarithmicDecadeOnly(false);
        chart.addSeries("go", new double[] {0, 10}, new double[] {1, 1000}).setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
        if (oneTwoFive) Plots.logTicks125(chart);
        BufferedImage image = new BufferedImage(800, 600, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        chart.paint(g, 800, 600);
        g.dispose();
        int x = 600; // inside the plot, right of every label, between the two points
        List<Integer> rows = new ArrayList<>();
        for (int y = 0; y < 600; y++) {
            // a grid line is light grey, drawn anti-aliased across two rows: only the darker of them counts
            int rgb = image.getRGB(x, y) & 0xFFFFFF;
            int grey = rgb & 0xFF;
            if (rgb == grey * 0x010101 && grey >= (Theme.GRID.getRGB() & 0xFF) && grey < 0xF0) rows.add(y);
        }
        return rows;
    }
}
