package dev.tpm.collect.campaign;

import dev.tpm.collect.sample.Throttling;
import dev.tpm.model.RunColumns;
import java.util.Locale;

/**
 * The status decision of one run (servers.md "The collection stage"), a pure function of what
 * was measured: {@code failed} when there is no result (sampler failure, server died, no request,
 * no memory sample), {@code discarded} when the harness rejects a result (throttling bits 0-3 set
 * during the run or sticky bits 16-19 newly set across it, the delete run ran out of rows, the
 * error rate above max_error_rate), else {@code ok}. A load-generator-bound run keeps its status
 * and says so in its note.
 *
 * @param status {@link RunColumns#STATUS_OK}, {@code failed} or {@code discarded}
 * @param note one line, or null
 * @param loadGeneratorBound the load generator used at least {@link #LOADGEN_BOUND_SHARE} of its CPUs
 * @param hostSaturated server and load generator shared the host and used at least 95 % of its
 *     cores ({@link HostSaturation})
 */
public record RunVerdict(String status, String note, boolean loadGeneratorBound, boolean hostSaturated) {
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

    /** A verdict without the host-saturation flag. */
    public RunVerdict(String status, String note, boolean loadGeneratorBound) {
        this(status, note, loadGeneratorBound, false);
    }

    public boolean ok() {
        return RunColumns.STATUS_OK.equals(status);
    }

    public static RunVerdict decide(Measured m) {
        boolean bound = !Double.isNaN(m.loadgenCpuShare()) && m.loadgenCpuShare() >= LOADGEN_BOUND_SHARE;
        String failed = null;
        String discarded = null;
        if (m.samplerFailure() != null) {
            failed = "sampler failed: " + m.samplerFailure();
        } else if (!m.serverAliveAfterLoad()) {
            failed = "server exited during the load";
        } else if (m.requests() == 0) {
            failed = "no request completed (" + m.socketErrors() + " socket errors)";
        } else if (!m.memorySampled()) {
            failed = "no memory sample of the server during the load";
        } else if (m.throttledBits() > 0) {
            discarded = "throttling flags " + Throttling.hex(m.throttledBits()) + " (get_throttled bits 0-3) during the run";
        } else if (m.stickyBefore() >= 0 && m.stickyAfter() >= 0 && (m.stickyAfter() & ~m.stickyBefore()) != 0) {
            discarded = "sticky throttling bits went from " + Throttling.hex(m.stickyBefore()) + " to "
                    + Throttling.hex(m.stickyAfter()) + " (get_throttled bits 16-19) across the run";
        } else if (m.missingIds() > 0) {
            discarded = "ran out of rows: " + m.missingIds() + " DELETEs of ids that had no row (seed more rows)";
        } else {
            double rate = (m.socketErrors() + m.non2xx()) / (double) m.requests();
            if (rate > m.maxErrorRate()) {
                discarded = String.format(Locale.ROOT, "error rate %.4f above max_error_rate %s ((%d socket errors + %d non-2xx) / %d requests)",
                        rate, Double.toString(m.maxErrorRate()), m.socketErrors(), m.non2xx(), m.requests());
            }
        }
        String status = failed != null ? RunColumns.STATUS_FAILED
                : discarded != null ? RunColumns.STATUS_DISCARDED : RunColumns.STATUS_OK;
        String note = failed != null ? failed : discarded;
        if (bound) {
            String b = String.format(Locale.ROOT, "%s (%.0f %% of its CPUs)", LOADGEN_BOUND_NOTE, 100 * m.loadgenCpuShare());
            note = note == null ? b : note + "; " + b;
        }
        return new RunVerdict(status, note, bound);
    }
}
