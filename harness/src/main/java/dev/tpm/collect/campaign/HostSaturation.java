package dev.tpm.collect.campaign;

import dev.tpm.collect.loadgen.LoadGenHost;
import java.util.Collections;
import java.util.Locale;

/**
 * The host-saturation flag (servers.md "The collection stage"): when the load generator shares
 * the host without CPUs of its own, the server and the load generator take turns on the same
 * cores, and a run whose server and load generator together used at least {@link #SHARE} of the
 * host's cores measured the pair, not the server alone. Its note says so; the status is kept.
 *
 * <p>The host is shared when the load generator runs on this machine and the two are not pinned
 * apart: either is unpinned, or their CPU lists overlap. Disjoint lists ({@code --pin},
 * {@code --server-cpus} with {@code --loadgen-cpus}) give each its own CPUs, and such a run is
 * bounded by its own CPUs instead (the load-generator-bound flag). The host's cores are
 * campaign.json's {@code device.cores}, the denominator analysis.md section 8 uses for host_busy.
 */
final class HostSaturation {
    /** Share of the host's cores at or above which a run is flagged. */
    static final double SHARE = 0.95;
    static final String NOTE = "host saturated";

    private final boolean shared;
    private final int cores;

    HostSaturation(boolean shared, int cores) {
        this.shared = shared;
        this.cores = cores;
    }

    static HostSaturation of(Pinning pinning, LoadGenHost host, int cores) {
        boolean apart = pinning.serverCpus() != null && pinning.loadGeneratorCpus() != null
                && Collections.disjoint(Pinning.cpus(pinning.serverCpus(), cores, "--server-cpus"),
                        Pinning.cpus(pinning.loadGeneratorCpus(), cores, "--loadgen-cpus"));
        return new HostSaturation(!host.remote() && !apart, cores);
    }

    /** Whether runs of this campaign can be host saturated at all. */
    boolean shared() {
        return shared;
    }

    /** (cpu_s + loadgen_cpu_s) / (duration_s x cores); NaN when the host is not shared or a value is missing. */
    double share(double cpuS, double loadgenCpuS, double durationS) {
        if (!shared || cores < 1 || !(durationS > 0) || Double.isNaN(cpuS) || Double.isNaN(loadgenCpuS)) return Double.NaN;
        return (cpuS + loadgenCpuS) / (durationS * cores);
    }

    /** {@code v} flagged (its note extended) when the share reaches {@link #SHARE}; else {@code v}. */
    RunVerdict flag(RunVerdict v, double cpuS, double loadgenCpuS, double durationS) {
        double s = share(cpuS, loadgenCpuS, durationS);
        if (Double.isNaN(s) || s < SHARE) return v;
        String n = String.format(Locale.ROOT, "%s (server + load generator %.0f %% of %d cores)", NOTE, 100 * s, cores);
        return new RunVerdict(v.status(), v.reason(), v.note() == null ? n : v.note() + "; " + n, v.loadGeneratorBound(), true);
    }
}
