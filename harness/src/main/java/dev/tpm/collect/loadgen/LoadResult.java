package dev.tpm.collect.loadgen;

/**
 * What one load-generator run measured, whatever the tool, in the units of data.md's run table:
 * the one result type every {@link LoadGenTool} parses its output into. Latencies are NaN where
 * the source does not give them (wrk's text report without {@code --latency} has no percentiles,
 * autocannon's table no p75 or p90, only oha gives p99.9).
 *
 * @param source where the values were read from: {@link #SOURCE_DONE_JSON}, {@link #SOURCE_TEXT},
 *     {@link AutocannonJson#SOURCE}, {@link AutocannonTable#SOURCE} or {@link OhaJson#SOURCE}
 * @param durationS measured load duration
 * @param non2xx responses outside 2xx/3xx (wrk's "Non-2xx or 3xx responses", summary.errors.status)
 * @param rps completed requests per second, as the tool computes it (wrk: requests / duration)
 * @param latP999Ms the 99.9th percentile, NaN where the tool does not report it
 */
public record LoadResult(
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
        double latP99Ms,
        double latP999Ms) {

    /** The exact results printed by the scripts' done() hook. */
    public static final String SOURCE_DONE_JSON = "done-json";
    /** wrk's human-readable report (two decimals, units). */
    public static final String SOURCE_TEXT = "text-report";

    /** A closed-loop tool's result, which has no p99.9. */
    public LoadResult(String source, long requests, double durationS, long errorsConnect, long errorsRead,
            long errorsWrite, long errorsTimeout, long non2xx, double rps, double latMeanMs, double latStdevMs,
            double latMaxMs, double latP50Ms, double latP75Ms, double latP90Ms, double latP99Ms) {
        this(source, requests, durationS, errorsConnect, errorsRead, errorsWrite, errorsTimeout, non2xx, rps, latMeanMs,
                latStdevMs, latMaxMs, latP50Ms, latP75Ms, latP90Ms, latP99Ms, Double.NaN);
    }

    public long socketErrors() {
        return errorsConnect + errorsRead + errorsWrite + errorsTimeout;
    }
}
