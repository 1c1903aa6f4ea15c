package dev.tpm.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.model.Endpoints;
import dev.tpm.model.MemorySeries;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * raw/&lt;campaign&gt;/phase3/&lt;stack&gt;-&lt;endpoint&gt;-&lt;run&gt;.json (data.md): one memory time
 * series per file, written by the harness and read by ingest, here only.
 */
public final class MemorySeriesJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private MemorySeriesJson() {}

    /** The file name of a series in its campaign's phase3/ folder. */
    public static String fileName(String stack, String endpoint, int run) {
        return stack + "-" + endpoint + "-" + run + ".json";
    }

    /**
     * The file's JSON text, ending in a newline: campaign, stack, endpoint, run, concurrency,
     * interval_ms, started_at (each left out where null), then the samples, {@code pss_kib} where
     * the series has it.
     */
    public static String text(MemorySeries s) {
        ObjectNode o = JSON.createObjectNode();
        if (s.campaign() != null) o.put("campaign", s.campaign());
        o.put("stack", s.stack());
        o.put("endpoint", s.endpoint());
        o.put("run", s.run());
        if (s.concurrency() != null) o.put("concurrency", s.concurrency());
        if (s.intervalMs() != null) o.put("interval_ms", s.intervalMs());
        if (s.startedAt() != null) o.put("started_at", s.startedAt());
        ArrayNode a = o.putArray("samples");
        for (int i = 0; i < s.samples(); i++) {
            ObjectNode e = a.addObject();
            e.put("t_ms", s.tMs()[i]);
            e.put("rss_kib", s.rssKib()[i]);
            if (s.pssKib() != null && s.pssKib()[i] != Long.MIN_VALUE) e.put("pss_kib", s.pssKib()[i]);
        }
        return o.toString() + "\n";
    }

    /**
     * Reads and checks one series.
     *
     * @param file the path relative to {@code dataDir}, for messages
     * @param stacks stack ids of campaign.json, or null when unknown
     * @param seen (stack, endpoint, run) keys already read in this campaign, to their file
     * @return the series, or null when the file has problems
     */
    public static MemorySeries read(Path dataDir, String file, String campaign, String device, Set<String> stacks,
            Map<String, String> seen, Problems problems) {
        int before = problems.size();
        JsonFile json = JsonFile.read(dataDir.resolve(file), file, problems);
        if (json == null) return null;
        JsonNode r = json.root;
        String c = json.string(r, "$", "campaign", false);
        if (c != null && !c.equals(campaign)) {
            json.problem("$.campaign", "the campaign of the folder, '" + campaign + "'", Problem.quote(c));
        }
        String stack = json.string(r, "$", "stack", true);
        if (stack != null && stacks != null && !stacks.contains(stack)) {
            json.problem("$.stack", "a stack of campaign.json (" + String.join(", ", stacks) + ")", Problem.quote(stack));
        }
        String endpoint = json.string(r, "$", "endpoint", true);
        if (endpoint != null && !Endpoints.isKnown(endpoint)) {
            json.problem("$.endpoint", "an endpoint of data.md (" + String.join(", ", Endpoints.ALL) + ")",
                    Problem.quote(endpoint));
        }
        Integer run = json.intField(r, "$", "run", true, 1);
        Integer concurrency = json.intField(r, "$", "concurrency", false, 1);
        Integer interval = json.intField(r, "$", "interval_ms", false, 1);
        String startedAt = json.string(r, "$", "started_at", false);
        if (startedAt != null && !Cells.isInstant(startedAt)) {
            json.problem("$.started_at", "an ISO-8601 instant such as 2026-12-01T11:00:00.000Z",
                    Problem.quote(startedAt));
        }
        if (stack != null && endpoint != null && run != null) {
            String key = stack + "/" + endpoint + "/" + run;
            String other = seen.putIfAbsent(key, file);
            if (other != null) {
                json.problem("$.run", "one series per (stack, endpoint, run) in a campaign",
                        "(" + stack + ", " + endpoint + ", " + run + ") also in " + other);
            }
        }
        JsonNode samples = r.get("samples");
        long[] t = null, rss = null, pss = null;
        if (samples == null || !samples.isArray() || samples.isEmpty()) {
            json.problem("$.samples", "a non-empty array of {t_ms, rss_kib[, pss_kib]}", JsonFile.describe(samples));
        } else {
            int n = samples.size();
            t = new long[n];
            rss = new long[n];
            boolean anyPss = false;
            for (JsonNode s : samples) anyPss |= s.has("pss_kib");
            if (anyPss) pss = new long[n];
            Long previous = null;
            for (int i = 0; i < n; i++) {
                String p = "$.samples[" + i + "]";
                JsonNode s = samples.get(i);
                if (!s.isObject()) {
                    json.problem(p, "an object {t_ms, rss_kib[, pss_kib]}", JsonFile.describe(s));
                    previous = null;
                    continue;
                }
                Long ti = json.integer(s, p, "t_ms", true, 0);
                if (ti != null && previous != null && ti <= previous) {
                    json.problem(p + ".t_ms", "t_ms strictly increasing, greater than " + previous
                            + " (the previous sample)", ti.toString());
                }
                previous = ti;
                Long ri = json.integer(s, p, "rss_kib", true, 0);
                Long pi = json.integer(s, p, "pss_kib", false, 0);
                if (ti != null) t[i] = ti;
                if (ri != null) rss[i] = ri;
                if (pss != null) pss[i] = pi == null ? Long.MIN_VALUE : pi;
            }
        }
        if (problems.size() > before) return null;
        return new MemorySeries(file, campaign, device, stack, endpoint, run, concurrency, interval, startedAt,
                t, rss, pss);
    }
}
