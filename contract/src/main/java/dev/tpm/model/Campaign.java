package dev.tpm.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One campaign folder under data/raw/: its campaign.json.
 *
 * @param folder folder name under data/raw/
 * @param protocol the {@code protocol} object as read (preset, runs, rng_seed, ...), kept whole
 * @param loadGenerator the {@code load_generator} object as read, kept whole
 * @param json the whole campaign.json, unknown keys included
 */
public record Campaign(
        String id,
        String folder,
        Device device,
        JsonNode loadGenerator,
        JsonNode protocol,
        List<StackInfo> stacks,
        JsonNode json) {
    /** The study of a campaign.json without {@code study} (data.md): the paper's CRUD protocol. */
    public static final String PAPER = "paper";

    public Campaign {
        stacks = List.copyOf(stacks);
    }

    /** campaign.json's {@code study}, {@link #PAPER} when absent (ingest checks that it is a non-empty string). */
    public String study() {
        JsonNode s = json == null ? null : json.get("study");
        return s == null || s.isNull() ? PAPER : s.asText();
    }

    /**
     * campaign.json's {@code device.model_id} (data.md version 4): the model of which the device is
     * one unit; null when not recorded. The one place the field is read.
     */
    public String modelId() {
        JsonNode m = json == null ? null : json.path("device").get("model_id");
        return m == null || m.isNull() ? null : m.asText();
    }

    /** Whether this campaign enters analysis.md sections 1-7. */
    public boolean isPaper() {
        return PAPER.equals(study());
    }
}
