package dev.tpm.collect.campaign;

import dev.tpm.collect.sample.Throttling;
import dev.tpm.model.RunStatus;
import java.util.Locale;

/**
 * The status decision of one run (servers.md "The collection stage"), a pure function of what
 * was measured: {@code failed} when there is no result (sampler failure, server died, no request,
 * no memory sample), {@code discarded} when the harness rejects a result (throttling bits 0-3 set
 * during the run or sticky bits 16-19 newly set across it, the delete run ran out of rows, the
 * error rate above max_error_rate), else {@code ok}. A load-generator-bound run keeps its status
 * and says so in its note.
 *
 * @param status ok, failed or discarded
 * @param reason why a run failed or was discarded, null for an ok run; decisions read it, never
 *     the note
 * @param note one line, written from the reason (and the load-generator flag), or null
 * @param loadGeneratorBound the load generator used at least {@link #LOADGEN_BOUND_SHARE} of its CPUs
 * @param hostSaturated server and load generator shared the host and used at least 95 % of its
 *     cores ({@link HostSaturation})
 */
public record RunVerdict(RunStatus status, Reason reason, String note, boolean loadGeneratorBound, boolean hostSaturated) {
    /** Why a run has no result ({@code failed}) or the harness rejected it ({@code discarded}). */
    public enum Reason {
        SAMPLER_FAILED, SERVER_EXITED, NO_REQUEST, NO_MEMORY_SAMPLE, NO_RESULT,
        THROTTLED, STICKY_THROTTLING, OUT_OF_ROWS, ERROR_RATE,
        /** Version 5's steal rule: the hypervisor took more than max_steal_share of the window's CPU time. */
        STEAL
    }

    /** Share of the load generator's CPUs above which a run is flagged as load-generator bound. */
    public static final double LOADGEN_BOUND_SHARE = 0.95;
    public static final String LOADGEN_BOUND_NOTE = "load-generator bound";

    /**
     * What one run measured.
     *
     * @param samplerFailure the sampler's exception message, or null
     * @param requests completed requests (0 when none)
     * @param missingIds delete_item's DELETEs of ids that had no row, -1 where not reported
     * @param throttledBits OR of bits 0-3 over the samples, -1 where not read
     * @param stickyBefore sticky bits 16-19 before the run, -1 where not read
     * @param stickyAfter sticky bits 16-19 after the run, -1 where not read
     * @param loadgenCpuShare the load generator's CPU seconds over (duration x its usable CPUs), NaN where unknown
     */
    public record Measured(String samplerFailure, boolean serverAliveAfterLoad, long requests, long socketErrors,
            long non2xx, boolean memorySampled, int throttledBits, int stickyBefore, int stickyAfter, long missingIds,
            double maxErrorRate, double loadgenCpuShare) {}

    /** A run without a result for a reason {@link #decide} does not see (the harness could not measure it). */
    public static RunVerdict failed(String note) {
        return new RunVerdict(RunStatus.FAILED, Reason.NO_RESULT, note, false, false);
    }

    public boolean ok() {
        return status == RunStatus.OK;
    }

    /** Whether the delete run used up its table ({@code seed more rows}). */
    public boolean outOfRows() {
        return reason == Reason.OUT_OF_ROWS;
    }

    /** Whether the run was discarded by the steal rule. */
    public boolean stealDiscarded() {
        return reason == Reason.STEAL;
    }

