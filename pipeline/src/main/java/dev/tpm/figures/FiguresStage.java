package dev.tpm.figures;

import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.pipeline.Stage;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYChart;

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
                pending.add(new Pending(stem, finish(built, f.describe(results))));
            }
        }
    }

    /**
     * Paints and encodes every built figure on {@code threads} threads, one task per figure (PNG
     * and SVG from one painting: painting lays out the XChart charts, so a figure is never painted
     * on two threads at once). Each file's bytes depend only on its figure; the files are added in build order.
     */
    private static void write(List<Pending> pending, Outputs out, int threads) {
        List<byte[][]> bytes = render(pending.size(), i -> {
            Figure f = pending.get(i).figure();
            try {
                return FigureWriter.pngAndSvg(f);
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
     * panel into the header, one legend per figure below the subtitle (every entry any panel names,
     * once, in the order the panels name them: the writer wraps it to the figure's width, where
     * XChart's own legend would run past a panel's edge with long names or many stacks, and every
     * panel's plot keeps the same size), panel and axis titles no wider than their panel, and log
     * axes labelled 1-2-5.
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
        java.util.Map<String, XYSeries> legend = new java.util.LinkedHashMap<>();
        for (int i = 0; i < f.panels().size(); i++) {
            for (XYSeries s : f.panel(i).getSeriesCollection()) {
                if (s.isShowInLegend()) legend.putIfAbsent(s.getName(), s);
            }
            f.panel(i).getStyler().setLegendVisible(false);
            fitTitles(f.panel(i));
            Plots.logTicks125(f.panel(i));
        }
        // a series that left its look to XChart's defaults gets it now, in ink: XChart would set it only
        // while painting its panel, after the legend above the panels is drawn
        for (XYSeries s : legend.values()) {
            if (s.getLineColor() == null) s.setLineColor(Theme.INK);
            if (s.getMarkerColor() == null) s.setMarkerColor(Theme.INK);
            if (s.getLineStyle() == null) s.setLineStyle(Theme.DATA_LINE);
            if (s.getMarker() == null) s.setMarker(org.knowm.xchart.style.markers.SeriesMarkers.NONE);
            if (s.getFillColor() == null) s.setFillColor(Theme.INK);
        }
        // the stacks first, then the ink entries that say which line or marker is which
        List<XYSeries> entries = new ArrayList<>(legend.values().stream().filter(s -> !isKey(s)).toList());
        legend.values().stream().filter(FiguresStage::isKey).forEach(entries::add);
        return f.withSubtitle(subtitle).withLegend(entries);
    }

    /** A legend entry that explains a line style or marker ({@link Plots#key}): drawn in ink. */
    private static boolean isKey(XYSeries s) {
        return Theme.INK.equals(s.getLineColor()) || Theme.INK.equals(s.getMarkerColor());
    }

    /** Room XChart keeps beside an x-axis title (the y axis's labels and title, paddings), in px. */
    private static final int X_TITLE_ALLOWANCE = 130;
    /** Room XChart keeps beside a y-axis title (the panel's title, the x axis's labels and title, paddings), in px. */
    private static final int Y_TITLE_ALLOWANCE = 110;
    /** Fonts are made no smaller than this to fit; a title that still does not fit is wrapped by nothing and fails FigureRulesTest. */
    private static final float MIN_FONT_PX = 8f;

    /**
     * A panel's title and axis titles in a font small enough for the panel: XChart draws each on one
     * line and lets a long one run past the panel's edge, where it is cut.
     */
    static void fitTitles(XYChart chart) {
        var s = chart.getStyler();
        int w = chart.getWidth();
        int h = chart.getHeight();
        if (s.isChartTitleVisible() && chart.getTitle() != null) {
            s.setChartTitleFont(fitted(chart.getTitle(), s.getChartTitleFont(), w - 2.0 * s.getChartPadding() - 8));
        }
        java.awt.Font axis = s.getAxisTitleFont();
        java.awt.Font x = fitted(chart.getXAxisTitle(), axis, w - X_TITLE_ALLOWANCE);
        java.awt.Font y = fitted(chart.getYAxisTitle(), axis, h - Y_TITLE_ALLOWANCE);
        s.setAxisTitleFont(x.getSize2D() < y.getSize2D() ? x : y);
    }

    private static java.awt.Font fitted(String text, java.awt.Font font, double room) {
        if (text == null || text.isEmpty()) return font;
        double width = FigureWriter.advance(text, font);
        if (width <= room) return font;
        float size = Math.max(MIN_FONT_PX, (float) Math.floor(font.getSize2D() * room / width * 10) / 10f);
        return Theme.font(font.getStyle(), size);
    }

    /** figures/&lt;prefix&gt;&lt;name&gt;, without extension. */
    public static String stem(Results results, DeviceResults device, String name) {
        return "figures/" + results.devicePrefix(device.id()) + name;
    }
}
