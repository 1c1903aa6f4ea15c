package dev.tpm.figures;

import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.GroupStat;
import dev.tpm.results.Results;
import dev.tpm.results.WarmCold;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.XYChart;

/**
 * Warm against cold (analysis.md 12): per phase-5 endpoint, each stack's median rps of phase 1's
 * cold starts and of phase 5's runs after prior load, side by side with their CIs. Reads
 * DeviceResults.warmCold (which (stack, endpoint) have both), groupStats (cold) and steadyStats
 * (warm).
 */
public final class WarmColdFigure implements FigureBuilder {
    public static final String NAME = "warm_cold";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return device.warmCold().isEmpty() ? "no (stack, endpoint) with measured runs in both phase 1 and phase 5" : null;
    }

    /** The stats stage says in one line that phase 5 is absent, or which device lacks it. */
    @Override
    public boolean reportsLacking() {
        return false;
    }

    private static Estimate rps(List<GroupStat> stats, String stack, String endpoint) {
        for (GroupStat g : stats) {
            if (g.stack().equals(stack) && g.endpoint().equals(endpoint) && g.metric().equals(Metrics.RPS)) {
                return new Estimate(g.median(), g.ciLow(), g.ciHigh());
            }
        }
        return Estimate.MISSING;
    }

    /** Endpoints of warm_cold.csv, in its order. */
    static List<String> endpoints(DeviceResults d) {
        return d.warmCold().stream().map(WarmCold::endpoint).distinct()
                .sorted(java.util.Comparator.comparingInt(dev.tpm.model.Endpoints::order)).toList();
    }

    static List<String> stacks(DeviceResults d) {
        return d.stacks().stream().filter(s -> d.warmCold().stream().anyMatch(w -> w.stack().equals(s))).toList();
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        List<String> endpoints = endpoints(device);
        List<String> stacks = stacks(device);
        List<String> groups = new ArrayList<>();
        List<Estimate[]> rows = new ArrayList<>();
        List<Estimate> all = new ArrayList<>();
        for (String e : endpoints) {
            Estimate[] cold = new Estimate[stacks.size()];
            Estimate[] warm = new Estimate[stacks.size()];
            for (int s = 0; s < stacks.size(); s++) {
                String stack = stacks.get(s);
                boolean both = device.warmCold().stream().anyMatch(w -> w.stack().equals(stack) && w.endpoint().equals(e));
                cold[s] = both ? rps(device.groupStats(), stack, e) : Estimate.MISSING;
                warm[s] = both ? rps(device.steadyStats(), stack, e) : Estimate.MISSING;
                all.add(cold[s]);
                all.add(warm[s]);
            }
            groups.add(e + " cold");
            rows.add(cold);
            groups.add(e + " warm");
            rows.add(warm);
        }
        boolean log = Plots.logScale(Plots.span(all));
        String title = title(results, device);
        XYChart chart = theme.chart(Layout.SINGLE_WIDTH, Layout.SINGLE_HEIGHT, title,
                "endpoint: cold (phase 1) and warm (phase 5)", Plots.yTitle("throughput, median (req/s)", log));
        CategoryValues.grouped(chart, theme, groups, stacks, rows.toArray(Estimate[][]::new), log);
        return new Figure(NAME, title, caption(results, device), 1, List.of(chart));
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device, "Throughput cold and warm (phase 1 against phase 5)");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return "Per endpoint of phase 5, each stack's median rps of its cold starts (phase 1, the server's first load)"
                + " beside its median rps after prior load in the same process (phase 5), one colour per stack; whiskers: "
                + Layout.ciLevel(results) + " bootstrap CI of the median. A stack whose warm bar stands above its cold"
                + " bar gained by serving first (a JIT, warmed caches); warm_cold.csv has the ratios with their intervals.";
    }
}
