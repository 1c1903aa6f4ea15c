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
    /** Phase 5's prior load (s), 0 without phase 5. */
    private final double priorLoadS;
    /** Version 6: phase 4's prior load (s), 0 for a cold phase 4. */
    private final double priorLoad4S;
    /** Version 5: the quiet gate's one window before each run (s) while the gate is on, else 0. */
    private final double quietWindowS;
    private double overheadSum;
    private int overheadCount;

    public Progress(PrintStream out, double settleS, double cooldownS) {
        this(out, settleS, cooldownS, 0, 0, 0);
    }

    private Progress(PrintStream out, double settleS, double cooldownS, double priorLoadS, double priorLoad4S, double quietWindowS) {
        this.priorLoad4S = priorLoad4S;
        this.out = out;
        this.settleS = settleS;
        this.cooldownS = cooldownS;
        this.priorLoadS = priorLoadS;
        this.quietWindowS = quietWindowS;
    }

    /** The progress of a campaign of protocol {@code q}: its settle, cool-down, phase 5's prior load and the gate's window. */
    public Progress(PrintStream out, dev.tpm.model.Protocol q) {
        this(out, q.settleS(), q.cooldownS(), priorLoadS(q), priorLoad4S(q), quietWindowS(q));
    }

    /** Version 6: phase 4's prior load in whole seconds, 0 for a cold phase 4 (versions 3 to 5). */
    static double priorLoad4S(dev.tpm.model.Protocol q) {
        return q.phase4() == null || q.phase4().priorLoadS() == null ? 0 : Math.ceil(q.phase4().priorLoadS());
    }

    /** A run's prior load: phase 5's, or a warm phase 4's. */
    private static double prior(PlannedRun r, double priorLoadS, double priorLoad4S) {
        return r.phase() == 5 ? priorLoadS : r.phase() == 4 ? priorLoad4S : 0;
    }

    /** Phase 5's prior load in whole seconds (the load generator's), 0 without phase 5. */
    static double priorLoadS(dev.tpm.model.Protocol q) {
        return q.phase5() == null ? 0 : Math.ceil(q.phase5().priorLoadS());
    }

    /** The quiet gate's first window, before every run while the gate is on; its waits are not foreseen. */
    static double quietWindowS(dev.tpm.model.Protocol q) {
        if (q.maxStealShare() == null) return 0;
        return q.quiet() == null || q.quiet().windowS() == null ? dev.tpm.codec.PresetJson.DEFAULT_QUIET.windowS() : q.quiet().windowS();
    }

    /**
     * Seconds a run of protocol {@code q} takes at {@code overheadS} of start-up and stop: its load,
     * settle and cool-down, phase 5's prior load, and the quiet gate's one window (version 5) when
     * the CPUs are quiet; what the gate waits beyond it is not foreseen.
     */
    public static double estimateS(PlannedRun r, dev.tpm.model.Protocol q, double overheadS) {
        return estimateS(r, q.settleS(), q.cooldownS(), overheadS) + prior(r, priorLoadS(q), priorLoad4S(q)) + quietWindowS(q);
    }

    /** Records the wall time a finished run took. */
    public void finished(PlannedRun r, double wallS) {
        overheadSum += Math.max(0, wallS - r.durationS() - settleS - cooldownS - prior(r, priorLoadS, priorLoad4S));
        overheadCount++;
    }

    public double overheadS() {
        return overheadCount == 0 ? INITIAL_OVERHEAD_S : overheadSum / overheadCount;
    }

    /** Seconds the runs still queued will take. */
    public double secondsLeft(List<PlannedRun> queued) {
        double s = 0;
        for (PlannedRun r : queued) s += one(r);
        return s;
    }

    private double one(PlannedRun r) {
        return estimateS(r, settleS, cooldownS, overheadS()) + prior(r, priorLoadS, priorLoad4S) + quietWindowS;
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
        double left = secondsLeft(queuedAfter) + one(r);
        out.printf(java.util.Locale.ROOT, "collect: run %d of %d: phase %d, %s, %s, c=%d, %s %d%s; about %s left%s%n",
                k, n, r.phase(), r.stack(), r.endpoint(), r.concurrency(), r.warmup() ? "warm-up" : "run", r.run(),
                r.inRounds() ? (r.warmup() ? ", warm-up round " : ", round ") + r.round() : "", duration(left), flags);
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
