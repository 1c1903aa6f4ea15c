package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tpm.model.Machine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The resume check compares every key the machine record binds, its extra keys too, none by a hand list. */
class CampaignJsonWriterTest {
    private static final Path FILE = Path.of("raw/c/campaign.json");

    @Test
    void everyRecordedMachineKeyIsCompared() {
        Machine m = new Machine("id", "6.1 #1", "EPYC", 8_000_000L, "dmi-uuid:1", "x86:AuthenticAMD:25:17:1", Map.of("numa", 1));
        assertDoesNotThrow(() -> CampaignJsonWriter.requireSameMachine(FILE, m, m));
        IOException cpu = assertThrows(IOException.class, () -> CampaignJsonWriter.requireSameMachine(FILE, m,
                new Machine("id", "6.1 #1", "EPYC", 8_000_000L, "dmi-uuid:1", "x86:AuthenticAMD:25:1:1", Map.of("numa", 1))));
        assertEquals(true, cpu.getMessage().contains("cpu_id \"x86:AuthenticAMD:25:17:1\" there, \"x86:AuthenticAMD:25:1:1\" here"),
                cpu.getMessage());
        IOException extra = assertThrows(IOException.class, () -> CampaignJsonWriter.requireSameMachine(FILE, m,
                new Machine("id", "6.1 #1", "EPYC", 8_000_000L, "dmi-uuid:1", "x86:AuthenticAMD:25:17:1", Map.of("numa", 2))));
        assertEquals(true, extra.getMessage().contains("numa 1 there, 2 here"), extra.getMessage());
    }

    @Test
    void aKeyTheCampaignDidNotRecordIsNotCompared() {
        Machine old = new Machine("id", "6.1 #1", null, null, null, null, Map.of());
        assertDoesNotThrow(() -> CampaignJsonWriter.requireSameMachine(FILE, old,
                new Machine("id", "6.1 #1", "EPYC", 8_000_000L, "dmi-uuid:1", "x86:AuthenticAMD:25:17:1", Map.of())));
    }
}