    /**
     * Version 5's steal rule (servers.md "Rounds, quiet and steal"), after {@link #decide}: an ok
     * run whose steal share (steal_s over duration_s x cores) exceeds {@code maxShare} is
     * {@code discarded}, its note starting {@code steal <share>}, and is queued again as a
     * throttled run is. A run already failed or discarded keeps its status and note (its first
     * reason stands, as analysis.md section 1 orders reasons); a share unknown (no steal field)
     * or a rule that is off ({@code maxShare} null) leaves the verdict as it is.
     */
    /** Version 6: the steal rule on the largest of a run's shares ({@link StealShares}), its note saying whose it is. */
    static RunVerdict stealRule(RunVerdict v, StealShares shares, Double maxShare) {
        double share = shares.largest();
        if (maxShare == null || !v.ok() || Double.isNaN(share) || !(share > maxShare)) return v;
        String n = String.format(Locale.ROOT, "steal %.4f of %s time above max_steal_share %s", share, shares.whose(),
                Double.toString(maxShare));
        return new RunVerdict(RunStatus.DISCARDED, Reason.STEAL, v.note() == null ? n : n + "; " + v.note(),
                v.loadGeneratorBound(), v.hostSaturated());
    }

    public static RunVerdict stealRule(RunVerdict v, double share, Double maxShare, int cores, double stealS) {
        if (maxShare == null || !v.ok() || Double.isNaN(share) || !(share > maxShare)) return v;
        String n = String.format(Locale.ROOT, "steal %.4f of %d cores' time (%.2f s) above max_steal_share %s", share, cores,
                stealS, Double.toString(maxShare));
        return new RunVerdict(RunStatus.DISCARDED, Reason.STEAL, v.note() == null ? n : n + "; " + v.note(),
                v.loadGeneratorBound(), v.hostSaturated());
    }

    public static RunVerdict decide(Measured m) {
        boolean bound = !Double.isNaN(m.loadgenCpuShare()) && m.loadgenCpuShare() >= LOADGEN_BOUND_SHARE;
        String failed = null;
        String discarded = null;
        Reason reason = null;
        if (m.samplerFailure() != null) {
            reason = Reason.SAMPLER_FAILED;
            failed = "sampler failed: " + m.samplerFailure();
        } else if (!m.serverAliveAfterLoad()) {
            reason = Reason.SERVER_EXITED;
            failed = "server exited during the load";
        } else if (m.requests() == 0) {
            reason = Reason.NO_REQUEST;
            failed = "no request completed (" + m.socketErrors() + " socket errors)";
        } else if (!m.memorySampled()) {
            reason = Reason.NO_MEMORY_SAMPLE;
            failed = "no memory sample of the server during the load";
        } else if (m.throttledBits() > 0) {
            reason = Reason.THROTTLED;
            discarded = "throttling flags " + Throttling.hex(m.throttledBits()) + " (get_throttled bits 0-3) during the run";
        } else if (m.stickyBefore() >= 0 && m.stickyAfter() >= 0 && (m.stickyAfter() & ~m.stickyBefore()) != 0) {
            reason = Reason.STICKY_THROTTLING;
            discarded = "sticky throttling bits went from " + Throttling.hex(m.stickyBefore()) + " to "
                    + Throttling.hex(m.stickyAfter()) + " (get_throttled bits 16-19) across the run";
        } else if (m.missingIds() > 0) {
            reason = Reason.OUT_OF_ROWS;
            discarded = "ran out of rows: " + m.missingIds() + " DELETEs of ids that had no row (seed more rows)";
        } else {
            double rate = (m.socketErrors() + m.non2xx()) / (double) m.requests();
            if (rate > m.maxErrorRate()) {
                reason = Reason.ERROR_RATE;
                discarded = String.format(Locale.ROOT, "error rate %.4f above max_error_rate %s ((%d socket errors + %d non-2xx) / %d requests)",
                        rate, Double.toString(m.maxErrorRate()), m.socketErrors(), m.non2xx(), m.requests());
            }
        }
        RunStatus status = failed != null ? RunStatus.FAILED : discarded != null ? RunStatus.DISCARDED : RunStatus.OK;
        String note = failed != null ? failed : discarded;
        if (bound) {
            String b = String.format(Locale.ROOT, "%s (%.0f %% of its CPUs)", LOADGEN_BOUND_NOTE, 100 * m.loadgenCpuShare());
            note = note == null ? b : note + "; " + b;
        }
        return new RunVerdict(status, reason, note, bound, false);
    }
}
