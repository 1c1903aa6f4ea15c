package dev.tpm.results;

/**
 * A campaign's probe of its machine (analysis.md 9, version 6), from its probe.csv in probe_seq
 * order: sessions.csv's probe columns. Every value is NaN (and {@code drifted} null) for a
 * campaign without probe.csv.
 *
 * @param cpu probe_cpu: the median value of its {@code cpu} tests (events/s)
 * @param memory probe_memory: the median value of its {@code memory} tests (MiB/s)
 * @param drift probe_drift: the last {@code cpu} value / the first; NaN with fewer than two
 * @param drifted machine_drifted: abs(drift - 1) &gt; probe_tolerance; null where drift is NaN
 * @param cpuTests how many {@code cpu} tests the campaign has
 * @param rows the campaign's probe.csv rows in probe_seq order, as collected (probe.csv of tables/)
 */
public record MachineProbe(double cpu, double memory, double drift, Boolean drifted, int cpuTests,
        java.util.List<dev.tpm.model.ProbeRow> rows) {
    public static final MachineProbe NONE = new MachineProbe(Double.NaN, Double.NaN, Double.NaN, null, 0, java.util.List.of());

    public MachineProbe {
        rows = rows == null ? java.util.List.of() : java.util.List.copyOf(rows);
    }

    public boolean present() {
        return !Double.isNaN(cpu) || !Double.isNaN(memory);
    }
}
