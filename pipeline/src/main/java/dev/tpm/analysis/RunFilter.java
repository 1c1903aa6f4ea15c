package dev.tpm.analysis;

import dev.tpm.model.RunColumns;
import java.math.BigInteger;

/** Which runs count (analysis.md 1). */
final class RunFilter {
    static final String WARMUP = ExclusionReason.WARMUP.id;
    static final String FAILED = ExclusionReason.FAILED.id;
    static final String DISCARDED = ExclusionReason.DISCARDED.id;
    static final String ERROR_RATE = ExclusionReason.ERROR_RATE.id;
    static final String THROTTLED = ExclusionReason.THROTTLED.id;

    private RunFilter() {}

    /**
     * Null when the run is measured (warmup = 0, status ok, error rate &lt;= maxErrorRate,
     * throttled empty or zero); otherwise the first reason that applies, in the order warmup,
     * failed, discarded, error_rate, throttled.
     */
    static String exclusionReason(RunRow r, double maxErrorRate) {
        ExclusionReason reason = reason(r, maxErrorRate);
        return reason == null ? null : reason.id;
    }

    /** As {@link #exclusionReason}, typed. */
    static ExclusionReason reason(RunRow r, double maxErrorRate) {
        if (r.warmup()) return ExclusionReason.WARMUP;
        switch (r.status()) {
            case RunColumns.STATUS_FAILED:
                return ExclusionReason.FAILED;
            case RunColumns.STATUS_DISCARDED:
                return ExclusionReason.DISCARDED;
            case RunColumns.STATUS_OK:
                break;
            default:
                throw new IllegalArgumentException("campaign " + r.campaign() + " phase " + r.phase() + " seq " + r.seq()
                        + ": status expected ok, failed or discarded, found '" + r.status() + "'");
        }
        if (r.errorRate() > maxErrorRate) return ExclusionReason.ERROR_RATE;
        if (throttled(r.throttled())) return ExclusionReason.THROTTLED;
        return null;
    }

    /**
     * Whether the throttled flags (hex text such as 0x0 or 0x50005) are set. Empty and zero are
     * not; text that is not a hexadecimal number counts as set (ingest should have rejected it,
     * and a flag that cannot be read is no evidence that the run was clean).
     */
    static boolean throttled(String flags) {
        String s = flags == null ? "" : flags.strip();
        if (s.isEmpty()) return false;
        if (s.startsWith("0x") || s.startsWith("0X")) s = s.substring(2);
        try {
            return new BigInteger(s, 16).signum() != 0;
        } catch (NumberFormatException e) {
            return true;
        }
    }
}
