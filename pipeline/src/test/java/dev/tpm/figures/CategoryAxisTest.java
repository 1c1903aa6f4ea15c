package dev.tpm.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.AxesChart;
import org.knowm.xchart.internal.chartpart.AxisPair;
import org.knowm.xchart.internal.chartpart.AxisTickCalculator;

class CategoryAxisTest {
    @Test
    void aNameOfMoreThanTwentyCharactersIsCutWithAnEllipsis() {
        assertEquals("go", CategoryAxis.shown("go"));
        assertEquals("a".repeat(20), CategoryAxis.shown("a".repeat(20)));
        assertEquals("a".repeat(19) + "\u2026", CategoryAxis.shown("a".repeat(21)));
        assertEquals(20, CategoryAxis.shown("x".repeat(80)).length());
    }

    @Test
    void theLabelFunctionNamesTheCentresAndBlanksTheRestWithDistinctEnds() {
        CategoryAxis axis = new CategoryAxis(List.of("go", "python-1w", "rust"), 4);
        assertEquals("go", axis.label(1.0));
        assertEquals("rust", axis.label(3.0));
        for (double x : new double[] {0, 0.25, 0.5, 1.5, 2.75, 3.2, 4}) assertTrue(axis.label(x).isBlank(), "at " + x);
        assertNotEquals(axis.label(0), axis.label(4), "the ends' labels differ");
    }

    /**
     * XChart keeps a tick at every category centre, whatever the names' length, number and
     * rotation: the names it lays out are exactly the categories', in order, none dropped.
     */
    @Test
    void xchartLabelsEveryCategoryAtItsCentre() throws ReflectiveOperationException {
        List<List<String>> cases = List.of(
                List.of("go", "rust", "python"),
                List.of("go", "rust", "python", "python-1w", "node", "java", "java-jdk"),
                List.of("illustrative", "read_heavy", "uniform", "write_heavy"),
                List.of("a stack with a name far too long to show", "b"),
                names(35));
        for (List<String> names : cases) {
            for (int steps : new int[] {2, 4, 7}) {
                XYChart chart = new Theme(names).chart(1100, 740, "t", "stack", "y");
                CategoryAxis axis = new CategoryAxis(names, steps);
                axis.install(chart);
                // x values that are equally spaced, but not at the centres
                double[] x = new double[2 * names.size()];
                for (int i = 0; i < names.size(); i++) {
                    x[2 * i] = axis.x(i, -1);
                    x[2 * i + 1] = axis.x(i, 1);
                }
                chart.addSeries("data", x, new double[x.length]);
                List<String> shown = xLabels(chart).stream().filter(l -> !l.isBlank()).toList();
                assertEquals(names.stream().map(CategoryAxis::shown).toList(), shown,
                        names.size() + " names, " + steps + " steps, rotated " + chart.getStyler().getXAxisLabelRotation());
            }
        }
    }

    private static List<String> names(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) out.add("stack-" + i);
        return out;
    }

    /** The x tick labels XChart lays out when it paints the chart (read from its tick calculator). */
    private static List<String> xLabels(XYChart chart) throws ReflectiveOperationException {
        BufferedImage image = new BufferedImage(chart.getWidth(), chart.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        chart.paint(g, chart.getWidth(), chart.getHeight());
        g.dispose();
        Field pair = AxesChart.class.getDeclaredField("axisPair");
        pair.setAccessible(true);
        AxisTickCalculator ticks = ((AxisPair<?, ?>) pair.get(chart)).getXAxis().getAxisTickCalculator();
        return ticks.getTickLabels();
    }
}
