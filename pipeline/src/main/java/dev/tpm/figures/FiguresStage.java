package dev.tpm.figures;

import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.pipeline.Stage;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.util.List;

/**
 * Every figure of outputs.md for every device, as figures/&lt;prefix&gt;&lt;name&gt;.png and .svg;
 * a figure whose data a device lacks is skipped with the reason.
 */
public final class FiguresStage implements Stage {
    /** The figures of outputs.md, in its order. */
    public static final List<FigureBuilder> FIGURES = List.of(
            new ParetoFigure(),
            new EndpointRpsFigure(),
            new EndpointP99Figure(),
            new RatioFigure(),
            new StartupFigure(),
            new EnergyFigure(),
            new SweepFigure(),
            new MemoryFigure(),
            new SensitivityFigure());

    /** The seed studies' figures (studies.md), each drawn only when a campaign of its study exists. */
    public static final List<StudyFigure> STUDY_FIGURES = List.of(new HelloBlogFigure(), new NodePiMemoryFigure());

    @Override
    public String name() {
        return "figures";
    }

    @Override
    public void run(PipelineContext context, Outputs out) {
        run(context.results(), out);
    }

    public static void run(Results results, Outputs out) {
        Theme theme = new Theme(results.stackOrder());
        for (DeviceResults device : results.devices()) {
            for (FigureBuilder f : FIGURES) {
                String stem = stem(results, device, f.name());
                String missing = f.missingData(results, device);
                if (missing != null) {
                    out.skip(stem + ".png/.svg", missing);
                } else {
                    FigureWriter.add(out, stem, f.build(results, device, theme));
                }
            }
        }
        runStudies(results, out);
    }

    /** figures/&lt;name&gt;: a study's figure is not one device's. */
    public static void runStudies(Results results, Outputs out) {
        for (StudyFigure f : STUDY_FIGURES) {
            String stem = "figures/" + f.name();
            String missing = f.missingData(results);
            if (missing != null) {
                out.skip(stem + ".png/.svg", missing);
            } else {
                FigureWriter.add(out, stem, f.build(results));
            }
        }
    }

    /** figures/&lt;prefix&gt;&lt;name&gt;, without extension. */
    public static String stem(Results results, DeviceResults device, String name) {
        return "figures/" + results.devicePrefix(device.id()) + name;
    }
}
