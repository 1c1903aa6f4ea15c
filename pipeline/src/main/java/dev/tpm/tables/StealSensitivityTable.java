package dev.tpm.tables;

import dev.tpm.results.Metric;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.results.StealSensitivity;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Steal sensitivity (new, version 5; analysis.md 4): per mix and stack, w_rps and w_rps_per_mib with
 * the runs excluded for CPU steal left out (weighted.csv's values) and counted, and what the rule
 * moved. Written for a device with at least one phase-1 run excluded for steal.
 */
public final class StealSensitivityTable implements DeviceTable {
    @Override
    public String name() {
        return "steal_sensitivity";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.stealSensitivity().isEmpty() ? Optional.of("no phase-1 run excluded for CPU steal") : Optional.empty();
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        long stolen = d.exclusions().stream().filter(x -> x.phase() == 1 && x.reason().equals("steal")).count();
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Steal sensitivity (new; no paper table)",
                "the weighted aggregates without and with the " + stolen + " phase-1 "
                        + (stolen == 1 ? "run" : "runs") + " excluded for CPU steal", d));
        t.text("mix").text("stack").number(TableText.withUnit(Metric.W_RPS))
                .number(TableText.withUnit(Metric.W_RPS.id() + ", steal counted", Metric.W_RPS.quantity()))
                .number(TableText.withUnit(Metric.W_RPS_PER_MIB))
                .number(TableText.withUnit(Metric.W_RPS_PER_MIB.id() + ", steal counted", Metric.W_RPS_PER_MIB.quantity()))
                .number("change").text("no value because");
        String previous = null;
        for (StealSensitivity s : d.stealSensitivity()) {
            if (!s.mix().equals(previous)) t.group();
            previous = s.mix();
            String label = s.mix() + (s.mix().equals(d.declaredMix()) ? " (declared)" : "");
            t.row(label, s.stack(), Rounding.value(Quantity.RPS, s.wRps()), Rounding.value(Quantity.RPS, s.wRpsAll()),
                    Rounding.value(Quantity.RPS_PER_MIB, s.wRpsPerMib()), Rounding.value(Quantity.RPS_PER_MIB, s.wRpsPerMibAll()),
                    Rounding.value(Quantity.RATIO, s.change()), why(s));
        }
        return t.note("Without: the runs the steal rule excludes are left out, as in every other table ("
                        + ExclusionsTable.stealRule(r) + "). Steal counted: the same phase-1 runs counted as measured."
                        + " change = w_rps_per_mib / w_rps_per_mib with steal counted: above 1, the runs the hypervisor"
                        + " slowed had pulled the value down. Point values only (no CI); a value that either way is empty"
                        + " (an endpoint of positive weight below min_n = " + TableText.config(r).minN() + ") stays empty, and"
                        + " so does change.")
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(List.of(Quantity.RPS, Quantity.RPS_PER_MIB, Quantity.RATIO)))
                .note(TableText.sourceNote("steal_sensitivity.csv"))
                .build();
    }

    /** Why a cell is empty: without the runs (weighted.csv's missing), and with them counted. */
    private static String why(StealSensitivity s) {
        List<String> parts = new ArrayList<>();
        if (!s.missing().isEmpty()) parts.add("without: " + s.missing());
        if (!s.missingAll().isEmpty()) parts.add("steal counted: " + s.missingAll());
        return String.join("; ", parts);
    }
}
