package dev.tpm.tables;

import dev.tpm.results.DeviceSetup;
import dev.tpm.results.DeviceSetup.CampaignSetup;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * "What else differs": the notes under a table that compares units or devices (outputs.md), one
 * line per factor with each device's value, read from {@link Results#setups()} (campaign.json and
 * the rows). A device of several campaigns lists each campaign's value in id order, separated by
 * " / ", or one value when they agree; a factor equal on every device says so in one word.
 */
final class SetupNotes {
    /** Between the values of one device's campaigns. */
    static final String PER_CAMPAIGN = " / ";
    /** A value not recorded. */
    static final String NOT_RECORDED = "not recorded";

    private SetupNotes() {}

    /** The notes for these devices (in this order); none when no device has a setup. */
    static List<String> of(Results r, List<String> devices, String what) {
        List<DeviceSetup> setups = new ArrayList<>();
        for (String d : devices) r.setup(d).ifPresent(setups::add);
        if (setups.isEmpty()) return List.of();
        List<String> out = new ArrayList<>();
        out.add("What else differs between " + what + " (campaign.json and the rows; a device of several campaigns lists"
                + " each campaign's value in id order, separated by \"" + PER_CAMPAIGN.trim() + "\"):");
        out.add(factor("protocol preset", setups, c -> c.preset()));
        out.add(factor("DELETE table (protocol.seed_rows_delete, rows)", setups, c -> c.seedRowsDelete()));
        out.add(factor("kernel", setups, c -> c.kernel()));
        out.add(factor("CPU (machine.cpu_id)", setups, c -> c.cpuId()));
        out.add(factor("dates (UTC, from the rows' started_at)", setups,
                c -> c.firstDate().equals(c.lastDate()) ? c.firstDate() : c.firstDate() + " to " + c.lastDate()));
        out.add(factor("CPU steal recorded (steal_s in any row)", setups, c -> c.stealRecorded() ? "yes" : "no"));
        // version 6: the probe of the machine, what alone shows a unit's machine state (sessions.csv's probe_cpu)
        java.util.Map<String, dev.tpm.results.MachineProbe> probes = new java.util.HashMap<>();
        for (dev.tpm.results.Session x : r.sessions()) probes.put(x.campaign(), x.probe());
        out.add(factor("probe of the machine (probe_cpu: median sysbench cpu events/s)", setups, c -> {
            dev.tpm.results.MachineProbe m = probes.get(c.id());
            return m == null || Double.isNaN(m.cpu()) ? "" : Rounding.fixed(m.cpu(), 1);
        }));
        out.add(efficiency(r, setups));
        return out;
    }

    /**
     * One factor's line: "name: the same on every device (v)", "name: not recorded on any device." or
     * "name: d1 v1; d2 v2".
     */
    static String factor(String name, List<DeviceSetup> setups, Function<CampaignSetup, String> value) {
        List<String> perDevice = new ArrayList<>();
        for (DeviceSetup s : setups) perDevice.add(ofDevice(s, value));
        if (setups.size() > 1 && new LinkedHashSet<>(perDevice).size() == 1) {
            // a value no device records is not shown to be the same on each
            if (perDevice.get(0).equals(NOT_RECORDED)) return name + ": not recorded on any device.";
            return name + ": the same on every device (" + perDevice.get(0) + ").";
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < setups.size(); i++) parts.add(setups.get(i).device() + " " + perDevice.get(i));
        return name + ": " + String.join("; ", parts) + ".";
    }

    private static String ofDevice(DeviceSetup s, Function<CampaignSetup, String> value) {
        List<String> values = new ArrayList<>();
        for (CampaignSetup c : s.campaigns()) {
            String v = value.apply(c);
            values.add(v == null || v.isEmpty() ? NOT_RECORDED : v);
        }
        Set<String> distinct = new LinkedHashSet<>(values);
        if (distinct.isEmpty()) return NOT_RECORDED;
        return distinct.size() == 1 ? values.get(0) : String.join(PER_CAMPAIGN, values);
    }

    /** Requests per server CPU-second per stack, each device's value in the devices' order. */
    static String efficiency(Results r, List<DeviceSetup> setups) {
        List<String> names = setups.stream().map(DeviceSetup::device).toList();
        List<String> parts = new ArrayList<>();
        for (String stack : r.stackOrder()) {
            if (setups.stream().noneMatch(s -> s.requestsPerCpuS().containsKey(stack))) continue;
            List<String> v = new ArrayList<>();
            for (DeviceSetup s : setups) v.add(number(Optional.ofNullable(s.requestsPerCpuS().get(stack)).orElse(Double.NaN)));
            parts.add(stack + " " + String.join(PER_CAMPAIGN, v));
        }
        // per stack only: a sum over every stack would weigh each device by the stacks it happened to measure
        return "requests per server CPU-second (sum of requests / sum of cpu_s over the measured phase-1 runs; "
                + String.join(PER_CAMPAIGN, names) + "): " + String.join("; ", parts) + ".";
    }

    private static String number(double x) {
        return Double.isNaN(x) ? "n/a" : Rounding.value(Quantity.RPS_PER_CPU_S, x);
    }
}
