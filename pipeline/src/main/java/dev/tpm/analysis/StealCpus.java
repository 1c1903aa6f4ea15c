package dev.tpm.analysis;

import dev.tpm.model.Campaign;
import dev.tpm.model.Protocol;
import dev.tpm.results.Topology;

/**
 * The CPU counts a campaign's steal shares divide by (analysis.md 1, version 6): the device's
 * cores, the CPUs in protocol.server_cpus and the CPUs in load_generator.cpus (a list such as
 * {@code 0-1,3} names 3 CPUs); null where not recorded.
 */
record StealCpus(Integer device, Integer server, Integer loadGenerator) {
    static final StealCpus NONE = new StealCpus(null, null, null);

    /** A campaign's counts: protocol.server_cpus (or the older pinning's), load_generator.cpus (or the pinning's). */
    static StealCpus of(Campaign c) {
        Protocol p = c.protocol();
        String server = p == null ? null : p.serverCpus();
        if (server == null && p != null && p.pinning() != null) server = p.pinning().serverCpus();
        String lg = c.loadGenerator() == null ? null : c.loadGenerator().cpus();
        if (lg == null && p != null && p.pinning() != null) lg = p.pinning().loadGeneratorCpus();
        return new StealCpus(c.device().cores(), Topology.cpuCount(server), Topology.cpuCount(lg));
    }

    /**
     * A run's steal share: the largest of steal_s / (duration_s x device cores), server_steal_s /
     * (duration_s x server CPUs) and loadgen_steal_s / (duration_s x load generator CPUs); a share
     * whose value or CPU count is missing is left out; NaN when none is left or duration_s is not
     * positive.
     */
    double share(double stealS, double serverStealS, double loadgenStealS, double durationS) {
        double out = Double.NaN;
        for (double s : new double[] {one(stealS, durationS, device), one(serverStealS, durationS, server),
                one(loadgenStealS, durationS, loadGenerator)}) {
            if (!Double.isNaN(s) && (Double.isNaN(out) || s > out)) out = s;
        }
        return out;
    }

    private static double one(double stealS, double durationS, Integer cpus) {
        if (Double.isNaN(stealS) || cpus == null || cpus < 1 || !(durationS > 0)) return Double.NaN;
        return stealS / (durationS * cpus);
    }
}
