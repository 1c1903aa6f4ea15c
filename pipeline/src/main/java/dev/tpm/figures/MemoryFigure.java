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
 * Phase 3: RSS and PSS (MiB) against time (s) of every memory series, two lines per series in its
 * stack's colour, one panel per stack. The plot of paper Table 20. Reads DeviceResults.memorySeries
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

    static double[] pssMib(MemorySeries s) {
        if (s.pssKib() == null || s.pssKib().length != s.samples()) return null;
        return LongStream.of(s.pssKib()).mapToDouble(k -> k / Metrics.KIB_PER_MIB).toArray();
    }

    /** Suffix of a series' PSS line (dotted) beside its RSS line (solid). */
    public static final String PSS = " PSS";
    /** The legend's entries: which line is which, in ink (the panels' titles name the stacks). */
    public static final String RSS_KEY = "RSS: solid line";
    public static final String PSS_KEY = "PSS: dotted line";
    /**
     * The x axis of a phase-3 series: what t = 0 is. The sampler takes its first reading as it
     * starts, just before the load generator does (RunMeasurement), so the first point of every
     * line is the server at idle and the climb after it is the load arriving.
     */
    public static final String TIME_AXIS = "time since the series start (s); t = 0: idle, just before the load starts";

    /**
     * One panel per stack, each on its own MiB scale (said in its title), so that a stack of a few MiB
     * is not flattened by one of hundreds; every series of the stack drawn as RSS (solid) and, where
     * collected, PSS (dotted: {@link Theme#DOTTED_LINE}), both in the stack's colour. One legend for
     * the figure, below its subtitle: every panel carries the same two ink entries saying which line
     * is RSS and which PSS, and the figures stage keeps one of them.
     */
    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        String title = title(results, device);
        List<XYChart> panels = new ArrayList<>();
        List<String> stacks = device.stacks().stream()
                .filter(st -> device.memorySeries().stream().anyMatch(s -> s.stack().equals(st))).toList();
        boolean anyPss = device.memorySeries().stream().anyMatch(s -> pssMib(s) != null);
        for (String stack : stacks) {
            XYChart chart = theme.chart(Layout.PANEL_WIDTH, Layout.PANEL_HEIGHT, stack + " (own scale)",
                    TIME_AXIS, "process-tree memory (MiB)");
            chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
            chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
            for (String endpoint : endpoints(device)) {
                for (MemorySeries s : series(device, stack, endpoint)) {
                    String id = SERIES_SEPARATOR + s.file();
                    Plots.line(chart, stack + id, seconds(s), mib(s), theme.color(stack), Theme.DATA_LINE, null)
                            .setShowInLegend(false);
                    double[] pss = pssMib(s);
                    if (pss != null) {
                        Plots.line(chart, stack + PSS + id, seconds(s), pss, theme.color(stack), Theme.DOTTED_LINE, null)
                                .setShowInLegend(false);
                    }
                }
            }
            Plots.key(chart, RSS_KEY, 0, Theme.DATA_LINE, null);
            if (anyPss) Plots.key(chart, PSS_KEY, 0, Theme.DOTTED_LINE, null);
            panels.add(chart);
        }
        return new Figure(NAME, title, caption(results, device), Layout.columns(panels.size()), panels);
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device, "RSS and PSS over time, phase 3 (paper Table 20)");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return "Every phase-3 series: RSS (solid line) and PSS (dotted line, where collected) of the server's process"
                + " tree sampled under load (KiB / 1024), in the stack's colour, one panel per stack, each on its own"
                + " scale; t = 0 is the idle reading taken just before the load starts. PSS divides shared pages among"
                + " the processes sharing them, so it is below summed RSS for multi-process stacks; where the two"
                + " coincide the dotted line lies on the solid one."
                + leftOut(results, device).captionSuffix();
    }

    @Override
    public LeftOut leftOut(Results results, DeviceResults device) {
        return Layout.leftOut(device, device.memorySeries().stream().map(MemorySeries::stack).toList(), "no memory series");
    }
}
