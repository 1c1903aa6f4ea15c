package dev.tpm.collect.campaign;

import dev.tpm.codec.MemorySeriesJson;
import dev.tpm.collect.sample.TreeSampler;
import dev.tpm.model.MemorySeries;
import java.util.List;

/**
 * One phase-3 run's samples as the series the contract's {@link MemorySeriesJson} writes
 * (data.md): {@code t_ms} counts milliseconds from the first sample; samples that would not
 * strictly increase it, or that found no process, are left out; {@code pss_kib} is kept where it
 * was read.
 */
public final class MemorySeriesFile {
    private MemorySeriesFile() {}

    public static String fileName(String stack, String endpoint, int run) {
        return MemorySeriesJson.fileName(stack, endpoint, run);
    }

    /** The file's JSON (see the class comment). */
    public static String json(String campaign, String stack, String endpoint, int run, int concurrency,
            int intervalMs, String startedAt, List<TreeSampler.Sample> samples) {
        int n = samples.size();
        long[] t = new long[n], rss = new long[n], pss = new long[n];
        int k = 0;
        long t0 = samples.isEmpty() ? 0 : samples.get(0).nanos();
        long last = -1;
        for (TreeSampler.Sample s : samples) {
            if (s.processes() == 0) continue;
            long ms = Math.round((s.nanos() - t0) / 1e6);
            if (ms <= last) continue;
            last = ms;
            t[k] = ms;
            rss[k] = s.rssKib();
            pss[k] = s.pssKib() >= 0 ? s.pssKib() : Long.MIN_VALUE;
            k++;
        }
        return MemorySeriesJson.text(new MemorySeries(null, campaign, null, stack, endpoint, run, concurrency,
                intervalMs, startedAt, java.util.Arrays.copyOf(t, k), java.util.Arrays.copyOf(rss, k),
                java.util.Arrays.copyOf(pss, k)));
    }
}
