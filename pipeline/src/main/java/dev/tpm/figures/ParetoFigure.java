package dev.tpm.figures;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.results.Weighted;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/**
 * Paper Figure 8: weighted peak RSS (x) against weighted throughput (y) under the declared mix,
 * each with its CI in both directions; the Pareto frontier (analysis.md section 7, as the analysis
 * computed it) joined by a dashed staircase and ringed.
 *
 * <p>Reads DeviceResults.weighted (mix = declaredMix: wPeakMib, wRps), paretoFrontier, stacks.
 */
public final class ParetoFigure implements FigureBuilder {
    public static final String NAME = "pareto";
    /** Name (and legend text) of the frontier series. */
    public static final String FRONTIER = "Pareto frontier";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return rows(device).isEmpty()
                ? "no weighted throughput and peak RSS for the declared mix (no measured phase-1 CRUD runs)"
                : null;
    }

    /** The declared mix's rows with both coordinates, in stack order. */
    static List<Weighted> rows(DeviceResults d) {
        List<Weighted> rows = new ArrayList<>();
        for (String stack : d.stacks()) {
            for (Weighted w : d.weighted()) {
                if (w.mix().equals(d.declaredMix()) && w.stack().equals(stack)
                        && !w.wRps().isMissing() && !w.wPeakMib().isMissing()) {
                    rows.add(w);
                }
            }
        }
        return rows;
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        List<Weighted> rows = rows(device);
        boolean logX = logX(device);
        boolean logY = logY(device);
        String title = title(results, device);
        XYChart chart = theme.chart(Layout.SINGLE_WIDTH, Layout.SINGLE_HEIGHT, title,
                Plots.yTitle("weighted peak RSS (MiB)", logX), Plots.yTitle("weighted throughput (req/s)", logY));
        chart.getStyler().setXAxisLogarithmic(logX);
        chart.getStyler().setYAxisLogarithmic(logY);

        for (Weighted w : rows) {
            String stack = w.stack();
            double x = w.wPeakMib().value();
            double y = w.wRps().value();
            if (Plots.hasCi(w.wRps())) {
                Plots.segments(chart, stack + Plots.CI, List.of(new double[] {x, w.wRps().lo(), x, w.wRps().hi()}),
                        theme.color(stack), Theme.WHISKER);
            }
            if (Plots.hasCi(w.wPeakMib())) {
                Plots.segments(chart, stack + Plots.CI_X,
                        List.of(new double[] {w.wPeakMib().lo(), y, w.wPeakMib().hi(), y}),
                        theme.color(stack), Theme.WHISKER);
            }
            Plots.scatter(chart, stack, new double[] {x}, new double[] {y}, theme.color(stack), theme.marker(stack));
        }

        List<Weighted> frontier = rows.stream()
                .filter(w -> device.paretoFrontier().contains(w.stack()))
                .sorted(Comparator.comparingDouble((Weighted w) -> w.wPeakMib().value())
                        .thenComparingDouble(w -> w.wRps().value()))
                .toList();
        if (!frontier.isEmpty()) {
            // horizontal then vertical: the edge of the region the frontier dominates
            XYSeries f = chart.addSeries(FRONTIER,
                    frontier.stream().mapToDouble(w -> w.wPeakMib().value()).toArray(),
                    frontier.stream().mapToDouble(w -> w.wRps().value()).toArray());
            f.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Step);
            f.setLineStyle(Theme.FRONTIER);
            f.setLineColor(Theme.INK);
            f.setMarker(new Ring());
            f.setMarkerColor(Theme.INK);
        }
        return new Figure(NAME, title, caption(results, device), 1, List.of(chart));
    }

    /**
     * Each axis by the figures' rule ({@link Plots#logScale}) over every value and CI end drawn: log
     * whenever all are positive. The stacks' weighted peak RSS runs from under 10 MiB to over 200 and
     * their weighted throughput over more than a decade, so that on linear axes the small stacks
     * crowd the corner and the slow stacks' CIs vanish; on log axes equal ratios are equal distances
     * (and a line of constant req/s per MiB is a diagonal). The frontier does not depend on the axes.
     */
    static boolean logX(DeviceResults d) {
        return Plots.logScale(Plots.span(rows(d).stream().map(Weighted::wPeakMib).toList()));
    }

    static boolean logY(DeviceResults d) {
        return Plots.logScale(Plots.span(rows(d).stream().map(Weighted::wRps).toList()));
    }

    private static String axes(DeviceResults d) {
        boolean x = logX(d);
        boolean y = logY(d);
        if (x && y) return " Both axes on log scales.";
        if (x) return " Memory on a log scale; throughput on a linear scale (a value of 0 rules a log scale out).";
        if (y) return " Throughput on a log scale; memory on a linear scale (a value of 0 rules a log scale out).";
        return " Both axes linear (a value of 0 rules a log scale out).";
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device,
                "Figure 8: weighted throughput vs weighted peak RSS (mix " + device.declaredMix() + ")");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return "Each stack at its weighted peak RSS and weighted throughput under the declared mix '"
                + device.declaredMix() + "', with " + Layout.ciLevel(results)
                + " stratified-bootstrap CIs in both directions. Ringed stacks and the dashed staircase form the "
                + "Pareto frontier: no other stack has both lower memory and higher throughput. MiB = KiB / 1024."
                + axes(device)
                + leftOut(results, device).captionSuffix();
    }

    @Override
    public LeftOut leftOut(Results results, DeviceResults device) {
        return Layout.leftOutWeighted(device, rows(device).stream().map(Weighted::stack).toList());
    }
}
