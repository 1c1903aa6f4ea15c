package dev.tpm.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.Problems;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.StackInfo;
import java.util.List;

/**
 * A campaign of a test: its device and stacks typed, the rest written as campaign.json's objects
 * and read with the contract's codec (so that a test's campaign passes the same rules as a file).
 */
public final class Campaigns {
    private Campaigns() {}

    /**
     * @param loadGenerator campaign.json's {@code load_generator}, or null
     * @param protocol campaign.json's {@code protocol}, or null
     * @param json further top-level keys ({@code study}, {@code machine}, ...), or null
     */
    public static Campaign of(String id, Device device, JsonNode loadGenerator, JsonNode protocol, List<StackInfo> stacks,
            JsonNode json) {
        ObjectNode root = json == null ? JsonNodeFactory.instance.objectNode() : ((ObjectNode) json).deepCopy();
        root.put("campaign", id);
        root.putObject("device").put("id", device.id());
        if (loadGenerator != null) root.set("load_generator", loadGenerator);
        if (protocol != null) root.set("protocol", protocol);
        root.remove("stacks");
        root.putArray("stacks").addObject().put("id", "any");
        Problems problems = new Problems();
        Campaign c = CampaignJson.parse(root.toString(), id, "raw/" + id + "/campaign.json", problems).campaign();
        if (!problems.isEmpty()) throw new IllegalArgumentException(problems.all().toString());
        return new Campaign(id, id, c.study(), device, c.machine(), c.loadGenerator(), c.protocol(), stacks, c.extra());
    }
}
