package dev.tpm.analysis;

import dev.tpm.model.RunColumns;
import java.math.BigInteger;

/** Which runs count (analysis.md 1). */
final class RunFilter {
    static final String WARMUP = "warmup";
    static final String FAILED = "failed";
    static final String DISCARDED = "discarded";
    static final String ERROR_RATE = "error_rate";
    static final String THROTTLED = "throttled";

    private RunFilter() {}

    /**
     * Null when the run is measured (warmup = 0, status ok, error rate &lt;= maxErrorRate,
     * throttled empty or zero); otherwise the first reason that applies, in the order warmup,
     * failed, discarded, error_rate, throttled.
     */
    static String exclusionReason(RunRow r, double maxErrorRate) {
        if (r.warmup()) return WARMUP;
        switch (r.status()) {
            case RunColumns.STATUS_FAILED:
                return FAILED;
            case RunColumns.STATUS_DISCARDED:
                return DISCARDED;
            case RunColumns.STATUS_OK:
                break;
            default:
                throw new IllegalArgumentException("campaign " + r.campaign() + " phase " + r.phase() + " seq " + r.seq()
                        + ": status expected ok, failed or discarded, found '" + r.status() + "'");
        }
        if (r.errorRate() > maxErrorRate) return ERROR_RATE;
        if (throttled(r.throttled())) return THROTTLED;
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
