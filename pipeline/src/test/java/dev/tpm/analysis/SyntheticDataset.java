package dev.tpm.analysis;

import dev.tpm.testing.Campaigns;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.Device;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.Mix;
import dev.tpm.model.PublishedValue;
import dev.tpm.model.RunColumns;
import dev.tpm.model.RunRecord;
import dev.tpm.model.RunRow;
import dev.tpm.model.StackInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Builds Datasets in tests the way ingest does: run records with every column of
 * {@link RunColumns} plus campaign, device, phase and line. All values are synthetic.
 */
final class SyntheticDataset {
    private final List<Map<String, Object>> phase1 = new ArrayList<>();
    private final List<Map<String, Object>> phase2 = new ArrayList<>();
    private final List<Map<String, Object>> phase5 = new ArrayList<>();
    private final List<Campaign> campaigns = new ArrayList<>();
    private final List<MemorySeries> series = new ArrayList<>();
    private final List<Mix> mixes = new ArrayList<>();
    private final List<PublishedValue> published = new ArrayList<>();
    private final List<dev.tpm.model.ProbeRow> probes = new ArrayList<>();
    private final Map<String, String> deviceOf = new HashMap<>();
    private AnalysisConfig config = AnalysisConfig.defaults();
    private long nextSeq = 1;

    static Device device(String id) {
        return Device.of(id, "synthetic board", null, 4, 8064L, "aarch64", null, null, null, null, null, null, 16384, "pmic");
    }

    SyntheticDataset config(AnalysisConfig c) {
        config = c;
        return this;
    }

    SyntheticDataset campaign(String id, String device, StackInfo... stacks) {
        campaigns.add(Campaigns.of(id, device(device), JsonNodeFactory.instance.objectNode(),
                JsonNodeFactory.instance.objectNode(), List.of(stacks), JsonNodeFactory.instance.objectNode()));
        deviceOf.put(id, device);
        return this;
    }

    /** A paper campaign whose machine records this cpu_id (data.md version 5), with a preset and a DELETE table size. */
    SyntheticDataset campaignOnCpu(String id, String device, String cpuId, StackInfo... stacks) {
        var json = JsonNodeFactory.instance.objectNode();
        json.putObject("machine").put("machine_id", "synthetic-" + device).put("cpu_id", cpuId);
        var protocol = JsonNodeFactory.instance.objectNode().put("preset", "synthetic").put("seed_rows_delete", 5000);
        campaigns.add(Campaigns.of(id, device(device), JsonNodeFactory.instance.objectNode(), protocol, List.of(stacks), json));
        deviceOf.put(id, device);
        return this;
    }

    /** A campaign of another study than the paper (campaign.json's study). */
    SyntheticDataset campaign(String id, String device, String study, StackInfo... stacks) {
        var json = JsonNodeFactory.instance.objectNode().put("study", study);
        campaigns.add(Campaigns.of(id, device(device), JsonNodeFactory.instance.objectNode(),
                JsonNodeFactory.instance.objectNode(), List.of(stacks), json));
        deviceOf.put(id, device);
        return this;
    }

    /** A phase-1 run of any endpoint and concurrency. */
    Map<String, Object> run(String campaign, String stack, String endpoint, int concurrency, int run, Object... extra) {
        return add(phase1, 1, campaign, stack, endpoint, concurrency, run, extra);
    }

    static StackInfo stack(String id, Long artifactBytes) {
        return new StackInfo(id, id + " language", id + " framework", artifactBytes, 1);
    }

    SyntheticDataset mix(String name, double post, double getItem, double getList, double put, double delete) {
        Map<String, Double> w = new LinkedHashMap<>();
        w.put("post_item", post);
        w.put("get_item", getItem);
        w.put("get_list", getList);
        w.put("put_item", put);
        w.put("delete_item", delete);
        mixes.add(new Mix(name, w));
        return this;
    }

    SyntheticDataset published(String table, String stack, String metric, double value) {
        published.add(new PublishedValue("synthetic", table, stack, metric, value, "", ""));
        return this;
    }

    SyntheticDataset series(String campaign, String stack, String endpoint, int run, long[] tMs, long[] rssKib) {
        series.add(new MemorySeries("raw/" + campaign + "/phase3/" + stack + "-" + endpoint + "-" + run + ".json", campaign,
                deviceOf.get(campaign), stack, endpoint, run, 30, 130, null, tMs, rssKib, null));
        return this;
    }

    /** A phase-1 run with status ok, warmup 0 and no errors unless the extra cells say otherwise. */
    Map<String, Object> run1(String campaign, String stack, String endpoint, int run, Object... extra) {
        return add(phase1, 1, campaign, stack, endpoint, 30, run, extra);
    }

