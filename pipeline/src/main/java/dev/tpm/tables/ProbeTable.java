package dev.tpm.tables;

import dev.tpm.model.ProbeRow;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.MachineProbe;
import dev.tpm.results.ProbeSample;
import dev.tpm.results.Quantity;
import dev.tpm.results.Results;
import dev.tpm.results.Session;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The probe of the machine (new; outputs.md version 6): each probe of the device's campaigns
 * (probe.csv: a fixed sysbench cpu and memory test beside the stacks, servers.md version 6), its
 * after_seq, its time in the session, its cpu and memory values and their steal, campaigns in id
 * order; a note per campaign with sessions.csv's probe columns.
 */
public final class ProbeTable implements DeviceTable {
    public static final String NAME = "probe";

    /**
     * One probe: the tests that share an after_seq, in probe_seq order (a resumed campaign may probe
     * twice at one after_seq: a test met a second time begins a new probe).
     *
     * @param tS the probe's first test's time in the session (s)
     */
    public record Probe(String campaign, long afterSeq, double tS, double cpu, double memory, double cpuStealS,
            double memoryStealS) {}

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.probes().isEmpty() ? Optional.of("no probe.csv in the device's campaigns (no probe of the machine)") : Optional.empty();
    }


    /** The device's probes, campaigns in id order, each campaign's in probe_seq order. */
    public static List<Probe> probes(DeviceResults d) {
        List<Probe> out = new ArrayList<>();
        String campaign = null;
        long after = -1;
        double t = Double.NaN;
        double[] v = null; // cpu, memory, cpu steal, memory steal
        for (ProbeSample s : d.probes()) {
            ProbeRow p = s.row();
            int slot = p.test().equals(ProbeRow.CPU) ? 0 : 1;
            boolean next = v == null || !p.campaign().equals(campaign) || p.afterSeq() != after || !Double.isNaN(v[slot]);
            if (next) {
                if (v != null) out.add(new Probe(campaign, after, t, v[0], v[1], v[2], v[3]));
                campaign = p.campaign();
                after = p.afterSeq();
                t = s.tS();
                v = new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
            }
            v[slot] = p.value();
            v[slot + 2] = p.stealS();
        }
        if (v != null) out.add(new Probe(campaign, after, t, v[0], v[1], v[2], v[3]));
        return out;
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Probe of the machine (new; no paper table)",
                "each probe of the machine beside the stacks: sysbench's cpu test (events/s) and memory test (MiB/s) after"
                        + " the run of seq after_seq, with the CPU time the hypervisor took during each test", d));
        t.text("campaign").number("after seq").number(TableText.withUnit("time in session", Quantity.SECONDS))
                .number("cpu (events/s)").number("memory (MiB/s)").text("steal (s; cpu / memory)");
        String previous = null;
        for (Probe p : probes(d)) {
            if (!p.campaign().equals(previous)) t.group();
            previous = p.campaign();
            t.row(p.campaign(), Long.toString(p.afterSeq()), Rounding.value(Quantity.SECONDS, p.tS()), Rounding.fixed(p.cpu(), 1),
                    Rounding.fixed(p.memory(), 1), Rounding.fixed(p.cpuStealS(), 3) + " / " + Rounding.fixed(p.memoryStealS(), 3));
        }
        double tolerance = TableText.config(r).probeTolerance();
        for (Session s : r.sessions()) {
            if (!s.device().equals(d.id()) || !s.probe().present()) continue;
            MachineProbe m = s.probe();
            t.note(s.campaign() + ": probe_cpu " + Rounding.fixed(m.cpu(), 1) + " events/s, probe_memory "
                    + Rounding.fixed(m.memory(), 1) + " MiB/s (medians), probe_drift (last cpu / first) "
                    + Rounding.fixed(m.drift(), 3) + (m.drifted() == null ? " (fewer than two cpu tests)"
                    : Boolean.TRUE.equals(m.drifted()) ? ": the machine drifted (more than probe_tolerance = "
                            + Rounding.plain(tolerance) + "): the session's last rounds ran on another machine state than its first"
                    : ": within probe_tolerance = " + Rounding.plain(tolerance)) + ".");
        }
        return t.note("time in session: seconds from the campaign's first started_at (of a run or a probe). The probe measures"
                        + " the machine, not a stack: a unit's probe_cpu is what units.md compares across units (analysis.md 9"
                        + " and 11). n/a: the test is missing from that probe.")
                .note(Rounding.note(List.of(Quantity.SECONDS)) + " cpu and memory values to 1 decimal, steal to 3.")
                .note(TableText.sourceNote("probe.csv and sessions.csv"))
                .build();
    }
}
