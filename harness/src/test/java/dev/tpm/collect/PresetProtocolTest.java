package dev.tpm.collect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.Problems;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.Endpoints;
import dev.tpm.model.Preset;
import dev.tpm.model.StackInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The protocol a preset gives campaign.json: the same JSON for every shipped preset as when the
 * preset was a record of its own (a campaign started then resumes, CampaignJsonWriter comparing
 * the protocols as records), and read back from campaign.json as the very record.
 */
class PresetProtocolTest {
    /**
     * Each shipped preset's campaign.json protocol as compact JSON, one "file TAB json" line each,
     * written before the preset held a contract Protocol; an {@code auto} preset also with the
     * DELETE size a campaign measured ("file+123000").
     */
    private static Map<String, String> before() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        try (var in = PresetProtocolTest.class.getResourceAsStream("/presets/campaign-protocols.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String[] kv = line.split("\t", 2);
                out.put(kv[0], kv[1]);
            }
        }
        return out;
    }

    private static List<Path> shipped() throws IOException {
        try (var s = Files.list(PresetTest.PRESETS)) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void everyShippedPresetRecordsTheProtocolItRecordedBefore() throws IOException {
        Map<String, String> before = before();
        List<String> seen = new ArrayList<>();
        for (Path f : shipped()) {
            String name = f.getFileName().toString();
            Preset p = Presets.load(f);
            assertEquals(before.get(name), CampaignJson.compact(p.protocol()), name);
            seen.add(name);
            if (p.seedRowsFor(Endpoints.DELETE_ITEM) == Preset.AUTO) {
                assertEquals(before.get(name + "+123000"), CampaignJson.compact(p.withSeedRowsDelete(123_000).protocol()), name);
                seen.add(name + "+123000");
            }
        }
        assertEquals(List.copyOf(before.keySet()), seen, "a line for every shipped preset, and a preset for every line");
    }

    @Test
    void everyShippedPresetsProtocolIsReadBackFromCampaignJsonAsTheSameRecord(@TempDir Path data) throws IOException {
        for (Path f : shipped()) {
            Preset p = Presets.load(f);
            String id = "c-" + p.name();
            Campaign c = Campaign.of(id, p.study(), Device.of("d", null, null, null, null, null, null, null, null, null, null,
                    null, null, null), null, p.protocol(), List.of(new StackInfo("s", null, null, null, null)));
            Path dir = Files.createDirectories(data.resolve("raw").resolve(id));
            CampaignJson.write(dir.resolve(CampaignJson.FILE_NAME), c);
            Problems problems = new Problems();
            CampaignJson.Read read = CampaignJson.read(data, id, problems);
            assertEquals(List.of(), problems.all(), p.name());
            assertEquals(p.protocol(), read.campaign().protocol(), p.name());
            assertTrue(p.protocol().equals(read.campaign().protocol().toBuilder().build()), p.name());
        }
    }
}
