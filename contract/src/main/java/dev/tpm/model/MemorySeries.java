package dev.tpm.model;

/**
 * One phase-3 memory time series (data/raw/&lt;campaign&gt;/phase3/*.json).
 *
 * @param file path relative to data/
 * @param tMs milliseconds since the series start, strictly increasing
 * @param rssKib RSS of the server's process tree at each sample
 * @param pssKib PSS at each sample; null when the file has none, an element is
 *     {@link Long#MIN_VALUE} where one sample lacks it
 */
public record MemorySeries(
        String file,
        String campaign,
        String device,
        String stack,
        String endpoint,
        int run,
        Integer concurrency,
        Integer intervalMs,
        String startedAt,
        long[] tMs,
        long[] rssKib,
        long[] pssKib) {

    public int samples() {
        return tMs.length;
    }
}
