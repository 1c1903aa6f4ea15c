package dev.tpm.figures;

import dev.tpm.model.Mix;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Results;
import dev.tpm.results.Weighted;
import java.util.List;
import org.knowm.xchart.XYChart;

/**
 * Weighted throughput per MiB per stack under every workload mix, grouped by mix, with CIs: the
 * plot of paper Table 22. Reads DeviceResults.weighted (every mix: wRpsPerMib), stacks, and the mix
 * order of Dataset.mixes.
 */
public final class SensitivityFigure implements FigureBuilder {
    public static final String NAME = "sensitivity";

    @Override
    public String name() {
        return NAME;
    }

    static Estimate value(DeviceResults d, String mix, String stack) {
        for (Weighted w : d.weighted()) {
            if (w.mix().equals(mix) && w.stack().equals(stack)) return w.wRpsPerMib();
        }
        return Estimate.MISSING;
    }

    /** Mixes (mixes.csv order) with at least one value. */
    static List<String> mixes(Results results, DeviceResults d) {
        return results.facts().mixes().stream().map(Mix::name)
                .filter(m -> d.stacks().stream().anyMatch(s -> !value(d, m, s).isMissing())).toList();
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        int n = mixes(results, device).size();
        if (n == 0) return "no weighted aggregates (no measured phase-1 CRUD runs)";
        if (n == 1) return "only one workload mix has weighted aggregates; sensitivity needs two or more";
        return null;
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        List<String> mixes = mixes(results, device);
        List<String> stacks = device.stacks().stream()
                .filter(s -> mixes.stream().anyMatch(m -> !value(device, m, s).isMissing())).toList();
        Estimate[][] values = new Estimate[mixes.size()][stacks.size()];
        for (int g = 0; g < mixes.size(); g++) {
            for (int s = 0; s < stacks.size(); s++) values[g][s] = value(device, mixes.get(g), stacks.get(s));
        }
        boolean log = logAxis(results, device);
        String title = title(results, device);
        XYChart chart = theme.chart(Layout.SINGLE_WIDTH, Layout.SINGLE_HEIGHT, title, "workload mix",
                Plots.yTitle("weighted throughput per MiB (req/s/MiB)", log));
        CategoryValues.grouped(chart, theme, mixes, stacks, values, log);
        return new Figure(NAME, title, caption(results, device), 1, List.of(chart));
    }

    /**
     * The figures' rule ({@link Plots#logScale}) over every ratio and CI end: log (points) whenever all
     * are positive. Unlike the ratio figure's single bars, grouped bars carry no value labels, so on a
     * linear axis a stack a decade below the best would be a sliver in every mix; on a log axis each
     * stack's change between mixes reads as the same distance whatever its level. A ratio of 0 (or
     * below) falls back to bars from 0.
     */
    static boolean logAxis(Results results, DeviceResults d) {
        List<String> mixes = mixes(results, d);
        return Plots.logScale(Plots.span(d.weighted().stream().filter(w -> mixes.contains(w.mix()))
                .map(Weighted::wRpsPerMib).toList()));
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device, "Weighted throughput per MiB under each workload mix (paper Table 22)");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return "The headline ratio recomputed under each mix of mixes.csv (the first, '" + device.declaredMix()
                + "', is the declared one); whiskers: " + Layout.ciLevel(results)
                + " stratified-bootstrap CIs. Kendall's tau of each ranking against the declared one is in the "
                + "sensitivity table. "
                + (logAxis(results, device) ? "Log scale: a stack's change between mixes is the same distance at"
                        + " any level." : "Linear scale from 0 (a ratio of 0 rules a log scale out).")
                + leftOut(results, device).captionSuffix();
    }

    @Override
    public LeftOut leftOut(Results results, DeviceResults device) {
        return Layout.leftOutWeighted(device, device.weighted().stream()
                .filter(w -> w.mix().equals(device.declaredMix()) && !w.wRpsPerMib().isMissing())
                .map(dev.tpm.results.Weighted::stack).toList());
    }
}
