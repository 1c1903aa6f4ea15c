package dev.tpm.collect.campaign;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Version 6 (servers.md "Per-CPU steal", analysis.md section 1): the steal shares of one window,
 * the device's (steal over window x cores), the server's pinned CPUs' and the load generator's
 * pinned CPUs' on the same host; the quiet gate and the steal rule take the largest. A share whose
 * steal or CPUs are unknown is left out.
 *
 * @param groups the server's CPUs and the load generator's (each null when not pinned here)
 */
record StealShares(int cores, List<Set<Integer>> groups, double[] shares) {
    /** The groups of a campaign: the server's pinned CPUs, then the load generator's where it runs on this host. */
    static List<Set<Integer>> groups(CampaignOptions o, int cores) {
        Set<Integer> server = o.pinning().serverCpus() == null ? null : Pinning.cpus(o.pinning().serverCpus(), Integer.MAX_VALUE, "--server-cpus");
        Set<Integer> loadgen = o.pinning().loadGeneratorCpus() == null || o.loadGen().host().remote() ? null
                : Pinning.cpus(o.pinning().loadGeneratorCpus(), Integer.MAX_VALUE, "--loadgen-cpus");
        return java.util.Arrays.asList(server, loadgen);
    }

    /**
     * The shares of a window of {@code windowS} seconds from its steal seconds: [0] the device's,
     * then one per group (NaN where unknown).
     */
    static StealShares of(double windowS, int cores, List<Set<Integer>> groups, double[] stealS) {
        double[] s = new double[stealS.length];
        s[0] = share(stealS[0], windowS, cores);
        for (int i = 1; i < stealS.length; i++) {
            Set<Integer> g = groups.get(i - 1);
            s[i] = g == null ? Double.NaN : share(stealS[i], windowS, g.size());
        }
        return new StealShares(cores, groups, s);
    }

    private static double share(double stealS, double windowS, int cpus) {
        if (Double.isNaN(stealS) || !(windowS > 0) || cpus < 1) return Double.NaN;
        return stealS / (windowS * cpus);
    }

    /** The largest known share; NaN when none is known. */
    double largest() {
        return shares[which()];
    }

    private int which() {
        int best = 0;
        for (int i = 1; i < shares.length; i++) {
            if (!Double.isNaN(shares[i]) && (Double.isNaN(shares[best]) || shares[i] > shares[best])) best = i;
        }
        return best;
    }

    /** Whose time the largest share is of: "2 cores'", "the server's CPUs 1'", "the load generator's CPUs 0'". */
    String whose() {
        int i = which();
        if (i == 0) return cores + " cores'";
        Set<Integer> g = groups.get(i - 1);
        String list = String.join(",", g.stream().sorted().map(String::valueOf).toList());
        return (i == 1 ? "the server's" : "the load generator's") + (g.size() == 1 ? " CPU " : " CPUs ") + list + "'";
    }

    /** "steal 20.0 % of 2 cores' time", the largest share said for the progress output. */
    String text() {
        return String.format(Locale.ROOT, "steal %.1f %% of %s time", 100 * largest(), whose());
    }
}
