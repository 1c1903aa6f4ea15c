package dev.tpm.analysis;

import dev.tpm.model.ProbeRow;
import dev.tpm.results.MachineProbe;
import dev.tpm.stats.Quantiles;
import java.util.Comparator;
import java.util.List;

/** analysis.md 9, version 6: the machine over a session, from a campaign's probe.csv rows. */
final class ProbeAnalysis {
    private ProbeAnalysis() {}

    /** The campaign's probe from its rows (any order; read in probe_seq order); NONE for no rows. */
    static MachineProbe of(List<ProbeRow> rows, double tolerance) {
        if (rows.isEmpty()) return MachineProbe.NONE;
        List<ProbeRow> sorted = rows.stream().sorted(Comparator.comparingLong(ProbeRow::probeSeq)).toList();
        double[] cpu = values(sorted, ProbeRow.CPU);
        double[] memory = values(sorted, ProbeRow.MEMORY);
        double drift = cpu.length < 2 ? Double.NaN : cpu[cpu.length - 1] / cpu[0];
        return new MachineProbe(median(cpu), median(memory), drift, Double.isNaN(drift) ? null : Math.abs(drift - 1) > tolerance,
                cpu.length);
    }

    /** The values of one test, in probe_seq order. */
    static double[] values(List<ProbeRow> sorted, String test) {
        return sorted.stream().filter(r -> r.test().equals(test)).mapToDouble(ProbeRow::value).toArray();
    }

    private static double median(double[] v) {
        return v.length == 0 ? Double.NaN : Quantiles.median(v);
    }
}
