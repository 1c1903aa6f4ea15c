package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.model.Campaign;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** campaign.json of every version: the shipped campaigns, the version-4 keys and their rules. */
class CampaignJsonTest {
    /** The repository's data folder (tests run in the repository's root). */
    static final Path DATA = Path.of("data");

    private static Campaign parse(String text, Problems problems) {
        return CampaignJson.parse(text, "c", "raw/c/campaign.json", problems).campaign();
    }

    @Test
    void everyShippedCampaignReadsAndWritesBackByteForByte() throws IOException {
        List<Path> folders;
        try (Stream<Path> s = Files.list(DATA.resolve("raw"))) {
            folders = s.filter(Files::isDirectory).sorted().toList();
        }
        assertTrue(folders.size() >= 11, folders.toString());
        for (Path f : folders) {
            String folder = f.getFileName().toString();
            Problems problems = new Problems();
            Campaign c = CampaignJson.read(DATA, folder, problems).campaign();
            assertEquals(List.of(), problems.all(), folder);
            String file = Files.readString(f.resolve(CampaignJson.FILE_NAME), StandardCharsets.UTF_8);
            assertEquals(file, CampaignJson.text(c), folder);
        }
    }

    @Test
    void versionFourKeysAreCarried() {
        String text = """
                {"campaign": "c", "device": {"id": "vm-a", "model_id": "x86-vm-2c"},
                 "machine": {"machine_id": "m", "hardware_id": "dmi-uuid:1234"},
                 "protocol": {"runs": 5, "phase4": {"endpoints": ["get_item"], "offered_rps": [500],
                   "search": {"factor": 1.25, "max_fraction": 3.0}},
                   "phase5": {"endpoints": ["get_item", "post_item"], "prior_load_s": 30, "runs": 5, "warmups": 0,
                   "duration_s": 10, "concurrency": 30}},
                 "stacks": [{"id": "go", "artifact_bytes": 100, "runtime_bytes": 2000}]}
                """;
        Problems problems = new Problems();
        Campaign c = parse(text, problems);
        assertEquals(List.of(), problems.all());
        assertEquals("x86-vm-2c", c.device().modelId());
        assertEquals("dmi-uuid:1234", c.machine().hardwareId());
        assertEquals(new Protocol.Search(1.25, 3.0), c.protocol().phase4().search());
        assertEquals(new Protocol.Phase5(List.of("get_item", "post_item"), 30.0, 5, 0, 10.0, 30), c.protocol().phase5());
        assertEquals(2000L, c.stacks().get(0).runtimeBytes());
        assertEquals(c, parse(CampaignJson.text(c), new Problems()));
    }

    @Test
    void badVersionFourValuesAreReportedAtTheirJsonPath() {
        String text = """
                {"campaign": "c", "device": {"id": "vm-a", "model_id": "a b"},
                 "machine": {"hardware_id": "serial 12"},
                 "protocol": {"phase4": {"search": {"factor": 1.0, "max_fraction": 0}},
                   "phase5": {"prior_load_s": 0, "concurrency": 0}},
                 "stacks": [{"id": "go", "runtime_bytes": -1}]}
                """;
        Problems problems = new Problems();
        assertNull(parse(text, problems));
        String all = problems.all().toString();
        for (String path : List.of("$.device.model_id", "$.machine.hardware_id", "$.protocol.phase4.search.factor",
                "$.protocol.phase4.search.max_fraction", "$.protocol.phase5.prior_load_s", "$.protocol.phase5.concurrency",
                "$.stacks[0].runtime_bytes")) {
            assertTrue(all.contains(path), path + " in " + all);
        }
        assertEquals(7, problems.size(), all);
    }

    @Test
    void unknownKeysAreKeptAndWrittenBack() {
        String text = "{\"campaign\": \"c\", \"device\": {\"id\": \"d\", \"colour\": \"red\"}, \"notes\": [1, \"two\"],"
                + " \"protocol\": {\"runs\": 3, \"custom\": {\"a\": true}}, \"stacks\": [{\"id\": \"go\", \"x\": 1.5}]}";
        Campaign c = parse(text, new Problems());
        assertNotNull(c);
        assertEquals("red", c.device().extra().get("colour"));
        assertEquals(c, parse(CampaignJson.text(c), new Problems()));
        assertTrue(CampaignJson.text(c).contains("\"custom\" : {"), CampaignJson.text(c));
    }

    @Test
    void unknownKeysKeepTheFilesOrderAtEveryLevel() {
        String text = "{\"campaign\": \"c\", \"zeta\": 1, \"alpha\": 2, \"note\": \"n\", \"device\": {\"id\": \"d\", \"z\": 1,"
                + " \"a\": 2}, \"protocol\": {\"y\": 1, \"b\": 2}, \"stacks\": [{\"id\": \"go\", \"q\": 1, \"b\": 2}]}";
        Campaign c = parse(text, new Problems());
        assertEquals(List.of("zeta", "alpha", "note"), List.copyOf(c.extra().keySet()));
        assertEquals(List.of("z", "a"), List.copyOf(c.device().extra().keySet()));
        assertEquals(List.of("y", "b"), List.copyOf(c.protocol().extra().keySet()));
        assertEquals(List.of("q", "b"), List.copyOf(c.stacks().get(0).extra().keySet()));
        assertEquals(List.of("y", "b"), List.copyOf(parse(CampaignJson.text(c), new Problems()).protocol().extra().keySet()));
    }

    @Test
    void setupFieldsAreTheFilesOwnText() {
        String text = "{\"campaign\": \"c\", \"device\": {\"id\": \"d\"}, \"load_generator\": {\"tool\": \"wrk\", \"timeout_s\": 30},"
                + " \"protocol\": {\"runs\": 3, \"cooldown_s\": 2.0, \"sweep\": {\"endpoint\": \"get_item\", \"concurrency\": [30, 60]}},"
                + " \"machine\": {\"machine_id\": \"m\"}, \"stacks\": [{\"id\": \"go\"}]}";
        Campaign c = parse(text, new Problems());
        assertEquals(List.of(new CampaignJson.Field("load_generator.tool", "wrk"),
                new CampaignJson.Field("load_generator.timeout_s", "30"), new CampaignJson.Field("protocol.runs", "3"),
                new CampaignJson.Field("protocol.cooldown_s", "2.0"),
                new CampaignJson.Field("protocol.sweep", "{\"endpoint\":\"get_item\",\"concurrency\":[30,60]}"),
                new CampaignJson.Field("machine", "{\"machine_id\":\"m\"}")), CampaignJson.setupFields(c));
    }
}
