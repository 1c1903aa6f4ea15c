package dev.tpm.collect.campaign;

import java.io.PrintStream;
import java.util.List;

/**
 * The progress line on stderr: run k of N, stack, endpoint, and the time left, estimated as the
 * remaining runs' load, settle and cool-down times plus the mean overhead (reset, spawn, start-up,
 * stop) of the runs so far ({@link #INITIAL_OVERHEAD_S} before the first one ends).
 */
public final class Progress {
    /**
     * Overhead assumed per run before any run is measured (start-up, seeding, stop), in seconds:
     * measured on the 2-core build machine at about 1.2 s (java), 0.2 s (go), 1.3 s (python,
     * 4 workers) and 0.5 s (node), 0.8 s on average; rounded up.
     */
    public static final double INITIAL_OVERHEAD_S = 1.0;

    private final PrintStream out;
    private final double settleS;
    private final double cooldownS;
    private double overheadSum;
    private int overheadCount;

    public Progress(PrintStream out, double settleS, double cooldownS) {
        this.out = out;
        this.settleS = settleS;
        this.cooldownS = cooldownS;
    }

    /** Records the wall time a finished run took. */
    public void finished(PlannedRun r, double wallS) {
        overheadSum += Math.max(0, wallS - r.durationS() - settleS - cooldownS);
        overheadCount++;
    }

    public double overheadS() {
        return overheadCount == 0 ? INITIAL_OVERHEAD_S : overheadSum / overheadCount;
    }

    /** Seconds the runs still queued will take. */
    public double secondsLeft(List<PlannedRun> queued) {
        double s = 0;
        for (PlannedRun r : queued) s += estimateS(r, settleS, cooldownS, overheadS());
        return s;
    }

    public static double estimateS(PlannedRun r, double settleS, double cooldownS, double overheadS) {
        return r.durationS() + settleS + cooldownS + overheadS;
    }

    public void starting(int k, int n, PlannedRun r, List<PlannedRun> queuedAfter) {
        starting(k, n, r, queuedAfter, 0);
    }

    /** The line, with the number of load-generator-bound runs so far when there are any. */
    public void starting(int k, int n, PlannedRun r, List<PlannedRun> queuedAfter, int loadGeneratorBound) {
        starting(k, n, r, queuedAfter, loadGeneratorBound == 0 ? "" : "; " + loadGeneratorBound + " load-generator bound so far");
    }

    /**
     * The line, ending with {@code flags}: the flagged runs so far, per stack (e.g. "; host
     * saturated so far: go 2, rust 1"), or empty.
     */
    public void starting(int k, int n, PlannedRun r, List<PlannedRun> queuedAfter, String flags) {
        double left = secondsLeft(queuedAfter) + estimateS(r, settleS, cooldownS, overheadS());
        out.printf(java.util.Locale.ROOT, "collect: run %d of %d: phase %d, %s, %s, c=%d, %s %d; about %s left%s%n",
                k, n, r.phase(), r.stack(), r.endpoint(), r.concurrency(), r.warmup() ? "warm-up" : "run", r.run(),
                duration(left), flags);
        out.flush();
    }

    public static String duration(double seconds) {
        long s = Math.round(seconds);
        long h = s / 3600;
        long m = (s % 3600) / 60;
        long sec = s % 60;
        if (h > 0) return String.format(java.util.Locale.ROOT, "%dh%02dm", h, m);
        if (m > 0) return String.format(java.util.Locale.ROOT, "%dm%02ds", m, sec);
        return sec + "s";
    }
}
