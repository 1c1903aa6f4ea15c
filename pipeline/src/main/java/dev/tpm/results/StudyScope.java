package dev.tpm.results;

import dev.tpm.model.Campaign;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.StackInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the results hold of one seed study (studies.md): its campaigns (excluded ones too), their
 * devices and stacks, its rows of loadgen_summary.csv (analysis.md 8, phase 1) and its memory series;
 * built by the analysis (analysis/StudyScopes).
 *
 * @param campaigns the study's campaigns, in id order
 * @param devices device ids of those campaigns, in id order
 * @param stacks stack ids in order of first appearance in the campaigns' stacks lists
 * @param rows loadgen_summary rows of the study's phase 1
 * @param series the phase-3 memory series of the study's campaigns, by file
 */
public record StudyScope(String study, List<Campaign> campaigns, List<String> devices, List<String> stacks,
        List<LoadgenSummary> rows, List<MemorySeries> series) {

    public StudyScope {
        campaigns = List.copyOf(campaigns);
        devices = List.copyOf(devices);
        stacks = List.copyOf(stacks);
        rows = List.copyOf(rows);
        series = List.copyOf(series);
    }

    /** A study without campaigns. */
    public static StudyScope empty(String study) {
        return new StudyScope(study, List.of(), List.of(), List.of(), List.of(), List.of());
    }

    public boolean present() {
        return !campaigns.isEmpty();
    }

    /** "pi4-a (Raspberry Pi 4 Model B; campaigns a, b); x86 (campaign c)": what a caption names. */
    public String describe() {
        Map<String, List<String>> byDevice = new LinkedHashMap<>();
        for (String d : devices) byDevice.put(d, new ArrayList<>());
        for (Campaign c : campaigns) byDevice.get(c.device().id()).add(c.id());
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : byDevice.entrySet()) {
            String model = deviceModel(e.getKey());
            parts.add(e.getKey() + " (" + (model == null ? "" : model + "; ") + (e.getValue().size() == 1 ? "campaign " : "campaigns ")
                    + String.join(", ", e.getValue()) + ")");
        }
        return String.join("; ", parts);
    }

    /** "pi4-a (campaigns a, b); x86 (campaign c)": the same without the models, for figure titles. */
    public String describeShort() {
        List<String> parts = new ArrayList<>();
        for (String d : devices) {
            List<String> ids = campaigns.stream().filter(c -> c.device().id().equals(d)).map(Campaign::id).toList();
            parts.add(d + " (" + (ids.size() == 1 ? "campaign " : "campaigns ") + String.join(", ", ids) + ")");
        }
        return String.join("; ", parts);
    }

    /** The device's model as its first campaign of this study records it, or null. */
    public String deviceModel(String device) {
        return campaigns.stream().filter(c -> c.device().id().equals(device)).map(c -> c.device().model())
                .filter(m -> m != null && !m.isBlank()).findFirst().orElse(null);
    }

    /** The stack's entry in the first campaign of this study that lists it. */
    public Optional<StackInfo> stackInfo(String stack) {
        for (Campaign c : campaigns) {
            for (StackInfo s : c.stacks()) if (s.id().equals(stack)) return Optional.of(s);
        }
        return Optional.empty();
    }

    /** A value of the stack's {@code versions} object in campaign.json (data.md version 2), or null. */
    public String version(String stack, String key) {
        for (Campaign c : campaigns) {
            for (StackInfo s : c.stacks()) {
                if (stack.equals(s.id()) && s.version(key) != null) return s.version(key);
            }
        }
        return null;
    }

    /** The group of (device, stack, endpoint, concurrency), if measured. */
    public Optional<LoadgenSummary> row(String device, String stack, String endpoint, int concurrency) {
        return rows.stream().filter(x -> x.device().equals(device) && x.stack().equals(stack) && x.endpoint().equals(endpoint)
                && x.concurrency() == concurrency).findFirst();
    }

    /**
     * The slowest group of the device's endpoint at concurrency c, as the analysis named it
     * ({@link LoadgenSummary#slowestStack}): the denominator of ratio_to_slowest.
     */
    public Optional<LoadgenSummary> slowest(String device, String endpoint, int concurrency) {
        return rows.stream().filter(x -> x.device().equals(device) && x.endpoint().equals(endpoint)
                && x.concurrency() == concurrency && x.slowestStack() != null).findFirst()
                .flatMap(x -> row(device, x.slowestStack(), endpoint, concurrency));
    }

    /** The coarsest latency resolution of the load generators of the device's campaigns in this study. */
    public LatencyResolution latencyResolution(String device) {
        return LatencyResolution.coarsest(campaigns.stream().filter(c -> c.device().id().equals(device))
                .map(c -> LoadGenerator.of(c.loadGenerator()).latencyResolution()).toList());
    }

    /** The coarsest latency resolution of every campaign of this study (for a table's note). */
    public LatencyResolution latencyResolution() {
        return LatencyResolution.coarsest(campaigns.stream().map(c -> LoadGenerator.of(c.loadGenerator()).latencyResolution()).toList());
    }

    /** Whether any campaign of this study was imported from saved outputs. */
    public boolean imported() {
        return campaigns.stream().anyMatch(c -> c.loadGenerator() != null && c.loadGenerator().isImported());
    }
}
