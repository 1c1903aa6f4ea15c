package dev.tpm.codec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.LoadGeneratorInfo;
import dev.tpm.model.Machine;
import dev.tpm.model.Protocol;
import dev.tpm.model.StackInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * raw/&lt;campaign&gt;/campaign.json (data.md), both ways: {@link #write} of a {@link Campaign} when
 * the harness starts a campaign, {@link #read} with every rule of data.md by ingest and by the
 * harness when it resumes one. Every version's keys are read; keys the contract does not know are
 * kept (each record's {@code extra}) and written back.
 */
public final class CampaignJson {
    public static final String FILE_NAME = "campaign.json";
    /** campaign.json is written indented, for a reader of the data folder. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    static final ObjectMapper COMPACT = new ObjectMapper();

    public static final List<String> POWER_SOURCES = List.of("pmic", "rapl", "none");
    /** data.md version 4: the sources a {@code machine.hardware_id} is prefixed with. */
    public static final List<String> HARDWARE_ID_SOURCES = List.of("dt-serial:", "dmi-uuid:", "mac:");
    /** {@code machine.hardware_id} (data.md version 4): its source's prefix, then the source's value. */
    public static final Pattern HARDWARE_ID = Pattern.compile("(dt-serial|dmi-uuid|mac):\\S+");
    /**
     * {@code machine.cpu_id} (data.md version 5): {@code x86:} or {@code arm:} and four fields of
     * /proc/cpuinfo as it gives them (vendor, family, model, stepping; implementer, part, variant,
     * revision), none empty and none holding a colon.
     */
    public static final Pattern CPU_ID = Pattern.compile("(x86|arm)(:[^:\\s]+){4}");
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
    public static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");

    static final Set<String> TOP = Set.of("campaign", "study", "device", "machine", "load_generator", "protocol",
            "stacks");
    static final Set<String> DEVICE = Set.of("id", "model", "model_id", "cpu", "cores", "memory_mib", "arch", "os",
            "kernel", "firmware", "bootloader", "pmic", "cpu_governor", "page_size", "power_source", "power_problems");
    static final Set<String> MACHINE = Set.of("machine_id", "kernel", "cpu_model", "memory_kib", "hardware_id", "cpu_id");
    static final Set<String> LOAD_GENERATOR = Set.of("tool", "version", "version_line", "host", "host_name", "cpus",
            "timeout_s", "imported");
    static final Set<String> PROTOCOL = Set.of("preset", "runs", "warmups", "duration_s", "concurrency", "threads",
            "cooldown_s", "seed_rows", "seed_rows_delete", "sample_interval_ms", "order", "rng_seed", "settle_s", "endpoints",
            "mix", "sweep", "memory", "max_retries", "startup_timeout_s", "stop_grace_s", "pinning", "timeout_s", "prime_s",
            "phase4", "phase5", "seed_rows_delete_calibration", "cgroup", "server_cpus", "harness_cpus", "bind",
            "max_error_rate", "without_vcgencmd", "max_steal_share", "quiet");
    static final Set<String> STACK = Set.of("id", "language", "framework", "stand_in", "artifact_bytes",
            "runtime_bytes", "workers", "versions", "env");

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
            return JSON.writeValueAsString(tree(campaign)) + "\n";
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
        ObjectNode t = tree(c);
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
    public static String compact(Protocol p) {
        return p == null ? "nothing" : compact(protocol(p));
    }

    /** A string as itself, anything else as compact JSON. */
    private static String compact(JsonNode v) {
        if (v.isTextual()) return v.textValue();
        try {
            return COMPACT.writeValueAsString(v);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static ObjectNode tree(Campaign c) {
        ObjectNode o = JSON.createObjectNode();
        put(o, "campaign", c.id());
        put(o, "study", c.study());
        if (c.device() != null) o.set("device", device(c.device()));
        if (c.machine() != null) o.set("machine", machine(c.machine()));
        if (c.loadGenerator() != null) o.set("load_generator", loadGenerator(c.loadGenerator()));
        if (c.protocol() != null) o.set("protocol", protocol(c.protocol()));
        ArrayNode stacks = o.putArray("stacks");
        for (StackInfo s : c.stacks()) stacks.add(stack(s));
        extra(o, c.extra());
        return o;
    }

    private static ObjectNode device(Device d) {
        ObjectNode o = JSON.createObjectNode();
        put(o, "id", d.id());
        put(o, "model", d.model());
        put(o, "model_id", d.modelId());
        put(o, "cpu", d.cpu());
        if (d.cores() != null) o.put("cores", d.cores());
        if (d.memoryMib() != null) o.put("memory_mib", d.memoryMib());
        put(o, "arch", d.arch());
        put(o, "os", d.os());
        put(o, "kernel", d.kernel());
        put(o, "firmware", d.firmware());
        put(o, "bootloader", d.bootloader());
        put(o, "pmic", d.pmic());
        put(o, "cpu_governor", d.cpuGovernor());
        if (d.pageSize() != null) o.put("page_size", d.pageSize());
        put(o, "power_source", d.powerSource());
        strings(o, "power_problems", d.powerProblems());
        extra(o, d.extra());
        return o;
    }

    private static ObjectNode machine(Machine m) {
        ObjectNode o = JSON.createObjectNode();
        put(o, "machine_id", m.machineId());
        put(o, "kernel", m.kernel());
        put(o, "cpu_model", m.cpuModel());
        if (m.memoryKib() != null) o.put("memory_kib", m.memoryKib());
        put(o, "hardware_id", m.hardwareId());
        put(o, "cpu_id", m.cpuId());
        extra(o, m.extra());
        return o;
    }

    private static ObjectNode loadGenerator(LoadGeneratorInfo l) {
        ObjectNode o = JSON.createObjectNode();
        put(o, "tool", l.tool());
        put(o, "version", l.version());
        put(o, "version_line", l.versionLine());
        put(o, "host", l.host());
        put(o, "host_name", l.hostName());
        put(o, "cpus", l.cpus());
        whole(o, "timeout_s", l.timeoutS());
        if (l.imported() != null) o.put("imported", l.imported());
        extra(o, l.extra());
        return o;
    }

    private static ObjectNode protocol(Protocol p) {
        ObjectNode o = JSON.createObjectNode();
        put(o, "preset", p.preset());
        if (p.runs() != null) o.put("runs", p.runs());
        if (p.warmups() != null) o.put("warmups", p.warmups());
        whole(o, "duration_s", p.durationS());
        if (p.concurrency() != null) {
            if (p.concurrency().size() == 1) o.put("concurrency", p.concurrency().get(0));
            else p.concurrency().forEach(o.putArray("concurrency")::add);
        }
        if (p.threads() != null) o.put("threads", p.threads());
        decimal(o, "cooldown_s", p.cooldownS());
        if (p.seedRows() != null) o.put("seed_rows", p.seedRows());
        if (p.seedRowsDelete() != null) {
            if (p.seedRowsDelete().auto()) o.put("seed_rows_delete", Protocol.DeleteRows.AUTO);
            else o.put("seed_rows_delete", p.seedRowsDelete().rows());
        }
        if (p.sampleIntervalMs() != null) o.put("sample_interval_ms", p.sampleIntervalMs());
        put(o, "order", p.order());
        if (p.rngSeed() != null) o.put("rng_seed", p.rngSeed());
        decimal(o, "settle_s", p.settleS());
        strings(o, "endpoints", p.endpoints());
        if (p.mix() != null) {
            ObjectNode m = o.putObject("mix");
            p.mix().forEach(m::put);
        }
        if (p.sweep() != null) {
            ObjectNode s = o.putObject("sweep");
            put(s, "endpoint", p.sweep().endpoint());
            if (p.sweep().concurrency() != null) p.sweep().concurrency().forEach(s.putArray("concurrency")::add);
            if (p.sweep().runs() != null) s.put("runs", p.sweep().runs());
            if (p.sweep().warmups() != null) s.put("warmups", p.sweep().warmups());
        }
        if (p.memory() != null) {
            ObjectNode m = o.putObject("memory");
            strings(m, "endpoints", p.memory().endpoints());
            if (p.memory().runs() != null) m.put("runs", p.memory().runs());
            whole(m, "duration_s", p.memory().durationS());
            if (p.memory().concurrency() != null) m.put("concurrency", p.memory().concurrency());
            if (p.memory().sampleIntervalMs() != null) m.put("sample_interval_ms", p.memory().sampleIntervalMs());
        }
        if (p.maxRetries() != null) o.put("max_retries", p.maxRetries());
        decimal(o, "startup_timeout_s", p.startupTimeoutS());
        decimal(o, "stop_grace_s", p.stopGraceS());
        if (p.pinning() != null) {
            ObjectNode pin = o.putObject("pinning");
            put(pin, "server_cpus", p.pinning().serverCpus());
            put(pin, "load_generator_cpus", p.pinning().loadGeneratorCpus());
        }
        decimal(o, "timeout_s", p.timeoutS());
        decimal(o, "prime_s", p.primeS());
        if (p.phase4() != null) o.set("phase4", phase4(p.phase4()));
        if (p.phase5() != null) {
            Protocol.Phase5 f = p.phase5();
            ObjectNode q = o.putObject("phase5");
            strings(q, "endpoints", f.endpoints());
            whole(q, "prior_load_s", f.priorLoadS());
            if (f.runs() != null) q.put("runs", f.runs());
            if (f.warmups() != null) q.put("warmups", f.warmups());
            whole(q, "duration_s", f.durationS());
            if (f.concurrency() != null) q.put("concurrency", f.concurrency());
        }
        if (p.deleteCalibration() != null) {
            Protocol.DeleteCalibration d = p.deleteCalibration();
            ObjectNode j = o.putObject("seed_rows_delete_calibration");
            whole(j, "load_s", d.loadS());
            decimal(j, "margin", d.margin());
            if (d.roundedTo() != null) j.put("rounded_to", d.roundedTo());
            if (d.rates() != null) {
                ArrayNode a = j.putArray("rates");
                for (Protocol.DeleteCalibration.Rate r : d.rates()) {
                    ObjectNode e = a.addObject();
                    put(e, "stack", r.stack());
                    if (r.concurrency() != null) e.put("concurrency", r.concurrency());
                    if (r.seededRows() != null) e.put("seeded_rows", r.seededRows());
                    if (r.requests() != null) e.put("requests", r.requests());
                    decimal(e, "duration_s", r.durationS());
                }
            }
        }
        put(o, "cgroup", p.cgroup());
        put(o, "server_cpus", p.serverCpus());
        put(o, "harness_cpus", p.harnessCpus());
        put(o, "bind", p.bind());
        decimal(o, "max_error_rate", p.maxErrorRate());
        if (p.withoutVcgencmd() != null) o.put("without_vcgencmd", p.withoutVcgencmd());
        decimal(o, "max_steal_share", p.maxStealShare());
        if (p.quiet() != null) {
            ObjectNode q = o.putObject("quiet");
            decimal(q, "window_s", p.quiet().windowS());
            decimal(q, "max_wait_s", p.quiet().maxWaitS());
        }
        extra(o, p.extra());
        return o;
    }

    private static ObjectNode phase4(Protocol.Phase4 f) {
        ObjectNode q = JSON.createObjectNode();
        strings(q, "endpoints", f.endpoints());
        if (f.offeredRps() != null) {
            ArrayNode rates = q.putArray("offered_rps");
            for (double x : f.offeredRps()) addWhole(rates, x);
        }
        if (f.offeredFractions() != null) f.offeredFractions().forEach(q.putArray("offered_fractions")::add);
        if (f.runs() != null) q.put("runs", f.runs());
        if (f.warmups() != null) q.put("warmups", f.warmups());
        whole(q, "duration_s", f.durationS());
        if (f.concurrency() != null) q.put("concurrency", f.concurrency());
        if (f.loadGenerator() != null) {
            ObjectNode lg = q.putObject("load_generator");
            put(lg, "tool", f.loadGenerator().tool());
            put(lg, "version", f.loadGenerator().version());
            if (f.loadGenerator().latencyCorrection() != null) lg.put("latency_correction", f.loadGenerator().latencyCorrection());
        }
        if (f.search() != null) {
            ObjectNode s = q.putObject("search");
            s.put("factor", f.search().factor());
            s.put("max_fraction", f.search().maxFraction());
        }
        return q;
    }

    private static ObjectNode stack(StackInfo s) {
        ObjectNode e = JSON.createObjectNode();
        put(e, "id", s.id());
        put(e, "language", s.language());
        put(e, "framework", s.framework());
        if (s.standIn() != null) {
            ObjectNode si = e.putObject("stand_in");
            si.put("for", s.standIn().forServer());
            si.put("why", s.standIn().why());
        }
        if (s.artifactBytes() != null) e.put("artifact_bytes", s.artifactBytes());
        if (s.runtimeBytes() != null) e.put("runtime_bytes", s.runtimeBytes());
        if (s.workers() != null) e.put("workers", s.workers());
        if (s.versions() != null) {
            ObjectNode v = e.putObject("versions");
            s.versions().forEach(v::put);
        }
        if (s.env() != null) {
            ObjectNode v = e.putObject("env");
            s.env().forEach(v::put);
        }
        extra(e, s.extra());
        return e;
    }

    private static void put(ObjectNode o, String key, String value) {
        if (value != null) o.put(key, value);
    }

    private static void strings(ObjectNode o, String key, List<String> values) {
        if (values != null) values.forEach(o.putArray(key)::add);
    }

    /** A number of seconds as the harness writes it: always with a decimal point (2.0). */
    private static void decimal(ObjectNode o, String key, Double value) {
        if (value != null) o.put(key, value.doubleValue());
    }

    /** A whole number as an integer (10, as data.md writes it), else as a decimal. */
    private static void whole(ObjectNode o, String key, Double value) {
        if (value == null) return;
        double x = value;
        if (x == Math.rint(x) && Math.abs(x) < 1e15) o.put(key, (long) x);
        else o.put(key, x);
    }

    private static void addWhole(ArrayNode a, double x) {
        if (x == Math.rint(x) && Math.abs(x) < 1e15) a.add((long) x);
        else a.add(x);
    }

    private static void extra(ObjectNode o, Map<String, Object> extra) {
        for (Map.Entry<String, Object> e : extra.entrySet()) o.set(e.getKey(), JSON.valueToTree(e.getValue()));
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
        return new CampaignJsonReader(json, problems).read(folder);
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
        int before = problems.size();
        Device d = new CampaignJsonReader(JsonFile.of(root, file, problems), problems).device(root, "$");
        return problems.size() > before ? null : d;
    }

    /**
     * A stacks array on its own ({@code tpm import --stacks-json}), checked with the rules of
     * campaign.json's {@code stacks}, its paths from {@code $}; null when it has problems.
     */
    public static List<StackInfo> parseStacks(String text, String file, Problems problems) {
        JsonNode root = JsonFile.parse(text, file, "an array of stacks", problems);
        if (root == null) return null;
        int before = problems.size();
        List<StackInfo> stacks = new ArrayList<>();
        new CampaignJsonReader(JsonFile.ofValue(root, file, problems), problems).stacks(root, "$", stacks);
        return problems.size() > before ? null : stacks;
    }

    /** The campaign of a campaign.json text (a test's, or one not yet on disk), checked with the same rules. */
    public static Read parse(String text, String folder, String file, Problems problems) {
        try {
            return new CampaignJsonReader(JsonFile.of(COMPACT.readTree(text), file, problems), problems).read(folder);
        } catch (JsonProcessingException e) {
            problems.atFile(file, "valid JSON", e.getOriginalMessage());
            return new Read(null, null, null, Campaign.PAPER);
        }
    }
}
