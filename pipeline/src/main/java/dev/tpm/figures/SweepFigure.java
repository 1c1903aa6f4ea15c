package dev.tpm.figures;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Results;
import dev.tpm.results.SweepPoint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.markers.Circle;
import org.knowm.xchart.style.Styler;

/**
 * Phase 2: median throughput and median p99 latency against concurrency, per stack, with CIs; two
 * panels. The plot of paper Table 19. Reads DeviceResults.sweep (concurrency, rps, p99Ms), stacks.
 */
public final class SweepFigure implements FigureBuilder {
    public static final String NAME = "sweep";
    /** Panel order. */
    public static final int RPS_PANEL = 0;
    public static final int P99_PANEL = 1;
    /** Suffix of a stack's medians of fewer than min_n runs, drawn open over its line's filled markers. */
    public static final String SMALL_N = " n < min_n";

    /** The legend's entry for the open markers, e.g. "open marker: median of n < min_n = 5 runs, no CI". */
    static String smallNKey(int minN) {
        return "open marker: median of n < min_n = " + minN + " runs, no CI";
    }

    /**
     * The chance that a percentile bootstrap's resampled median of n runs is the sample's smallest run
     * (by symmetry, its largest): at least floor(n/2) + 1 of n draws with replacement are that run,
     * P(Bin(n, 1/n) > floor(n/2)). Where it exceeds the share the interval cuts off at each end,
     * (1 - confidence) / 2, the interval's ends are the sample's minimum and maximum: 5.8 % at n = 5,
     * 0.9 % at n = 6.
     */
    static double extremeMedianShare(int n) {
        if (n < 1) return Double.NaN;
        return 1 - new org.apache.commons.math3.distribution.BinomialDistribution(null, n, 1.0 / n).cumulativeProbability(n / 2);
    }

    /** The largest n with CIs drawn in this figure whose bootstrap interval is the runs' min to max, or 0 when none. */
    static int rangeOnlyN(DeviceResults d, double confidence, int minN) {
        double tail = (1 - confidence) / 2;
        return d.sweep().stream().mapToInt(SweepPoint::n).filter(n -> n >= minN && extremeMedianShare(n) > tail).max().orElse(0);
    }

    /** The legend's entry for the whiskers where they are only the runs' range, e.g. n = 5. */
    static String rangeKey(int n, String level) {
        return "whisker: " + level + " bootstrap CI; at n \u2264 " + n + " runs it is the runs' min to max";
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return device.sweep().isEmpty() ? "no phase-2 (concurrency sweep) runs" : null;
    }

