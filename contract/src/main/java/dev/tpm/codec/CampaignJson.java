package dev.tpm.codec;


import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.StackInfo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * raw/&lt;campaign&gt;/campaign.json (data.md): written by the harness when a campaign starts, read
 * with every rule of data.md by ingest and by the harness when it resumes the campaign.
 */
public final class CampaignJson {
    public static final String FILE_NAME = "campaign.json";
    /** campaign.json is written indented, for a reader of the data folder. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public static final List<String> POWER_SOURCES = List.of("pmic", "rapl", "none");

    /**
     * Ids of stacks and devices become folder and file names of the outputs: a letter or digit
     * first, then letters, digits, {@code . _ + -}.
     */
    public static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");

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

    private CampaignJson() {}

    /** Writes a campaign's campaign.json atomically: the object as JSON and a newline. */
    public static void write(Path file, ObjectNode campaign) throws java.io.IOException {
        AtomicFile.write(file, JSON.writeValueAsString(campaign) + "\n");
    }

    /**
     * Reads and checks data/raw/&lt;folder&gt;/campaign.json; problems name the file and JSON path.
     */
    public static Read read(Path dataDir, String folder, Problems problems) {
        String file = "raw/" + folder + "/campaign.json";
        Path path = dataDir.resolve(file);
        if (!java.nio.file.Files.isRegularFile(path)) {
            problems.atFile(file, "the campaign's description (spec/data.md, campaign.json)", "no such file");
            return new Read(null, null, null, Campaign.PAPER);
        }
        int before = problems.size();
        JsonFile json = JsonFile.read(path, file, problems);
        if (json == null) return new Read(null, null, null, Campaign.PAPER);
        JsonNode r = json.root;

        String id = json.string(r, "$", "campaign", true);
        if (id != null && !id.equals(folder)) {
            json.problem("$.campaign", "the campaign's folder name '" + folder + "'", Problem.quote(id));
        }

        Device device = null;
        String deviceId = null;
        JsonNode d = r.get("device");
        if (d == null || !d.isObject()) {
            json.problem("$.device", "an object with at least an id", JsonFile.describe(d));
        } else {
            deviceId = json.string(d, "$.device", "id", true);
            if (deviceId != null && !ID.matcher(deviceId).matches()) {
                json.problem("$.device.id", "an id of letters, digits, '.', '_', '+', '-' (it names output folders)",
                        Problem.quote(deviceId));
                deviceId = null;
            }
            String modelId = json.string(d, "$.device", "model_id", false); // data.md v4; Campaign.modelId() reads it
            if (modelId != null && !ID.matcher(modelId).matches()) {
                json.problem("$.device.model_id", "a model id of letters, digits, '.', '_', '+', '-'", Problem.quote(modelId));
            }
            device = new Device(
                    deviceId,
                    json.string(d, "$.device", "model", false),
                    json.string(d, "$.device", "cpu", false),
                    json.intField(d, "$.device", "cores", false, 1),
                    json.integer(d, "$.device", "memory_mib", false, 1),
                    json.string(d, "$.device", "arch", false),
                    json.string(d, "$.device", "os", false),
                    json.string(d, "$.device", "kernel", false),
                    json.string(d, "$.device", "firmware", false),
                    json.string(d, "$.device", "bootloader", false),
                    json.string(d, "$.device", "pmic", false),
                    json.string(d, "$.device", "cpu_governor", false),
                    json.intField(d, "$.device", "page_size", false, 1),
                    json.oneOf(d, "$.device", "power_source", false, POWER_SOURCES));
        }

        String study = Campaign.PAPER;
        JsonNode st0 = r.get("study");
        if (st0 != null) {
            if (!st0.isTextual() || !ID.matcher(st0.asText()).matches()) {
                json.problem("$.study", "a study id such as paper, hello-blog, app-servers or node-pi", JsonFile.describe(st0));
            } else {
                study = st0.asText();
            }
        }

        for (String key : List.of("load_generator", "protocol")) {
            JsonNode n = r.get(key);
            if (n != null && !n.isObject()) json.problem("$." + key, "an object", JsonFile.describe(n));
        }
        JsonNode lg = r.get("load_generator");
        if (lg != null && lg.isObject()) {
            json.string(lg, "$.load_generator", "cpus", false);
            json.number(lg, "$.load_generator", "timeout_s", false, 0, Double.MAX_VALUE, true, "a time-out in seconds > 0");
            JsonNode imported = lg.get("imported");
            if (imported != null && !imported.isBoolean()) {
                json.problem("$.load_generator.imported", "true or false", JsonFile.describe(imported));
            }
        }
        JsonNode protocol = r.get("protocol");
        if (protocol != null && protocol.isObject()) json.string(protocol, "$.protocol", "server_cpus", false);

        List<StackInfo> stacks = new ArrayList<>();
        Set<String> stackIds = null;
        JsonNode s = r.get("stacks");
        if (s == null || !s.isArray() || s.isEmpty()) {
            json.problem("$.stacks", "a non-empty array of stacks, each with an id", JsonFile.describe(s));
        } else {
            stackIds = new LinkedHashSet<>();
            for (int i = 0; i < s.size(); i++) {
                String p = "$.stacks[" + i + "]";
                JsonNode st = s.get(i);
                if (!st.isObject()) {
                    json.problem(p, "an object with an id", JsonFile.describe(st));
                    continue;
                }
                String sid = json.string(st, p, "id", true);
                if (sid == null) continue;
                if (!ID.matcher(sid).matches()) {
                    json.problem(p + ".id", "an id of letters, digits, '.', '_', '+', '-' (it names output files)",
                            Problem.quote(sid));
                    continue;
                }
                if (!stackIds.add(sid)) {
                    json.problem(p + ".id", "each stack listed once", "'" + sid + "' again");
                    continue;
                }
                JsonNode versions = st.get("versions");
                if (versions != null) {
                    if (!versions.isObject()) {
                        json.problem(p + ".versions", "an object of what the stack runs on, e.g. {\"runtime\": \"go1.26.8\"}",
                                JsonFile.describe(versions));
                    } else {
                        for (var f = versions.fields(); f.hasNext(); ) {
                            var e = f.next();
                            if (!e.getValue().isTextual()) {
                                json.problem(p + ".versions." + e.getKey(), "a version string", JsonFile.describe(e.getValue()));
                            }
                        }
                    }
                }
                StackInfo.StandIn standIn = null;
                JsonNode si = st.get("stand_in");
                if (si != null && !si.isNull()) {
                    String what = "{\"for\": <the seed's server>, \"why\": <reason>}";
                    if (!si.isObject()) {
                        json.problem(p + ".stand_in", what, JsonFile.describe(si));
                    } else {
                        String forServer = json.string(si, p + ".stand_in", "for", true);
                        String why = json.string(si, p + ".stand_in", "why", true);
                        if (forServer != null && why != null) standIn = new StackInfo.StandIn(forServer, why);
                    }
                }
                stacks.add(new StackInfo(
                        sid,
                        json.string(st, p, "language", false),
                        json.string(st, p, "framework", false),
                        json.integer(st, p, "artifact_bytes", false, 0),
                        json.intField(st, p, "workers", false, 1),
                        standIn));
            }
        }
        if (problems.size() > before) return new Read(null, deviceId, stackIds, study);
        Campaign c = new Campaign(id, folder, device, r.path("load_generator"), r.path("protocol"), stacks, r);
        return new Read(c, deviceId, stackIds, study);
    }
}
