package dev.tpm.collect.campaign;

import dev.tpm.collect.sample.CpuSteal;
import dev.tpm.model.Protocol;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The quiet gate (servers.md version 5, "Rounds, quiet and steal"): before each run, the steal
 * field of /proc/stat's {@code cpu} line (version 6: and of the {@code cpuN} lines of the server's and
 * the load generator's pinned CPUs, the largest share counting; {@link StealShares}) is read over a
 * window of {@code protocol.quiet.window_s};
 * while the steal's share of the window's CPU time (window x cores) exceeds
 * {@code protocol.max_steal_share}, the harness waits one more window, for at most
 * {@code protocol.quiet.max_wait_s}, then the run goes ahead.
 *
 * <p>{@link #decide} is the decision, pure; {@link #await} is the loop, reading the steal
 * counter through a {@link CpuSteal} of a file the caller names (a test's own /proc/stat) and
 * sleeping through a {@link Sleeper}. The first window is the check, not a wait: the time waited
 * ({@code quiet_wait_s}) is the windows after it, each counted as window_s (the harness's own
 * time around the sleeps is its overhead, not the gate's wait). Where the kernel reports no steal
 * field the gate reads no window and never waits.
 */
public final class QuietGate {
    /** What the gate does after a window. */
    public enum Decision {
        /** Quiet enough, or no steal counter: the run starts. */
        GO,
        /** Steal above the threshold and time left: one more window. */
        WAIT,
        /** Steal above the threshold after the longest wait: the run starts anyway. */
        GO_AFTER_LONGEST_WAIT
    }

    /** Sleeps a window (a test's sleeper may write the next /proc/stat instead). */
    public interface Sleeper {
        void sleep(double seconds) throws InterruptedException;
    }

    /** What the gate did before one run. */
    public record Wait(double waitedS, int windows, double lastShare, boolean wentAheadNoisy) {}

    /** The gate of a campaign whose max_steal_share is null: no window, no wait. */
    public static final QuietGate OFF = new QuietGate(null, null, null, 1, java.util.List.of(), 100, s -> {});

    private final Double maxShare;
    private final Protocol.Quiet quiet;
    private final CpuSteal steal;
    private final int cores;
    /** Version 6: the server's and the load generator's pinned CPUs (null where not pinned here). */
    private final java.util.List<java.util.Set<Integer>> groups;
    private final long ticksPerSecond;
    private final Sleeper sleeper;

    /**
     * @param maxShare protocol.max_steal_share; null turns the gate off
     * @param quiet protocol.quiet (null: the defaults)
     * @param cores the device's cores (campaign.json device.cores)
     * @param groups version 6: the server's pinned CPUs and the load generator's on this host (each
     *     null when not pinned); the gate waits on the largest of the device's and their shares
     */
    public QuietGate(Double maxShare, Protocol.Quiet quiet, CpuSteal steal, int cores, java.util.List<java.util.Set<Integer>> groups,
            long ticksPerSecond, Sleeper sleeper) {
        this.groups = groups;
        this.maxShare = maxShare;
        this.quiet = quiet == null ? dev.tpm.codec.PresetJson.DEFAULT_QUIET : quiet;
        this.steal = steal;
        this.cores = Math.max(1, cores);
        this.ticksPerSecond = ticksPerSecond;
        this.sleeper = sleeper;
    }

    /** Whether the gate acts at all (max_steal_share not null). */
    public boolean on() {
        return maxShare != null;
    }

    public double windowS() {
        return quiet.windowS() == null ? dev.tpm.codec.PresetJson.DEFAULT_QUIET.windowS() : quiet.windowS();
    }

    double maxWaitS() {
        return quiet.maxWaitS() == null ? dev.tpm.codec.PresetJson.DEFAULT_QUIET.maxWaitS() : quiet.maxWaitS();
    }

    /**
     * After a window whose steal share was {@code share} (NaN: no counter), with {@code waitedS}
     * already waited: go, wait one more window, or go after the longest wait (the next window
     * would pass max_wait_s). A share exactly at the threshold is quiet (the rule discards above it).
     */
    public static Decision decide(double share, double waitedS, double maxShare, double windowS, double maxWaitS) {
        if (Double.isNaN(share) || share <= maxShare) return Decision.GO;
        return waitedS + windowS <= maxWaitS + 1e-9 ? Decision.WAIT : Decision.GO_AFTER_LONGEST_WAIT;
    }

    /**
     * Reads windows until the CPUs are quiet or the longest wait has passed; says each wait in
     * {@code say} (one line each, for the progress output).
     */
    public Wait await(Consumer<String> say) throws InterruptedException {
        if (!on()) return new Wait(0, 0, Double.NaN, false);
        double window = windowS();
        double waited = 0;
        for (int windows = 1; ; windows++) {
            long[] start = steal.ticks(groups);
            if (start[0] < 0) return new Wait(0, 0, Double.NaN, false); // the kernel reports no steal
            sleeper.sleep(window);
            long[] end = steal.ticks(groups);
            double[] stealS = new double[start.length];
            for (int i = 0; i < start.length; i++) stealS[i] = CpuSteal.seconds(start[i], end[i], ticksPerSecond);
            StealShares shares = StealShares.of(window, cores, groups, stealS);
            double share = shares.largest();
            Decision d = decide(share, waited, maxShare, window, maxWaitS());
            if (d == Decision.GO) return new Wait(waited, windows, share, false);
            if (d == Decision.GO_AFTER_LONGEST_WAIT) {
                say.accept(String.format(Locale.ROOT, "CPUs still not quiet after the longest wait (%s s): %s over the last %s s;"
                        + " the run goes ahead", num(maxWaitS()), shares.text(), num(window)));
                return new Wait(waited, windows, share, true);
            }
            say.accept(String.format(Locale.ROOT, "waiting for quiet CPUs: %s over the last %s s,"
                    + " above max_steal_share %s; waited %s s of at most %s s", shares.text(), num(window),
                    num(maxShare), num(waited), num(maxWaitS())));
            waited += window;
        }
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
