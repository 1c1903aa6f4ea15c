package dev.tpm.figures;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Results;
import dev.tpm.results.Weighted;
import java.util.List;

/**
 * Weighted throughput per MiB under the declared mix, per stack, with its CI: the plot of paper
 * Table 14. Reads DeviceResults.weighted (mix = declaredMix: wRpsPerMib), stacks.
 */
public final class RatioFigure implements FigureBuilder {
    public static final String NAME = "ratio";

    @Override
    public String name() {
        return NAME;
    }

    static List<String> stacks(DeviceResults d) {
        return d.stacks().stream().filter(s -> !value(d, s).isMissing()).toList();
    }

    static Estimate value(DeviceResults d, String stack) {
        for (Weighted w : d.weighted()) {
            if (w.mix().equals(d.declaredMix()) && w.stack().equals(stack)) return w.wRpsPerMib();
        }
        return Estimate.MISSING;
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return stacks(device).isEmpty()
                ? "no weighted throughput per MiB for the declared mix (no measured phase-1 CRUD runs)" : null;
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        List<String> stacks = stacks(device);
        return CategoryValues.figure(theme, NAME, title(results, device), caption(results, device), "weighted throughput per MiB (req/s/MiB)",
                stacks, stacks.stream().map(s -> value(device, s)).toList());
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device,
                "Weighted throughput per MiB, mix " + device.declaredMix() + " (paper Table 14)");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return "Weighted mean over the five CRUD endpoints of each endpoint's median requests per "
                + "second per MiB of peak RSS, weights of the declared mix '" + device.declaredMix() + "'; whiskers: "
                + Layout.ciLevel(results) + " stratified-bootstrap CI."
                + leftOut(results, device).captionSuffix();
    }

    @Override
    public LeftOut leftOut(Results results, DeviceResults device) {
        return Layout.leftOutWeighted(device, stacks(device));
    }
}
