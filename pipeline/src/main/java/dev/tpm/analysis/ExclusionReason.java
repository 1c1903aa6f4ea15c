package dev.tpm.analysis;

/** Why a run does not count (analysis.md 1), in the order the reasons are tried. */
enum ExclusionReason {
    WARMUP("warmup"),
    FAILED("failed"),
    DISCARDED("discarded"),
    ERROR_RATE("error_rate"),
    THROTTLED("throttled"),
    /** Version 5: steal_s / (duration_s x device.cores) above max_steal_share. */
    STEAL("steal");

    /** The reason as exclusions.csv and the {@code missing} text write it. */
    final String id;

    ExclusionReason(String id) {
        this.id = id;
    }
}