    /** A phase-5 run (steady state, 30 s of prior load) with status ok, warmup 0 and no errors unless the extra cells say otherwise. */
    Map<String, Object> run5(String campaign, String stack, String endpoint, int run, Object... extra) {
        Map<String, Object> row = add(phase5, 5, campaign, stack, endpoint, 30, run, extra);
        row.putIfAbsent(RunColumns.PRIOR_LOAD_S, 30.0);
        return row;
    }

    Map<String, Object> run2(String campaign, String stack, int concurrency, int run, Object... extra) {
        return add(phase2, 2, campaign, stack, "get_item", concurrency, run, extra);
    }

    private Map<String, Object> add(List<Map<String, Object>> table, int phase, String campaign, String stack, String endpoint,
            int concurrency, int run, Object... extra) {
        Map<String, Object> row = new HashMap<>();
        row.put(RunColumns.CAMPAIGN, campaign);
        row.put(RunColumns.DEVICE, deviceOf.get(campaign));
        row.put(RunColumns.PHASE, phase);
        row.put(RunColumns.LINE, table.size() + 2);
        row.put(RunColumns.SEQ, nextSeq++);
        row.put(RunColumns.STACK, stack);
        row.put(RunColumns.ENDPOINT, endpoint);
        row.put(RunColumns.CONCURRENCY, concurrency);
        row.put(RunColumns.THREADS, 2);
        row.put(RunColumns.RUN, run);
        row.put(RunColumns.WARMUP, 0);
        row.put(RunColumns.STATUS, RunColumns.STATUS_OK);
        row.put(RunColumns.DURATION_S, 10.0);
        row.put(RunColumns.REQUESTS, 10000L);
        for (int i = 0; i < extra.length; i += 2) row.put((String) extra[i], extra[i + 1]);
        table.add(row);
        return row;
    }

    /**
     * A SYNTHETIC probe of the campaign's machine (data.md version 6): a cpu test of {@code cpu}
     * events/s and a memory test of {@code memory} MiB/s after run {@code afterSeq}.
     */
    SyntheticDataset probe(String campaign, long afterSeq, double cpu, double memory) {
        long seq = probes.stream().filter(p -> p.campaign().equals(campaign)).count() + 1;
        return probe(campaign, afterSeq, cpu, memory, "2026-12-07T10:" + String.format(java.util.Locale.ROOT, "%02d", seq) + ":00Z");
    }

    /** {@link #probe(String, long, double, double)} taken at {@code at} (ISO-8601 UTC). */
    SyntheticDataset probe(String campaign, long afterSeq, double cpu, double memory, String at) {
        long seq = probes.stream().filter(p -> p.campaign().equals(campaign)).count() + 1;
        probes.add(new dev.tpm.model.ProbeRow(campaign, seq, afterSeq, 1, dev.tpm.model.ProbeRow.CPU, cpu, 5, 0.0, at));
        probes.add(new dev.tpm.model.ProbeRow(campaign, seq + 1, afterSeq, 1, dev.tpm.model.ProbeRow.MEMORY, memory, 5, 0.0, at));
        return this;
    }

    Dataset build() {
        return build(null);
    }

    /** @param shuffle when not null, the rows of each run table in an order shuffled by it */
    Dataset build(Random shuffle) {
        return new Dataset(Path.of("synthetic-data"), config, mixes, campaigns, table("phase1", phase1, shuffle),
                table("phase2", phase2, shuffle), series, published, List.of(), List.of(), table("phase5", phase5, shuffle),
                List.of(), probes);
    }

    private static List<RunRecord> table(String name, List<Map<String, Object>> rows, Random shuffle) {
        List<Map<String, Object>> ordered = new ArrayList<>(rows);
        if (shuffle != null) java.util.Collections.shuffle(ordered, shuffle);
        List<RunRecord> out = new ArrayList<>();
        for (Map<String, Object> row : ordered) {
            Object[] v = new Object[RunColumns.CSV.size()];
            for (int c = 0; c < v.length; c++) v[c] = typed(RunColumns.CSV.get(c).type(), row.get(RunColumns.CSV.get(c).name()));
            out.add(new RunRecord((String) row.get(RunColumns.CAMPAIGN), (String) row.get(RunColumns.DEVICE),
                    ((Number) row.get(RunColumns.PHASE)).intValue(), ((Number) row.get(RunColumns.LINE)).longValue(),
                    RunRow.of(v)));
        }
        return out;
    }

    private static Object typed(RunColumns.Type type, Object v) {
        if (v == null) return null;
        return switch (type) {
            case DOUBLE -> ((Number) v).doubleValue();
            case LONG -> ((Number) v).longValue();
            case INTEGER -> ((Number) v).intValue();
            case STRING -> (String) v;
        };
    }
}
