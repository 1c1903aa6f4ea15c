package dev.tpm.analysis;

import java.math.BigInteger;

/** Which runs count (analysis.md 1). */
final class RunFilter {
    static final String WARMUP = ExclusionReason.WARMUP.id;
    static final String FAILED = ExclusionReason.FAILED.id;
    static final String DISCARDED = ExclusionReason.DISCARDED.id;
    static final String ERROR_RATE = ExclusionReason.ERROR_RATE.id;
    static final String THROTTLED = ExclusionReason.THROTTLED.id;

    private RunFilter() {}

    static final String STEAL = ExclusionReason.STEAL.id;

    /**
     * Null when the run is measured (warmup = 0, status ok, error rate &lt;= maxErrorRate,
     * throttled empty or zero, steal share at most maxStealShare); otherwise the first reason that
     * applies, in the order warmup, failed, discarded, error_rate, throttled, steal.
     *
     * @param maxStealShare NaN turns the steal rule off (analysis.json's null)
     */
    static String exclusionReason(RunRow r, double maxErrorRate, double maxStealShare) {
        ExclusionReason reason = reason(r, maxErrorRate, maxStealShare);
        return reason == null ? null : reason.id;
    }

    /** As {@link #exclusionReason}, typed. */
    static ExclusionReason reason(RunRow r, double maxErrorRate, double maxStealShare) {
        if (r.warmup()) return ExclusionReason.WARMUP;
        if (r.status() == null) {
            throw new IllegalArgumentException("campaign " + r.campaign() + " phase " + r.phase() + " seq " + r.seq()
                    + ": status expected ok, failed or discarded, found ''");
        }
        switch (r.status()) {
            case FAILED:
                return ExclusionReason.FAILED;
            case DISCARDED:
                return ExclusionReason.DISCARDED;
            case OK:
                break;
        }
        if (r.errorRate() > maxErrorRate) return ExclusionReason.ERROR_RATE;
        if (throttled(r.throttled())) return ExclusionReason.THROTTLED;
        if (stolen(r.stealShare(), maxStealShare)) return ExclusionReason.STEAL;
        return null;
    }

    /**
     * analysis.md 1, version 5: whether a run's steal share exceeds max_steal_share. A run without
     * a share (no steal_s, no device.cores) is never excluded for steal, and a NaN limit (the rule
     * turned off) excludes none. "Exceeds" is strict: a share equal to the limit counts.
     */
    static boolean stolen(double stealShare, double maxStealShare) {
        return !Double.isNaN(stealShare) && !Double.isNaN(maxStealShare) && stealShare > maxStealShare;
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
