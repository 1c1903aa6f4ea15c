package dev.tpm.collect.loadgen;

/**
 * What one wrk run measured, in the units of data.md's run table. Latencies are NaN where the
 * source does not give them (the text report without {@code --latency} has no percentiles).
 *
 * @param source {@link #SOURCE_DONE_JSON} or {@link #SOURCE_TEXT}
 * @param durationS measured load duration
 * @param non2xx responses outside 2xx/3xx (wrk's "Non-2xx or 3xx responses", summary.errors.status)
 * @param rps completed requests per second, as wrk computes it (requests / duration)
 */
public record WrkResult(
        String source,
        long requests,
        double durationS,
        long errorsConnect,
        long errorsRead,
        long errorsWrite,
        long errorsTimeout,
        long non2xx,
        double rps,
        double latMeanMs,
        double latStdevMs,
        double latMaxMs,
        double latP50Ms,
        double latP75Ms,
        double latP90Ms,
        double latP99Ms) {

    /** The exact results printed by the scripts' done() hook. */
    public static final String SOURCE_DONE_JSON = "done-json";
    /** wrk's human-readable report (two decimals, units). */
    public static final String SOURCE_TEXT = "text-report";

    public long socketErrors() {
        return errorsConnect + errorsRead + errorsWrite + errorsTimeout;
    }
}