    /** The stack's sweep points, by concurrency. */
    static List<SweepPoint> points(DeviceResults d, String stack) {
        return d.sweep().stream().filter(p -> p.stack().equals(stack))
                .sorted(Comparator.comparingInt(SweepPoint::concurrency)).toList();
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        String title = title(results, device);
        int minN = results.facts().config().minN();
        XYChart rps = panel(device, theme, minN, "Throughput", "median throughput (req/s)", SweepPoint::rps);
        XYChart p99 = panel(device, theme, minN, "p99 latency", "median p99 latency (ms)", SweepPoint::p99Ms);
        int rangeN = rangeOnlyN(device, results.facts().config().confidence(), minN);
        if (rangeN > 0) Plots.key(rps, rangeKey(rangeN, Layout.ciLevel(results)), 0, Theme.WHISKER, null);
        return new Figure(NAME, title, caption(results, device), 2, List.of(rps, p99));
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device, "Concurrency sweep, phase 2 (paper Table 19)");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        int minN = results.facts().config().minN();
        boolean small = device.sweep().stream().anyMatch(p -> p.n() < minN);
        return "Median of the measured phase-2 runs at each concurrency (open connections, doubling levels on a"
                + " log2 axis), per stack; whiskers: " + Layout.ciLevel(results) + " bootstrap CIs of the medians,"
                + " drawn only for levels of at least min_n = " + minN + " runs"
                + (small ? "; an open marker is a median of fewer runs (n < min_n), described but not inferred from." : ".")
                + rangeSentence(results, device, minN)
                + scales(logAxis(device, SweepPoint::rps), logAxis(device, SweepPoint::p99Ms));
    }

    /**
     * The y axis of one metric's panel, by the figures' rule ({@link Plots#logScale}) over every
     * median and CI end drawn: log whenever all are positive, so that a stack at 5,000 req/s reads as
     * well as one at 85,000; linear from 0 when a value is 0 (a p99 below the load generator's
     * whole millisecond).
     */
    static boolean logAxis(DeviceResults d, Function<SweepPoint, Estimate> metric) {
        return Plots.logScale(Plots.span(d.sweep().stream().map(metric).toList()));
    }

    /**
     * What a bootstrap interval of few runs is: " At n = 5 runs a level's percentile-bootstrap interval
     * is the five runs' minimum and maximum: ...", or "" when every level drawn has enough runs.
     */
    static String rangeSentence(Results results, DeviceResults device, int minN) {
        double confidence = results.facts().config().confidence();
        int n = rangeOnlyN(device, confidence, minN);
        if (n == 0) return "";
        double tail = (1 - confidence) / 2;
        return " At n \u2264 " + n + " runs a level's percentile-bootstrap interval is its runs' minimum and maximum:"
                + " a median resampled from " + n + " runs is the smallest run with probability "
                + String.format(java.util.Locale.ROOT, "%.1f", 100 * extremeMedianShare(n)) + " %, more than the "
                + String.format(java.util.Locale.ROOT, "%.1f", 100 * tail) + " % the interval cuts off at each end,"
                + " so these whiskers show the range of the runs, not a narrower interval for the median.";
    }

    /** The caption's sentence on the two panels' y axes. */
    static String scales(boolean rpsLog, boolean p99Log) {
        if (rpsLog && p99Log) return " Both y axes on log scales (equal ratios, equal heights).";
        return " Throughput on a " + scale(rpsLog) + "; p99 latency on a " + scale(p99Log) + ".";
    }

    private static String scale(boolean log) {
        return log ? "log scale (equal ratios, equal heights)" : "linear scale from 0 (a value of 0 rules a log scale out)";
    }

    /**
     * The x of a concurrency level: log2(c / c_min) of the sweep's lowest level, so doubling levels sit
     * one unit apart and the tick at x is labelled c_min * 2^x (a log2 axis; XChart's own log axes
     * are base 10).
     */
    static double x(DeviceResults d, int concurrency) {
        return Math.log(concurrency / (double) lowest(d)) / Math.log(2);
    }

    static int lowest(DeviceResults d) {
        return d.sweep().stream().mapToInt(SweepPoint::concurrency).min().orElse(1);
    }

    /**
     * The concurrency at a whole-number x; a blank between them (a space: XChart cannot lay out an
     * empty label, and ticks fall between doublings when the sweep spans many of them).
     */
    static String xLabel(DeviceResults d, double x) {
        double r = Math.rint(x);
        if (Math.abs(x - r) > 1e-9) return " ";
        return Long.toString(Math.round(lowest(d) * Math.pow(2, r)));
    }

    /**
     * One metric against concurrency: per stack a line through its medians with its filled markers,
     * and its medians of fewer than min_n runs again as open markers over them (series stack +
     * {@link #SMALL_N}), so that a level of three runs does not look like one of ten; the legend says
     * so in an ink entry, present only when some median is of fewer than min_n runs.
     */
    private static XYChart panel(DeviceResults d, Theme theme, int minN, String panelTitle, String yTitle,
            Function<SweepPoint, Estimate> metric) {
        boolean log = logAxis(d, metric);
        XYChart chart = theme.chart(Layout.PANEL_WIDTH + 160, Layout.PANEL_HEIGHT + 120, panelTitle,
                "concurrency (connections, log2 scale)", Plots.yTitle(yTitle, log));
        chart.getStyler().setxAxisTickLabelsFormattingFunction(x -> xLabel(d, x));
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setYAxisLogarithmic(log);
        for (String stack : d.listedStacks()) {
            List<SweepPoint> pts = points(d, stack).stream().filter(p -> !metric.apply(p).isMissing()).toList();
            if (pts.isEmpty()) continue;
            List<double[]> whiskers = new ArrayList<>();
            for (SweepPoint p : pts) {
                Estimate e = metric.apply(p);
                if (Plots.hasCi(e)) whiskers.add(new double[] {x(d, p.concurrency()), e.lo(), x(d, p.concurrency()), e.hi()});
            }
            if (!whiskers.isEmpty()) Plots.segments(chart, stack + Plots.CI, whiskers, theme.color(stack), Theme.WHISKER);
            Plots.line(chart, stack, pts.stream().mapToDouble(p -> x(d, p.concurrency())).toArray(),
                    pts.stream().mapToDouble(p -> metric.apply(p).value()).toArray(),
                    theme.color(stack), Theme.DATA_LINE, theme.marker(stack));
            List<SweepPoint> small = pts.stream().filter(p -> p.n() < minN).toList();
            if (!small.isEmpty()) {
                Plots.scatter(chart, stack + SMALL_N, small.stream().mapToDouble(p -> x(d, p.concurrency())).toArray(),
                        small.stream().mapToDouble(p -> metric.apply(p).value()).toArray(), theme.color(stack),
                        theme.openMarker(stack)).setShowInLegend(false);
            }
        }
        if (d.sweep().stream().anyMatch(p -> p.n() < minN && !metric.apply(p).isMissing())) {
            Plots.key(chart, smallNKey(minN), 0, null, new Theme.OpenMarker(new Circle()));
        }
        return chart;
    }
}
