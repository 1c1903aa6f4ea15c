package dev.tpm.figures;

import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.pipeline.Stage;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import java.util.List;

/**
 * Every figure of outputs.md for every device, as figures/&lt;prefix&gt;&lt;name&gt;.png and .svg;
 * a figure whose data a device lacks is skipped with the reason.
 */
public final class FiguresStage implements Stage {
    private final List<FigureBuilder> figures;
    private final List<StudyFigure> studyFigures;

    public FiguresStage(List<FigureBuilder> figures) {
        this(figures, List.of());
    }

    /** @param studyFigures the seed studies' figures (studies.md), each drawn only when a campaign of its study exists */
    public FiguresStage(List<FigureBuilder> figures, List<StudyFigure> studyFigures) {
        this.figures = List.copyOf(figures);
        this.studyFigures = List.copyOf(studyFigures);
    }

    @Override
    public String name() {
        return "figures";
    }

    @Override
    public void run(PipelineContext context, Outputs out) {
        run(figures, context.results(), out);
        runStudies(studyFigures, context.results(), out);
    }

    public static void run(List<FigureBuilder> figures, Results results, Outputs out) {
        Theme theme = new Theme(results.stackOrder());
        for (DeviceResults device : results.devices()) {
            for (FigureBuilder f : figures) {
                String stem = stem(results, device, f.name());
                String missing = f.missingData(results, device);
                if (missing != null) {
                    out.skip(stem + ".png/.svg", missing);
                } else {
                    FigureWriter.add(out, stem, finish(f.build(results, device, theme), device));
                }
            }
        }
    }

    /** figures/&lt;name&gt;: a study's figure is not one device's. */
    public static void runStudies(List<StudyFigure> studyFigures, Results results, Outputs out) {
        for (StudyFigure f : studyFigures) {
            String stem = "figures/" + f.name();
            String missing = f.missingData(results);
            if (missing != null) {
                out.skip(stem + ".png/.svg", missing);
            } else {
                FigureWriter.add(out, stem, finish(f.build(results), StudyScope.of(results, f.study()).describe()));
            }
        }
    }

    /**
     * What every figure gets, whatever draws it: a subtitle naming the device and its campaigns (and
     * the stacks left out, with the reason, that its caption names), the title moved from a single
     * panel into the header, one legend per figure (on the panel with the most entries), and log
     * axes labelled 1-2-5.
     */
    static Figure finish(Figure f, DeviceResults device) {
        return finish(f, device.source());
    }

    /** {@link #finish(Figure, DeviceResults)} with the subtitle's first line given (a study's devices and campaigns). */
    static Figure finish(Figure f, String source) {
        List<String> subtitle = new java.util.ArrayList<>();
        subtitle.add(source);
        int notShown = f.caption().indexOf(" Not shown (");
        if (notShown >= 0) subtitle.add(f.caption().substring(notShown + 1));
        if (f.panels().size() == 1) f.panel(0).getStyler().setChartTitleVisible(false);
        int legend = 0;
        for (int i = 0; i < f.panels().size(); i++) {
            if (Plots.legendEntries(f.panel(i)) > Plots.legendEntries(f.panel(legend))) legend = i;
        }
        for (int i = 0; i < f.panels().size(); i++) {
            f.panel(i).getStyler().setLegendVisible(i == legend);
            Plots.logTicks125(f.panel(i));
        }
        return f.withSubtitle(subtitle);
    }

    /** figures/&lt;prefix&gt;&lt;name&gt;, without extension. */
    public static String stem(Results results, DeviceResults device, String name) {
        return "figures/" + results.devicePrefix(device.id()) + name;
    }
}
