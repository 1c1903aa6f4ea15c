package dev.tpm.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.Protocol;
import dev.tpm.model.StackInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * raw/&lt;campaign&gt;/campaign.json (data.md; schema/campaign.schema.json), both ways: {@link #write}
 * of a {@link Campaign} when the harness starts a campaign, {@link #read} by ingest and by the harness
 * when it resumes one. The schema holds every key's rule and the records (annotated) say how each key
 * is bound and written; keys the contract does not know are kept (each record's {@code extra}) and
 * written back. Only the rules across keys or files are here: the campaign is its folder's, each
 * stack listed once.
 */
public final class CampaignJson {
    public static final String FILE_NAME = "campaign.json";
    static final String FORMAT = "campaign";
    /**
     * Binds and writes the records: snake_case keys; a key of a nested object that no record
     * holds (the schema allows them: data.md keeps unknown keys) is passed over, as before.
     */
    private static final ObjectMapper MAPPER = JsonFile.BIND.copy()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    /** campaign.json is written indented, for a reader of the data folder. */
    private static final ObjectMapper INDENTED = MAPPER.copy().enable(SerializationFeature.INDENT_OUTPUT);

    public static final List<String> POWER_SOURCES = JsonSchemas.enumeration(FORMAT, "/$defs/device/properties/power_source");
    /** data.md version 4: the sources a {@code machine.hardware_id} is prefixed with. */
    public static final List<String> HARDWARE_ID_SOURCES = List.of("dt-serial:", "dmi-uuid:", "mac:");
    /** {@code machine.hardware_id} (data.md version 4): its source's prefix, then the source's value (the schema's pattern). */
    public static final Pattern HARDWARE_ID = JsonSchemas.pattern(FORMAT, "/properties/machine/properties/hardware_id");
    /**
     * {@code machine.cpu_id} (data.md version 5): {@code x86:} or {@code arm:} and four fields of
     * /proc/cpuinfo as it gives them (vendor, family, model, stepping; implementer, part, variant,
     * revision), none empty and none holding a colon (the schema's pattern).
     */
    public static final Pattern CPU_ID = JsonSchemas.pattern(FORMAT, "/properties/machine/properties/cpu_id");
    private static final Pattern MAC_ID = Pattern.compile("mac:([0-9a-f]{2})(:[0-9a-f]{2}){5}");

    /**
     * Whether a {@code hardware_id} is a locally administered MAC address (bit 0x02 of the first
     * octet set): one a VM manager or a driver chose rather than the maker, and a VM manager may
     * give every VM the same one, so it may not tell two VMs apart.
     */
    public static boolean isLocallyAdministeredMac(String hardwareId) {
        var m = hardwareId == null ? null : MAC_ID.matcher(hardwareId);
        return m != null && m.matches() && (Integer.parseInt(m.group(1), 16) & 0x02) != 0;
    }

    /**
     * Ids of stacks and devices become folder and file names of the outputs: a letter or digit
     * first, then letters, digits, {@code . _ + -}.
     */
    public static final Pattern ID = JsonSchemas.pattern(FORMAT, "/$defs/id");

    /**
     * What could be read, even from a campaign.json with problems.
     *
     * @param campaign null when the file has problems
     * @param stackIds the stacks listed, null when the list itself is unusable (rows are then not
     *     checked against it)
     */
    public record Read(Campaign campaign, String deviceId, Set<String> stackIds, String study) {
        /** Whether the campaign follows the paper's CRUD protocol (a bad or absent study reads as paper). */
        public boolean isPaper() {
            return Campaign.PAPER.equals(study);
        }
    }

    /**
     * One field of a campaign.json object as the file records it: a string as itself, anything
     * else as compact JSON (e.g. {@code protocol.sweep} -> {@code {"endpoint":"get_item",...}}).
     */
    public record Field(String key, String value) {}

    private CampaignJson() {}

    // ---------------------------------------------------------------------------------- write

    /** Writes a campaign's campaign.json atomically: the object as indented JSON and a newline. */
    public static void write(Path file, Campaign campaign) throws IOException {
        AtomicFile.write(file, text(campaign));
    }

    /** The campaign.json text of {@code campaign}: what {@link #write} writes. */
    public static String text(Campaign campaign) {
        try {
            return INDENTED.writeValueAsString(campaign) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The fields of {@code load_generator} and of {@code protocol}, prefixed with their key, then
     * the other top-level keys that are neither the campaign's id, study, device nor stacks (the
     * machine, unknown keys): what a reader of the file sees of its setup, in the file's order.
     */
    public static List<Field> setupFields(Campaign c) {
        JsonNode t = MAPPER.valueToTree(c);
        List<Field> out = new ArrayList<>();
        for (String key : List.of("load_generator", "protocol")) {
            JsonNode n = t.get(key);
            if (n == null) continue;
            for (Map.Entry<String, JsonNode> e : n.properties()) out.add(new Field(key + "." + e.getKey(), compact(e.getValue())));
        }
        for (Map.Entry<String, JsonNode> e : t.properties()) {
            if (!Set.of("campaign", "study", "device", "load_generator", "protocol", "stacks").contains(e.getKey())) {
                out.add(new Field(e.getKey(), compact(e.getValue())));
            }
        }
        return out;
    }

    /** The protocol as compact JSON, as campaign.json records it (for a message that shows it). */
    /**
     * A part of campaign.json (a record such as {@code Machine}) as the file records it: its keys in
     * the file's order, the keys it does not record left out, its extra keys included.
     */
    public static java.util.Map<String, Object> keys(Object part) {
        if (part == null) return new java.util.LinkedHashMap<>();
        return MAPPER.convertValue(part, new com.fasterxml.jackson.core.type.TypeReference<java.util.LinkedHashMap<String, Object>>() {});
    }

    public static String compact(Protocol p) {
        return p == null ? "nothing" : compact((JsonNode) MAPPER.valueToTree(p));
    }

    /** A string as itself, anything else as compact JSON. */
    private static String compact(JsonNode v) {
        if (v.isTextual()) return v.textValue();
        try {
            return MAPPER.writeValueAsString(v);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    // ----------------------------------------------------------------------------------- read

    /**
     * Reads and checks data/raw/&lt;folder&gt;/campaign.json; problems name the file and JSON path.
     */
    public static Read read(Path dataDir, String folder, Problems problems) {
        String file = "raw/" + folder + "/" + FILE_NAME;
        Path path = dataDir.resolve(file);
        if (!Files.isRegularFile(path)) {
            problems.atFile(file, "the campaign's description (spec/data.md, campaign.json)", "no such file");
            return new Read(null, null, null, Campaign.PAPER);
        }
        JsonFile json = JsonFile.read(path, file, problems);
        if (json == null) return new Read(null, null, null, Campaign.PAPER);
        return read(json.root, folder, file, problems);
    }

    /** The campaign of a campaign.json text (a test's, or one not yet on disk), checked with the same rules. */
    public static Read parse(String text, String folder, String file, Problems problems) {
        JsonNode root = JsonFile.parse(text, file, "a JSON object", problems);
        if (root == null) return new Read(null, null, null, Campaign.PAPER);
        if (!root.isObject()) {
            problems.atJson(file, "$", "a JSON object", JsonFile.describe(root));
            return new Read(null, null, null, Campaign.PAPER);
        }
        return read(root, folder, file, problems);
    }

    /**
     * The schema, then the rules across keys; the campaign bound only when the file has no problem.
     * The device id, the stack ids and the study are read from what is usable even then, so that
     * the run files can still be checked against them.
     */
    private static Read read(JsonNode root, String folder, String file, Problems problems) {
        int before = problems.size();
        JsonSchemas.check(root, FORMAT, file, problems);
        JsonNode id = root.path("campaign");
        if (id.isTextual() && !id.asText().equals(folder)) {
            problems.atJson(file, "$.campaign", "the campaign's folder name '" + folder + "'", Problem.quote(id.asText()));
        }
        Set<String> stackIds = stackIds(root.get("stacks"), file, "$.stacks", problems);
        String deviceId = usableId(root.path("device").path("id"));
        String study = usableId(root.path("study"));
        String studyRead = study == null ? Campaign.PAPER : study;
        if (problems.size() > before) return new Read(null, deviceId, stackIds, studyRead);
        Campaign c = ExtrasInFileOrder.apply(JsonFile.bind(MAPPER, root, Campaign.class, file), root);
        c = new Campaign(c.id(), folder, c.study(), c.device(), c.machine(), c.loadGenerator(), c.protocol(), c.stacks(),
                c.extra());
        return new Read(c, deviceId, stackIds, studyRead);
    }

    private static String usableId(JsonNode n) {
        return n.isTextual() && ID.matcher(n.asText()).matches() ? n.asText() : null;
    }

    /** The ids of a stacks array, each listed once (a problem where one is again); null when the array is unusable. */
    private static Set<String> stackIds(JsonNode stacks, String file, String at, Problems problems) {
        if (stacks == null || !stacks.isArray() || stacks.isEmpty()) return null;
        Set<String> ids = new LinkedHashSet<>();
        for (int i = 0; i < stacks.size(); i++) {
            String sid = usableId(stacks.get(i).path("id"));
            if (sid != null && !ids.add(sid)) {
                problems.atJson(file, at + "[" + i + "].id", "each stack listed once", "'" + sid + "' again");
            }
        }
        return ids;
    }

    /**
     * A device object on its own ({@code tpm import --device-json}), checked with the rules of
     * campaign.json's {@code device}, its paths from {@code $}; null when it has problems.
     */
    public static Device parseDevice(String text, String file, Problems problems) {
        JsonNode root = JsonFile.parse(text, file, "the device object", problems);
        if (root == null) return null;
        if (!root.isObject()) {
            problems.atJson(file, "$", "the device object", JsonFile.describe(root));
            return null;
        }
        if (!JsonSchemas.check(root, FORMAT, "/$defs/device", file, problems)) return null;
        return ExtrasInFileOrder.apply(JsonFile.bind(MAPPER, root, Device.class, file), root);
    }

    /**
     * A stacks array on its own ({@code tpm import --stacks-json}), checked with the rules of
     * campaign.json's {@code stacks}, its paths from {@code $}; null when it has problems.
     */
    public static List<StackInfo> parseStacks(String text, String file, Problems problems) {
        JsonNode root = JsonFile.parse(text, file, "an array of stacks", problems);
        if (root == null) return null;
        int before = problems.size();
        JsonSchemas.check(root, FORMAT, "/$defs/stacks", file, problems);
        stackIds(root, file, "$", problems);
        if (problems.size() > before) return null;
        StackInfo[] stacks = JsonFile.bind(MAPPER, root, StackInfo[].class, file);
        List<StackInfo> out = new ArrayList<>();
        for (int i = 0; i < stacks.length; i++) out.add(ExtrasInFileOrder.apply(stacks[i], root.get(i)));
        return out;
    }
}
