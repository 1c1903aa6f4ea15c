package dev.tpm.codec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tpm.model.MemorySeries;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * raw/&lt;campaign&gt;/phase3/&lt;stack&gt;-&lt;endpoint&gt;-&lt;run&gt;.json (data.md;
 * schema/memory-series.schema.json): one memory time series per file, written by the harness and
 * read by ingest, here only. The schema holds each key's rule; the rules across keys and files (the
 * folder's campaign, campaign.json's stacks, one series per key, t_ms increasing) are here.
 */
public final class MemorySeriesJson {
    static final String FORMAT = "memory-series";

    private MemorySeriesJson() {}

    /** The file as it is written: its keys in this order, those that are null left out. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SeriesFile(String campaign, String stack, String endpoint, int run, Integer concurrency, Integer intervalMs,
            String startedAt, List<Sample> samples) {}

    /** One sample; pss_kib left out where the sample has none. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Sample(long tMs, long rssKib, Long pssKib) {}

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
        List<Sample> samples = new ArrayList<>(s.samples());
        for (int i = 0; i < s.samples(); i++) {
            Long pss = s.pssKib() != null && s.pssKib()[i] != Long.MIN_VALUE ? s.pssKib()[i] : null;
            samples.add(new Sample(s.tMs()[i], s.rssKib()[i], pss));
        }
        try {
            return JsonFile.BIND.writeValueAsString(new SeriesFile(s.campaign(), s.stack(), s.endpoint(), s.run(),
                    s.concurrency(), s.intervalMs(), s.startedAt(), samples)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
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
        JsonNode root = JsonFile.readChecked(dataDir.resolve(file), file, FORMAT, problems);
        if (root == null) return null;
        SeriesFile f = JsonFile.bind(root, SeriesFile.class, file);
        int before = problems.size();
        if (f.campaign() != null && !f.campaign().equals(campaign)) {
            problems.atJson(file, "$.campaign", "the campaign of the folder, '" + campaign + "'", Problem.quote(f.campaign()));
        }
        if (stacks != null && !stacks.contains(f.stack())) {
            problems.atJson(file, "$.stack", "a stack of campaign.json (" + String.join(", ", stacks) + ")",
                    Problem.quote(f.stack()));
        }
        String key = f.stack() + "/" + f.endpoint() + "/" + f.run();
        String other = seen.putIfAbsent(key, file);
        if (other != null) {
            problems.atJson(file, "$.run", "one series per (stack, endpoint, run) in a campaign",
                    "(" + f.stack() + ", " + f.endpoint() + ", " + f.run() + ") also in " + other);
        }
        int n = f.samples().size();
        long[] t = new long[n];
        long[] rss = new long[n];
        boolean anyPss = f.samples().stream().anyMatch(s -> s.pssKib() != null);
        long[] pss = anyPss ? new long[n] : null;
        for (int i = 0; i < n; i++) {
            Sample s = f.samples().get(i);
            if (i > 0 && s.tMs() <= t[i - 1]) {
                problems.atJson(file, "$.samples[" + i + "].t_ms", "t_ms strictly increasing, greater than " + t[i - 1]
                        + " (the previous sample)", Long.toString(s.tMs()));
            }
            t[i] = s.tMs();
            rss[i] = s.rssKib();
            if (pss != null) pss[i] = s.pssKib() == null ? Long.MIN_VALUE : s.pssKib();
        }
        if (problems.size() > before) return null;
        return new MemorySeries(file, campaign, device, f.stack(), f.endpoint(), f.run(), f.concurrency(),
                f.intervalMs(), f.startedAt(), t, rss, pss);
    }
}
