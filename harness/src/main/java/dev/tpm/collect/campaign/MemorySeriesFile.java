package dev.tpm.collect.campaign;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.sample.TreeSampler;
import java.util.List;

/** phase3/&lt;stack&gt;-&lt;endpoint&gt;-&lt;run&gt;.json (data.md): one run's memory time series. */
public final class MemorySeriesFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private MemorySeriesFile() {}

    public static String fileName(String stack, String endpoint, int run) {
        return stack + "-" + endpoint + "-" + run + ".json";
    }

    /**
     * The file's JSON. {@code t_ms} counts milliseconds from the first sample; samples that would
     * not strictly increase it, or that found no process, are left out; {@code pss_kib} is
     * written where it was read.
     */
    public static String json(String campaign, String stack, String endpoint, int run, int concurrency,
            int intervalMs, String startedAt, List<TreeSampler.Sample> samples) {
        ObjectNode o = JSON.createObjectNode();
        o.put("campaign", campaign);
        o.put("stack", stack);
        o.put("endpoint", endpoint);
        o.put("run", run);
        o.put("concurrency", concurrency);
        o.put("interval_ms", intervalMs);
        o.put("started_at", startedAt);
        ArrayNode a = o.putArray("samples");
        long t0 = samples.isEmpty() ? 0 : samples.get(0).nanos();
        long last = -1;
        for (TreeSampler.Sample s : samples) {
            if (s.processes() == 0) continue;
            long t = Math.round((s.nanos() - t0) / 1e6);
            if (t <= last) continue;
            last = t;
            ObjectNode e = a.addObject();
            e.put("t_ms", t);
            e.put("rss_kib", s.rssKib());
            if (s.pssKib() >= 0) e.put("pss_kib", s.pssKib());
        }
        return o.toString() + "\n";
    }
}
