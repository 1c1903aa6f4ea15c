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

    /**
     * Asserts that two presets record the same value for each of {@code keys} of campaign.json's
     * protocol (a preset keyed like another, so that their groups pool as units of one model).
     */
    public static void assertSameKeys(Preset expected, Preset actual, String... keys) {
        ObjectNode a = of(expected);
        ObjectNode b = of(actual);
        for (String k : keys) {
            org.junit.jupiter.api.Assertions.assertEquals(a.get(k), b.get(k), k + " of " + actual.name() + " and " + expected.name());
        }
    }

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
