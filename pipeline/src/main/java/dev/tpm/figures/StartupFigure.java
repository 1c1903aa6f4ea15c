package dev.tpm.figures;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Results;
import dev.tpm.results.StackPooled;
import java.util.List;

/**
 * Startup time per stack, all measured phase-1 runs pooled, median with its CI: the plot of paper
 * Table 16. Reads DeviceResults.stackPooled (startupMs), stacks.
 */
public final class StartupFigure implements FigureBuilder {
    public static final String NAME = "startup";

    @Override
    public String name() {
        return NAME;
    }

    static Estimate value(DeviceResults d, String stack) {
        for (StackPooled p : d.stackPooled()) {
            if (p.stack().equals(stack)) return p.startupMs();
        }
        return Estimate.MISSING;
    }

    static List<String> stacks(DeviceResults d) {
        return d.stacks().stream().filter(s -> !value(d, s).isMissing()).toList();
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return stacks(device).isEmpty() ? "no startup times (no measured phase-1 runs)" : null;
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        List<String> stacks = stacks(device);
        return CategoryValues.figure(theme, NAME, title(results, device), caption(results, device), "startup time, spawn to first GET /health (ms)",
                stacks, stacks.stream().map(s -> value(device, s)).toList());
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device, "Startup time, median of all runs (paper Table 16)");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return "Median startup time of every measured phase-1 run of the stack (each a cold start), "
                + "endpoints pooled; whiskers: " + Layout.ciLevel(results) + " bootstrap CI of the median."
                + leftOut(results, device).captionSuffix();
    }

    @Override
    public LeftOut leftOut(Results results, DeviceResults device) {
        return Layout.leftOut(device, stacks(device), "no measured startup");
    }
}
