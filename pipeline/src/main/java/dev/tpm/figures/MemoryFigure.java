package dev.tpm.figures;

import dev.tpm.model.Endpoints;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.LongStream;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;

/**
 * Phase 3: RSS (MiB) against time (s) of every memory series, one line per series in its stack's
 * colour, one panel per endpoint. The plot of paper Table 20. Reads DeviceResults.memorySeries
 * (stack, endpoint, file, tMs, rssKib), stacks.
 */
public final class MemoryFigure implements FigureBuilder {
    public static final String NAME = "memory";
    /** Separates a stack from the file in the names of its second and later series (not in the legend). */
    public static final String SERIES_SEPARATOR = " | ";
    private static final double MS_PER_S = 1000.0;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return device.memorySeries().isEmpty() ? "no phase-3 memory series" : null;
    }

    static List<String> endpoints(DeviceResults d) {
        Set<String> set = new TreeSet<>(Comparator.comparingInt(Endpoints::order).thenComparing(e -> e));
        for (MemorySeries s : d.memorySeries()) set.add(s.endpoint());
        return new ArrayList<>(set);
    }

    /** A stack's series of one endpoint, by file. */
    static List<MemorySeries> series(DeviceResults d, String stack, String endpoint) {
        return d.memorySeries().stream().filter(s -> s.stack().equals(stack) && s.endpoint().equals(endpoint))
                .sorted(Comparator.comparing(MemorySeries::file)).toList();
    }

    static double[] seconds(MemorySeries s) {
        return LongStream.of(s.tMs()).mapToDouble(t -> t / MS_PER_S).toArray();
    }

    static double[] mib(MemorySeries s) {
        return LongStream.of(s.rssKib()).mapToDouble(k -> k / Metrics.KIB_PER_MIB).toArray();
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        List<String> endpoints = endpoints(device);
        boolean single = endpoints.size() == 1;
        String title = title(results, device);
        List<XYChart> panels = new ArrayList<>();
        for (String endpoint : endpoints) {
            boolean log = Plots.wantsLog(device.memorySeries().stream().filter(s -> s.endpoint().equals(endpoint))
                    .flatMapToDouble(s -> java.util.Arrays.stream(mib(s))));
            XYChart chart = theme.chart(
                    single ? Layout.SINGLE_WIDTH : Layout.PANEL_WIDTH + 160,
                    single ? Layout.SINGLE_HEIGHT : Layout.PANEL_HEIGHT + 120,
                    single ? title : Layout.endpoint(endpoint), "time since the series start (s)",
                    Plots.yTitle("RSS of the server's process tree (MiB)", log));
            if (!single) {
                chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
                chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
            }
            chart.getStyler().setYAxisLogarithmic(log);
            for (String stack : device.stacks()) {
                boolean first = true;
                for (MemorySeries s : series(device, stack, endpoint)) {
                    String name = first ? stack : stack + SERIES_SEPARATOR + s.file();
                    Plots.line(chart, name, seconds(s), mib(s), theme.color(stack), Theme.DATA_LINE, null)
                            .setShowInLegend(first);
                    first = false;
                }
            }
            panels.add(chart);
        }
        return new Figure(NAME, title, caption(results, device), Layout.columns(panels.size()), panels);
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device, "RSS over time, phase 3 (paper Table 20)");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return "Every phase-3 series: RSS of the server's process tree sampled under load (KiB / 1024), "
                + "one line per series in its stack's colour, one panel per endpoint.";
    }
}
