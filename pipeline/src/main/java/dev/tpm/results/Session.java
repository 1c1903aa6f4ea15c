package dev.tpm.results;

/**
 * sessions.csv (analysis.md 9, version 4): one campaign, one session on one device, tested for a
 * drift shared by every stack. A drift that moves every group a little (a neighbour on the host,
 * heat) is one no group's own test sees.
 *
 * @param n the runs tested: measured phase-1 and phase-2 runs of groups with two or more runs
 * @param rho Spearman's rho of each run's rps over its group's median on its position in seq
 *     order; NaN when undefined (fewer than two runs, a constant ratio)
 * @param p two-sided p of scipy.stats.spearmanr; NaN with rho
 * @param pHolm Holm over every campaign of the data folder with a p; NaN with p
 * @param drifting p_holm &lt; alpha
 * @param stealShare the median of steal_s / (duration_s x device.cores) over the campaign's runs of
 *     every phase with warmup = 0, status ok and steal_s (version 5; version 4 took the tested runs);
 *     NaN when no run has steal_s (or the device does not record its cores)
 * @param stealMax the largest of those shares; NaN with stealShare
 * @param stealExcluded version 5: how many of those runs analysis.md 1 excludes for steal
 * @param probe version 6: the machine over the session, from the campaign's probe.csv (analysis.md 9)
 */
public record Session(String device, String campaign, String study, int n, double rho, double p, double pHolm,
        boolean drifting, double stealShare, double stealMax, int stealExcluded, MachineProbe probe) {

    public Session {
        if (probe == null) probe = MachineProbe.NONE;
    }

    /** A session without a probe (before version 6). */
    public Session(String device, String campaign, String study, int n, double rho, double p, double pHolm,
            boolean drifting, double stealShare, double stealMax, int stealExcluded) {
        this(device, campaign, study, n, rho, p, pHolm, drifting, stealShare, stealMax, stealExcluded, MachineProbe.NONE);
    }
}
