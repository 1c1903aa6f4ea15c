package dev.tpm.figures;

import dev.tpm.model.ProbeRow;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.ProbeSample;
import dev.tpm.results.Results;
import dev.tpm.results.RoundStart;
import dev.tpm.stats.Quantiles;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The probe of the machine (outputs.md version 6): per campaign of the device, each cpu and memory
 * test's value over its median in the campaign against its time in the session, one panel per
 * campaign, the rounds' boundaries as dotted verticals. The two tests have different units
 * (events/s, MiB/s), so each is drawn relative to its campaign's median (probe_cpu, probe_memory):
 * a flat line at 1 is a machine that kept its state; the probe table has the values.
 */
public final class ProbeFigure implements FigureBuilder {
    public static final String NAME = "probe";
    static final String CPU = "cpu test (events/s / median)";
    static final String MEMORY = "memory test (MiB/s / median)";
    /** The dotted verticals' legend entry. */
    static final String ROUND = "a round began";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return device.probes().isEmpty() ? "no probe.csv in the device's campaigns" : null;
    }


    /** The title always names the device: a probe describes one machine. */
    @Override
    public String title(Results results, DeviceResults device) {
        return "Probe of the machine over the session (no paper figure) [" + device.id() + "]";
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return "Device " + device.id() + ": each probe's sysbench cpu test (events/s) and memory test (MiB/s), divided by"
                + " the campaign's median of that test (probe_cpu, probe_memory in sessions.csv), against the test's time"
                + " in seconds from the campaign's first run or probe; one panel per campaign, dotted verticals where a round"
                + " began. A flat line at 1 is a machine that kept one state over the session; a step or a slope is the"
                + " machine changing under the stacks (probe_drift; the probe table has the values).";
    }

    /** The campaigns with probes, in id order. */
    static List<String> campaigns(DeviceResults d) {
        return d.probes().stream().map(s -> s.row().campaign()).distinct().sorted().toList();
    }

    /** The tests of one kind of one campaign as {t, value / median}, in probe_seq order. */
    static double[][] relative(DeviceResults d, String campaign, String test) {
        List<ProbeSample> s = d.probes().stream().filter(x -> x.row().campaign().equals(campaign) && x.row().test().equals(test))
                .toList();
        double[] v = s.stream().mapToDouble(x -> x.row().value()).toArray();
        double median = v.length == 0 ? Double.NaN : Quantiles.median(v);
        double[][] out = new double[2][s.size()];
        for (int i = 0; i < s.size(); i++) {
            out[0][i] = s.get(i).tS();
            out[1][i] = v[i] / median;
        }
        return out;
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        String title = title(results, device);
        List<String> campaigns = campaigns(device);
        boolean single = campaigns.size() == 1;
        double lo = 1;
        double hi = 1;
        for (String c : campaigns) {
            for (String test : ProbeRow.TESTS) {
                for (double y : relative(device, c, test)[1]) {
                    if (Double.isFinite(y)) {
                        lo = Math.min(lo, y);
                        hi = Math.max(hi, y);
                    }
                }
            }
        }
        double pad = (hi - lo) * 0.08 + 0.01;
        List<XYChart> panels = new ArrayList<>();
        for (String c : campaigns) {
            XYChart chart = theme.chart(single ? Layout.SINGLE_WIDTH : Layout.PANEL_WIDTH, single ? Layout.SINGLE_HEIGHT
                    : Layout.PANEL_HEIGHT, single ? title : c, "time in the session (s)", "value / the campaign's median");
            chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
            chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
            chart.getStyler().setxAxisTickLabelsFormattingFunction(x -> String.format(Locale.ROOT, "%.0f", x));
            double[][] cpu = relative(device, c, ProbeRow.CPU);
            double[][] memory = relative(device, c, ProbeRow.MEMORY);
            double end = 1;
            for (double[][] xy : List.of(cpu, memory)) {
                for (double x : xy[0]) if (Double.isFinite(x)) end = Math.max(end, x);
            }
            List<double[]> rounds = new ArrayList<>();
            for (RoundStart r : device.roundStarts()) {
                if (r.campaign().equals(c) && Double.isFinite(r.tS())) {
                    rounds.add(new double[] {r.tS(), lo - pad, r.tS(), hi + pad});
                    end = Math.max(end, r.tS());
                }
            }
            Plots.segments(chart, "rounds", List.<double[]>of(new double[] {0, 1, end * 1.02, 1}), Theme.GRID, Theme.THIN_LINE);
            // named in the legend: a reader of the figure alone should not need the caption for them
            if (!rounds.isEmpty()) Plots.segments(chart, ROUND, rounds, Theme.FRAME, Theme.DOTTED_LINE).setShowInLegend(true);
            if (cpu[0].length > 0) Plots.line(chart, CPU, cpu[0], cpu[1], Theme.INK, Theme.THIN_LINE, SeriesMarkers.CIRCLE);
            if (memory[0].length > 0) {
                Plots.line(chart, MEMORY, memory[0], memory[1], Theme.FRAME, Theme.DASHED_LINE, SeriesMarkers.DIAMOND);
            }
            chart.getStyler().setXAxisMin(0.0);
            chart.getStyler().setXAxisMax(end * 1.02);
            chart.getStyler().setYAxisMin(lo - pad);
            chart.getStyler().setYAxisMax(hi + pad);
            panels.add(chart);
        }
        return new Figure(NAME, title, caption(results, device), Layout.columns(panels.size()), panels);
    }
}
