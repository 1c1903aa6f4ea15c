package dev.tpm.figures;

import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.pipeline.Stage;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;

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
        List<Pending> pending = new ArrayList<>();
        build(figures, context.results(), out, pending);
        buildStudies(studyFigures, context.results(), out, pending);
        write(pending, out, context.threads());
        context.handOn(DrawnFigures.class, drawn(pending));
    }

    /**
     * The figures this stage would draw on these results, built but not painted (painting is the
     * slow part): what it hands on, for a report over figures drawn elsewhere.
     */
    public static DrawnFigures built(List<FigureBuilder> figures, List<StudyFigure> studyFigures, Results results) {
        List<Pending> pending = new ArrayList<>();
        Outputs skips = new Outputs();
        build(figures, results, skips, pending);
        buildStudies(studyFigures, results, skips, pending);
        return drawn(pending);
    }

    private static DrawnFigures drawn(List<Pending> pending) {
        java.util.Map<String, Figure> byStem = new java.util.LinkedHashMap<>();
        for (Pending p : pending) byStem.put(p.stem(), p.figure());
        return new DrawnFigures(byStem);
    }

    /** The device figures on one thread. */
    public static void run(List<FigureBuilder> figures, Results results, Outputs out) {
        run(figures, results, out, 1);
    }

    /** The device figures, painted and encoded on {@code threads} threads; the same files on any number. */
    public static void run(List<FigureBuilder> figures, Results results, Outputs out, int threads) {
        List<Pending> pending = new ArrayList<>();
        build(figures, results, out, pending);
        write(pending, out, threads);
    }

    /** The study figures on one thread. */
    public static void runStudies(List<StudyFigure> studyFigures, Results results, Outputs out) {
        List<Pending> pending = new ArrayList<>();
        buildStudies(studyFigures, results, out, pending);
        write(pending, out, 1);
    }

    /** A built figure waiting to be painted and encoded as stem.png and stem.svg. */
    private record Pending(String stem, Figure figure) {}

    private static void build(List<FigureBuilder> figures, Results results, Outputs out, List<Pending> pending) {
        Theme theme = new Theme(results.stackOrder());
        for (DeviceResults device : results.devices()) {
            for (FigureBuilder f : figures) {
                String stem = stem(results, device, f.name());
                String missing = f.missingData(results, device);
                if (missing != null) {
                    if (f.reportsLacking()) out.skip(stem + ".png/.svg", missing);
                } else {
                    Figure built = f.build(results, device, theme).withLeftOut(f.leftOut(results, device));
                    pending.add(new Pending(stem, finish(built, device)));
                }
            }
        }
    }

    /** figures/&lt;name&gt;: a study's figure is not one device's. */
    private static void buildStudies(List<StudyFigure> studyFigures, Results results, Outputs out, List<Pending> pending) {
        for (StudyFigure f : studyFigures) {
            String stem = "figures/" + f.name();
            String missing = f.missingData(results);
            if (missing != null) {
                out.skip(stem + ".png/.svg", missing);
            } else {
                Figure built = f.build(results).withLeftOut(f.leftOut(results));
                pending.add(new Pending(stem, finish(built, StudyScope.of(results, f.study()).describe())));
            }
        }
    }

    /**
     * Paints and encodes every built figure on {@code threads} threads, one task per figure (PNG
     * then SVG: painting lays out the XChart charts, so a figure is never painted on two threads
     * at once). Each file's bytes depend only on its figure; the files are added in build order.
     */
    private static void write(List<Pending> pending, Outputs out, int threads) {
        List<byte[][]> bytes = render(pending.size(), i -> {
            Figure f = pending.get(i).figure();
            try {
                return new byte[][] {FigureWriter.png(f), FigureWriter.svg(f)};
            } catch (RuntimeException e) {
                throw new IllegalStateException(pending.get(i).stem() + ": " + e.getMessage(), e);
            }
        }, threads);
        for (int i = 0; i < pending.size(); i++) {
            out.put(pending.get(i).stem() + ".png", bytes.get(i)[0]);
            out.put(pending.get(i).stem() + ".svg", bytes.get(i)[1]);
        }
    }

    private static <R> List<R> render(int tasks, IntFunction<R> task, int threads) {
        List<R> done = new ArrayList<>(Collections.nCopies(tasks, null));
        if (threads <= 1 || tasks <= 1) {
            for (int t = 0; t < tasks; t++) done.set(t, task.apply(t));
            return done;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, tasks), r -> {
            Thread t = new Thread(r, "figures");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<R>> futures = new ArrayList<>(tasks);
            for (int t = 0; t < tasks; t++) {
                int id = t;
                futures.add(pool.submit(() -> task.apply(id)));
            }
            for (int t = 0; t < tasks; t++) done.set(t, futures.get(t).get());
            return done;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while rendering the figures", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * What every figure gets, whatever draws it: a subtitle naming the device and its campaigns (and
     * the stacks left out, with the reason: {@link Figure#leftOut}), the title moved from a single
     * panel into the header, one legend per figure (that of the panel with the most entries: on that
     * panel, or, when it would lie outside the plot of one of several panels, below the subtitle,
     * so that every panel's plot has the same size), and log axes labelled 1-2-5.
     */
    static Figure finish(Figure f, DeviceResults device) {
        return finish(f, device.source());
    }

    /** {@link #finish(Figure, DeviceResults)} with the subtitle's first line given (a study's devices and campaigns). */
    static Figure finish(Figure f, String source) {
        List<String> subtitle = new java.util.ArrayList<>();
        subtitle.add(source);
        if (!f.leftOut().isEmpty()) subtitle.add(f.leftOut().sentence());
        if (f.panels().size() == 1) f.panel(0).getStyler().setChartTitleVisible(false);
        int legend = 0;
        for (int i = 0; i < f.panels().size(); i++) {
            if (Plots.legendEntries(f.panel(i)) > Plots.legendEntries(f.panel(legend))) legend = i;
        }
        // a legend outside a panel's plot would make that plot smaller than its neighbours'
        Styler.LegendPosition position = f.panel(legend).getStyler().getLegendPosition();
        boolean inHeader = f.panels().size() > 1
                && (position == Styler.LegendPosition.OutsideE || position == Styler.LegendPosition.OutsideS);
        for (int i = 0; i < f.panels().size(); i++) {
            f.panel(i).getStyler().setLegendVisible(!inHeader && i == legend);
            Plots.logTicks125(f.panel(i));
        }
        Figure out = f.withSubtitle(subtitle);
        if (!inHeader) return out;
        return out.withLegend(f.panel(legend).getSeriesCollection().stream().filter(XYSeries::isShowInLegend).toList());
    }

    /** figures/&lt;prefix&gt;&lt;name&gt;, without extension. */
    public static String stem(Results results, DeviceResults device, String name) {
        return "figures/" + results.devicePrefix(device.id()) + name;
    }
}
