package dev.tpm.figures;

import dev.tpm.model.MemorySeries;
import dev.tpm.model.Studies;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Circle;

/**
 * node_pi_memory (studies.md, seed 003): RSS of the server's process tree over the sustained-load
 * series (phase 3) of the node-pi campaigns, one line per series in its stack's colour, one panel
 * per device; the x axis says that t = 0 is the idle reading before the load ({@link MemoryFigure#TIME_AXIS}).
 */
public final class NodePiMemoryFigure implements StudyFigure {
    public static final String NAME = "node_pi_memory";
    /** Suffix of a stack's idle readings (t = 0), drawn as open markers; the legend's ink entry says what they are. */
    public static final String IDLE = " t = 0";
    public static final String IDLE_KEY = "t = 0: idle reading";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String study() {
        return Studies.NODE_PI;
    }

    @Override
    public String missingData(Results results) {
        String base = StudyFigure.super.missingData(results);
        if (base != null) return base;
        return results.facts().study(study()).series().isEmpty() ? "no memory series (phase 3) in the node-pi campaigns" : null;
    }

    private String title(Results results) {
        return "node-pi (seed 003): RSS under sustained load";
    }

    @Override
    public String caption(Results results) {
        StudyScope s = results.facts().study(study());
        return "Every phase-3 series of the node-pi campaigns: RSS of the server's whole process tree (KiB / 1024, every"
                + " worker counted) against time since the series start, one line per series in its stack's colour, one"
                + " panel per device; t = 0 (open markers) is the idle reading taken just before the load starts, so each"
                + " line's first step is the load arriving. Devices: " + s.describe() + "."
                + leftOut(results).captionSuffix();
    }

    @Override
    public LeftOut leftOut(Results results) {
        StudyScope s = results.facts().study(study());
        List<MemorySeries> all = s.series();
        return LeftOut.of("no memory series",
                s.stacks().stream().filter(x -> all.stream().noneMatch(m -> m.stack().equals(x))).toList());
    }

    @Override
    public Figure build(Results results) {
        StudyScope s = results.facts().study(study());
        Theme theme = new Theme(s.stacks());
        List<MemorySeries> all = s.series();
        List<XYChart> panels = new ArrayList<>();
        boolean several = s.devices().size() > 1;
        for (String device : s.devices()) {
            List<MemorySeries> mine = all.stream().filter(x -> x.device().equals(device)).toList();
            if (mine.isEmpty()) continue;
            boolean log = Plots.wantsLog(mine.stream().flatMapToDouble(x -> java.util.Arrays.stream(MemoryFigure.mib(x))));
            XYChart chart = theme.chart(several ? Layout.PANEL_WIDTH + 160 : Layout.SINGLE_WIDTH,
                    several ? Layout.PANEL_HEIGHT + 120 : Layout.SINGLE_HEIGHT, several ? device : title(results),
                    MemoryFigure.TIME_AXIS, Plots.yTitle("RSS of the server's process tree (MiB)", log));
            chart.getStyler().setYAxisLogarithmic(log);
            if (several) {
                chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
                chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
            }
            boolean anyIdle = false;
            for (String stack : s.stacks()) {
                boolean first = true;
                List<MemorySeries> ofStack = mine.stream().filter(x -> x.stack().equals(stack)).toList();
                for (MemorySeries m : ofStack) {
                    String name = first ? stack : stack + MemoryFigure.SERIES_SEPARATOR + m.file();
                    Plots.line(chart, name, MemoryFigure.seconds(m), MemoryFigure.mib(m), theme.color(stack),
                            Theme.DATA_LINE, null).setShowInLegend(first);
                    first = false;
                }
                // each series' reading at t = 0, the idle one, marked open at the start of its line
                double[] idle = ofStack.stream().filter(m -> m.samples() > 0 && m.tMs()[0] == 0)
                        .mapToDouble(m -> MemoryFigure.mib(m)[0]).toArray();
                if (idle.length > 0) {
                    Plots.scatter(chart, stack + IDLE, new double[idle.length], idle, theme.color(stack),
                            theme.openMarker(stack)).setShowInLegend(false);
                    anyIdle = true;
                }
            }
            if (anyIdle) Plots.key(chart, IDLE_KEY, 0, null, new Theme.OpenMarker(new Circle()));
            panels.add(chart);
        }
        return new Figure(NAME, title(results), caption(results), Layout.columns(panels.size()), panels);
    }
}
