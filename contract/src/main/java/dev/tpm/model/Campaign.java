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
    public Campaign {
        stacks = List.copyOf(stacks);
    }
}
