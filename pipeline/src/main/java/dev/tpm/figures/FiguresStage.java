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

    @Override
    public String name() {
        return "figures";
    }

    @Override
    public void run(PipelineContext context, Outputs out) {
        run(context.results(), out, context.threads());
    }

    /** On one thread. */
    public static void run(Results results, Outputs out) {
        run(results, out, 1);
    }

    /**
     * Builds every figure in order, then paints and encodes the PNGs and SVGs on {@code threads}
     * threads; each file's bytes depend only on its figure, and they are added in the same order
     * on any number of threads.
     */
    public static void run(Results results, Outputs out, int threads) {
        Theme theme = new Theme(results.stackOrder());
        List<String> stems = new ArrayList<>();
        List<Figure> figures = new ArrayList<>();
        for (DeviceResults device : results.devices()) {
            for (FigureBuilder f : FIGURES) {
                String stem = stem(results, device, f.name());
                String missing = f.missingData(results, device);
                if (missing != null) {
                    out.skip(stem + ".png/.svg", missing);
                } else {
                    stems.add(stem);
                    figures.add(f.build(results, device, theme));
                }
            }
        }
        // One task per figure, PNG then SVG: painting lays out the XChart charts, so a figure is
        // never painted on two threads at once.
        List<byte[][]> bytes = render(figures.size(),
                i -> new byte[][] {FigureWriter.png(figures.get(i)), FigureWriter.svg(figures.get(i))}, threads);
        for (int i = 0; i < figures.size(); i++) {
            out.put(stems.get(i) + ".png", bytes.get(i)[0]);
            out.put(stems.get(i) + ".svg", bytes.get(i)[1]);
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

    /** figures/&lt;prefix&gt;&lt;name&gt;, without extension. */
    public static String stem(Results results, DeviceResults device, String name) {
        return "figures/" + results.devicePrefix(device.id()) + name;
    }
}
