package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * data.md version 6: a JSON null reads as the key's absence wherever the contract gives null no
 * meaning of its own. For every optional key of every schema, in every object of a shipped file the
 * schema describes, the file with that key set to null is valid and reads as the file without it.
 */
class NullAsAbsenceTest {
    /** The repository's root: the folder above the module that holds schema/. */
    static final Path ROOT = Stream.iterate(Path.of("").toAbsolutePath(), p -> p != null, Path::getParent)
            .filter(p -> Files.isDirectory(p.resolve("schema")) && Files.isDirectory(p.resolve("data"))).findFirst().orElseThrow();

    static Stream<Arguments> files() {
        return Stream.of(
                Arguments.of("campaign", "data/raw/2026-12-05-x86-vm-2c-f-pilot-v5/campaign.json"),
                Arguments.of("campaign", "data/raw/2026-12-02-x86-vm-2c-c-pilot-v3/campaign.json"),
                Arguments.of("campaign", "data/raw/2026-12-01-x86-vm-2c-node-pi/campaign.json"),
                Arguments.of("preset", "harness/presets/pilot-v5.json"),
                Arguments.of("preset", "harness/presets/pilot-v4.json"),
                Arguments.of("preset", "harness/presets/app-servers.json"),
                Arguments.of("analysis", "data/config/analysis.json"),
                Arguments.of("stack", "servers/go/stack.json"),
                Arguments.of("stack", "servers/python-1w/stack.json"),
                Arguments.of("memory-series", "data/raw/2026-12-01-x86-vm-2c-b-pilot-variants/phase3/java-jdk-get_item-2.json"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("files")
    void everyOptionalKeySetNullReadsAsItsAbsence(String format, String file) throws IOException {
        JsonNode original = JsonFile.MAPPER.readTree(ROOT.resolve(file).toFile());
        Problems valid = new Problems();
        assertTrue(JsonSchemas.check(original.deepCopy(), format, file, valid), valid.all().toString());
        JsonNode schema = JsonSchemas.tree(format);
        List<String[]> keys = JsonNulls.optionalKeys(original, schema, schema);
        assertTrue(keys.size() >= 3, file + ": " + keys.size() + " optional keys");
        List<String> failed = new ArrayList<>();
        for (String[] k : keys) {
            JsonNode withNull = original.deepCopy();
            ((ObjectNode) withNull.at(JsonPointer.compile(k[0]))).putNull(k[1]);
            JsonNode without = original.deepCopy();
            ((ObjectNode) without.at(JsonPointer.compile(k[0]))).remove(k[1]);
            Problems p = new Problems();
            JsonSchemas.check(withNull, format, file, p);
            Problems q = new Problems();
            JsonSchemas.check(without, format, file, q);
            if (!p.all().toString().equals(q.all().toString()) || !withNull.equals(without)) {
                failed.add(k[0] + " " + k[1] + ": " + p.all());
            }
        }
        assertEquals(List.of(), failed);
    }

    @Test
    void aNullRuntimeBytesReadsAsNone(@TempDir Path data) throws IOException {
        String id = "2026-12-05-x86-vm-2c-f-pilot-v5";
        ObjectNode c = (ObjectNode) JsonFile.MAPPER.readTree(ROOT.resolve("data/raw/" + id + "/campaign.json").toFile());
        ((ObjectNode) c.get("stacks").get(0)).putNull("runtime_bytes");
        Files.createDirectories(data.resolve("raw/" + id));
        Files.writeString(data.resolve("raw/" + id + "/campaign.json"), c.toPrettyString());
        Problems p = new Problems();
        CampaignJson.Read r = CampaignJson.read(data, id, p);
        assertEquals(List.of(), p.all());
        assertEquals(null, r.campaign().stacks().get(0).runtimeBytes());
    }

    @Test
    void aRequiredKeySetNullIsStillBadInput() throws IOException {
        Problems p = new Problems();
        JsonSchemas.check(JsonFile.MAPPER.readTree("{\"stack\": null, \"endpoint\": \"get_item\", \"run\": 1,"
                + " \"started_at\": \"2026-12-01T11:00:00.000Z\", \"samples\": [{\"t_ms\": 0, \"rss_kib\": 1}]}"), "memory-series", "f.json", p);
        assertEquals(List.of("f.json $.stack: expected a non-empty string, found null"),
                p.all().stream().map(Problem::toString).toList());
    }

    @Test
    void aNullMaxStealShareKeepsItsMeaning() throws IOException {
        JsonNode preset = JsonFile.MAPPER.readTree(ROOT.resolve("harness/presets/smoke.json").toFile());
        assertTrue(preset.has("max_steal_share") && preset.get("max_steal_share").isNull());
        JsonSchemas.check(preset, "preset", "smoke.json", new Problems());
        assertTrue(preset.has("max_steal_share"), "null turns the quiet gate and the steal rule off: it is kept");
    }
}
