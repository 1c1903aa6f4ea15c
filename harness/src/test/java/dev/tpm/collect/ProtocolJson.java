package dev.tpm.collect;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.codec.CampaignJson;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.Preset;
import dev.tpm.model.StackInfo;
import java.io.UncheckedIOException;
import java.util.List;

/** A preset's protocol as campaign.json records it, written by the contract's codec (for tests of the JSON text). */
public final class ProtocolJson {
    private ProtocolJson() {}

    public static ObjectNode of(Preset p) {
        Campaign c = Campaign.of("c", null, Device.of("d", null, null, null, null, null, null, null, null, null, null, null,
                null, null), null, p.protocol(), List.of(new StackInfo("s", null, null, null, null)));
        try {
            return (ObjectNode) new ObjectMapper().readTree(CampaignJson.text(c)).get("protocol");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
