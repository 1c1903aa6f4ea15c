package dev.tpm.figures;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Results;
import dev.tpm.results.Weighted;
import java.util.List;

/**
 * Weighted energy per request under the declared mix, per stack, with its CI: the plot of paper
 * Table 17. Reads DeviceResults.weighted (mix = declaredMix: wEnergyMj), stacks, device.powerSource.
 */
public final class EnergyFigure implements FigureBuilder {
    public static final String NAME = "energy";

    @Override
    public String name() {
        return NAME;
    }

    static Estimate value(DeviceResults d, String stack) {
        for (Weighted w : d.weighted()) {
            if (w.mix().equals(d.declaredMix()) && w.stack().equals(stack)) return w.wEnergyMj();
        }
        return Estimate.MISSING;
    }

    static List<String> stacks(DeviceResults d) {
        return d.stacks().stream().filter(s -> !value(d, s).isMissing()).toList();
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return stacks(device).isEmpty() ? "no energy values (no stack has energy_j on every CRUD endpoint)" : null;
    }

    /** What the power readings are: the paper's PMIC is accurate to about 10 %. */
    static String powerNote(DeviceResults d) {
        String source = d.device().powerSource();
        if ("pmic".equals(source)) return "PMIC power is a board-level estimate (about ±10 %)";
        if ("rapl".equals(source)) return "RAPL power is a package-level estimate";
        return "power readings are estimates";
    }

    /** The same, short enough for the title. */
    static String shortPowerNote(DeviceResults d) {
        String source = d.device().powerSource();
        if ("pmic".equals(source)) return "PMIC estimate, ±10 %";
        if ("rapl".equals(source)) return "RAPL estimate";
        return "power is an estimate";
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        List<String> stacks = stacks(device);
        return CategoryValues.figure(theme, NAME, title(results, device), caption(results, device), "weighted energy per request (mJ)",
                stacks, stacks.stream().map(s -> value(device, s)).toList());
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device,
                "Weighted energy per request (paper Table 17; " + shortPowerNote(device) + ")");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return "Weighted median of energy_j x 1000 / requests over the CRUD runs, each run weighted by "
                + "its endpoint's weight in the declared mix '" + device.declaredMix() + "' over the endpoint's run "
                + "count; whiskers: " + Layout.ciLevel(results) + " stratified-bootstrap CI. Exploratory: "
                + powerNote(device) + ", so differences within that band are not resolved."
                + leftOut(results, device).captionSuffix();
    }

    @Override
    public LeftOut leftOut(Results results, DeviceResults device) {
        return Layout.leftOut(device, stacks(device), "no energy on every CRUD endpoint");
    }
}
