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
    private static final ObjectMapper COMPACT = new ObjectMapper();

    public static final List<String> POWER_SOURCES = List.of("pmic", "rapl", "none");
    /** data.md version 4: the sources a {@code machine.hardware_id} is prefixed with. */
    public static final List<String> HARDWARE_ID_SOURCES = List.of("dt-serial:", "dmi-uuid:", "mac:");

    /**
     * Ids of stacks and devices become folder and file names of the outputs: a letter or digit
     * first, then letters, digits, {@code . _ + -}.
     */
    public static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");

    private static final Set<String> TOP = Set.of("campaign", "study", "device", "machine", "load_generator", "protocol",
            "stacks");
    private static final Set<String> DEVICE = Set.of("id", "model", "model_id", "cpu", "cores", "memory_mib", "arch", "os",
            "kernel", "firmware", "bootloader", "pmic", "cpu_governor", "page_size", "power_source", "power_problems");
    private static final Set<String> MACHINE = Set.of("machine_id", "kernel", "cpu_model", "memory_kib", "hardware_id");
    private static final Set<String> LOAD_GENERATOR = Set.of("tool", "version", "version_line", "host", "host_name", "cpus",
            "timeout_s", "imported");
    private static final Set<String> PROTOCOL = Set.of("preset", "runs", "warmups", "duration_s", "concurrency", "threads",
            "cooldown_s", "seed_rows", "seed_rows_delete", "sample_interval_ms", "order", "rng_seed", "settle_s", "endpoints",
            "mix", "sweep", "memory", "max_retries", "startup_timeout_s", "stop_grace_s", "pinning", "timeout_s", "prime_s",
            "phase4", "phase5", "seed_rows_delete_calibration", "cgroup", "server_cpus", "harness_cpus", "bind",
            "max_error_rate", "without_vcgencmd");
    private static final Set<String> STACK = Set.of("id", "language", "framework", "stand_in", "artifact_bytes",
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
        return new Reader(json, problems).read(folder);
    }

    /** The campaign of a campaign.json text (a test's, or one not yet on disk), checked with the same rules. */
    public static Read parse(String text, String folder, String file, Problems problems) {
        try {
            return new Reader(JsonFile.of(COMPACT.readTree(text), file, problems), problems).read(folder);
        } catch (JsonProcessingException e) {
            problems.atFile(file, "valid JSON", e.getOriginalMessage());
            return new Read(null, null, null, Campaign.PAPER);
        }
    }

    /** One file's reading: each accessor records a problem at its JSON path. */
    private static final class Reader {
        private final JsonFile json;
        private final Problems problems;

        Reader(JsonFile json, Problems problems) {
            this.json = json;
            this.problems = problems;
        }

        Read read(String folder) {
            if (json == null) return new Read(null, null, null, Campaign.PAPER);
            int before = problems.size();
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
                device = device(d, deviceId);
            }

            String study = null;
            JsonNode st0 = r.get("study");
            if (st0 != null) {
                if (!st0.isTextual() || !ID.matcher(st0.asText()).matches()) {
                    json.problem("$.study", "a study id such as paper, hello-blog, app-servers or node-pi", JsonFile.describe(st0));
                } else {
                    study = st0.asText();
                }
            }

            Machine machine = null;
            LoadGeneratorInfo lg = null;
            Protocol protocol = null;
            for (String key : List.of("machine", "load_generator", "protocol")) {
                JsonNode n = r.get(key);
                if (n != null && !n.isObject()) json.problem("$." + key, "an object", JsonFile.describe(n));
            }
            JsonNode m = r.get("machine");
            if (m != null && m.isObject()) machine = machine(m);
            JsonNode l = r.get("load_generator");
            if (l != null && l.isObject()) lg = loadGenerator(l);
            JsonNode p = r.get("protocol");
            if (p != null && p.isObject()) protocol = protocol(p);

            List<StackInfo> stacks = new ArrayList<>();
            Set<String> stackIds = stacks(r.get("stacks"), stacks);
            String studyRead = study == null ? Campaign.PAPER : study;
            if (problems.size() > before) return new Read(null, deviceId, stackIds, studyRead);
            Campaign c = new Campaign(id, folder, study, device, machine, lg, protocol, stacks, extra(r, "$", TOP));
            return new Read(c, deviceId, stackIds, studyRead);
        }

        private Device device(JsonNode d, String deviceId) {
            String p = "$.device";
            String modelId = json.string(d, p, "model_id", false);
            if (modelId != null && !ID.matcher(modelId).matches()) {
                json.problem(p + ".model_id", "a model id of letters, digits, '.', '_', '+', '-', e.g. pi5-8gb",
                        Problem.quote(modelId));
            }
            return new Device(
                    deviceId,
                    json.string(d, p, "model", false),
                    json.string(d, p, "cpu", false),
                    json.intField(d, p, "cores", false, 1),
                    json.integer(d, p, "memory_mib", false, 1),
                    json.string(d, p, "arch", false),
                    json.string(d, p, "os", false),
                    json.string(d, p, "kernel", false),
                    json.string(d, p, "firmware", false),
                    json.string(d, p, "bootloader", false),
                    json.string(d, p, "pmic", false),
                    json.string(d, p, "cpu_governor", false),
                    json.intField(d, p, "page_size", false, 1),
                    json.oneOf(d, p, "power_source", false, POWER_SOURCES),
                    modelId,
                    d.has("power_problems") ? json.strings(d, p, "power_problems") : null,
                    extra(d, p, DEVICE));
        }

        private Machine machine(JsonNode m) {
            String p = "$.machine";
            String hardwareId = json.string(m, p, "hardware_id", false);
            if (hardwareId != null && HARDWARE_ID_SOURCES.stream().noneMatch(hardwareId::startsWith)) {
                json.problem(p + ".hardware_id", "an id prefixed with its source: one of " + HARDWARE_ID_SOURCES,
                        Problem.quote(hardwareId));
            }
            return new Machine(json.string(m, p, "machine_id", false), json.string(m, p, "kernel", false),
                    json.string(m, p, "cpu_model", false), json.integer(m, p, "memory_kib", false, 1), hardwareId,
                    extra(m, p, MACHINE));
        }

        private LoadGeneratorInfo loadGenerator(JsonNode l) {
            String p = "$.load_generator";
            return new LoadGeneratorInfo(json.string(l, p, "tool", false), json.string(l, p, "version", false),
                    json.string(l, p, "version_line", false), json.string(l, p, "host", false),
                    json.string(l, p, "host_name", false), json.string(l, p, "cpus", false),
                    json.number(l, p, "timeout_s", false, 0, Double.MAX_VALUE, true, "a time-out in seconds > 0"),
                    bool(l, p, "imported"), extra(l, p, LOAD_GENERATOR));
        }

        private Protocol protocol(JsonNode o) {
            String p = "$.protocol";
            Protocol.Builder b = Protocol.builder()
                    .preset(json.string(o, p, "preset", false))
                    .runs(json.intField(o, p, "runs", false, 0))
                    .warmups(json.intField(o, p, "warmups", false, 0))
                    .durationS(positive(o, p, "duration_s"))
                    .concurrency(levels(o, p, "concurrency"))
                    .threads(json.intField(o, p, "threads", false, 1))
                    .cooldownS(nonNegative(o, p, "cooldown_s"))
                    .seedRows(json.integer(o, p, "seed_rows", false, 0))
                    .seedRowsDelete(deleteRows(o, p))
                    .sampleIntervalMs(json.intField(o, p, "sample_interval_ms", false, 1))
                    .order(json.string(o, p, "order", false))
                    .rngSeed(json.integer(o, p, "rng_seed", false, Long.MIN_VALUE))
                    .settleS(nonNegative(o, p, "settle_s"))
                    .endpoints(o.has("endpoints") ? json.strings(o, p, "endpoints") : null)
                    .mix(mix(o, p))
                    .maxRetries(json.intField(o, p, "max_retries", false, 0))
                    .startupTimeoutS(positive(o, p, "startup_timeout_s"))
                    .stopGraceS(nonNegative(o, p, "stop_grace_s"))
                    .timeoutS(positive(o, p, "timeout_s"))
                    .primeS(nonNegative(o, p, "prime_s"))
                    .cgroup(json.string(o, p, "cgroup", false))
                    .serverCpus(json.string(o, p, "server_cpus", false))
                    .harnessCpus(json.string(o, p, "harness_cpus", false))
                    .bind(json.string(o, p, "bind", false))
                    .maxErrorRate(json.number(o, p, "max_error_rate", false, 0, 1, false, "a rate in [0, 1]"))
                    .withoutVcgencmd(bool(o, p, "without_vcgencmd"))
                    .extra(extra(o, p, PROTOCOL));
            JsonNode n;
            if ((n = object(o, p, "sweep")) != null) {
                String q = p + ".sweep";
                b.sweep(new Protocol.Sweep(json.string(n, q, "endpoint", false), optionalIntegers(n, q, "concurrency", 1),
                        json.intField(n, q, "runs", false, 0), json.intField(n, q, "warmups", false, 0)));
            }
            if ((n = object(o, p, "memory")) != null) {
                String q = p + ".memory";
                b.memory(new Protocol.Memory(n.has("endpoints") ? json.strings(n, q, "endpoints") : null,
                        json.intField(n, q, "runs", false, 0), positive(n, q, "duration_s"),
                        json.intField(n, q, "concurrency", false, 1), json.intField(n, q, "sample_interval_ms", false, 1)));
            }
            if ((n = object(o, p, "pinning")) != null) {
                String q = p + ".pinning";
                b.pinning(new Protocol.Pinning(json.string(n, q, "server_cpus", false),
                        json.string(n, q, "load_generator_cpus", false)));
            }
            if ((n = object(o, p, "phase4")) != null) b.phase4(phase4(n, p + ".phase4"));
            if ((n = object(o, p, "phase5")) != null) {
                String q = p + ".phase5";
                b.phase5(new Protocol.Phase5(n.has("endpoints") ? json.strings(n, q, "endpoints") : null,
                        json.number(n, q, "prior_load_s", false, 0, Double.MAX_VALUE, true, "seconds > 0"),
                        json.intField(n, q, "runs", false, 1), json.intField(n, q, "warmups", false, 0),
                        positive(n, q, "duration_s"), json.intField(n, q, "concurrency", false, 1)));
            }
            if ((n = object(o, p, "seed_rows_delete_calibration")) != null) {
                String q = p + ".seed_rows_delete_calibration";
                List<Protocol.DeleteCalibration.Rate> rates = null;
                JsonNode a = n.get("rates");
                if (a != null) {
                    if (!a.isArray()) {
                        json.problem(q + ".rates", "an array of rates", JsonFile.describe(a));
                    } else {
                        rates = new ArrayList<>();
                        for (int i = 0; i < a.size(); i++) {
                            String qi = q + ".rates[" + i + "]";
                            JsonNode e = a.get(i);
                            if (!e.isObject()) {
                                json.problem(qi, "an object", JsonFile.describe(e));
                                continue;
                            }
                            rates.add(new Protocol.DeleteCalibration.Rate(json.string(e, qi, "stack", false),
                                    json.intField(e, qi, "concurrency", false, 1), json.integer(e, qi, "seeded_rows", false, 0),
                                    json.integer(e, qi, "requests", false, 0), nonNegative(e, qi, "duration_s")));
                        }
                    }
                }
                b.deleteCalibration(new Protocol.DeleteCalibration(positive(n, q, "load_s"), positive(n, q, "margin"),
                        json.integer(n, q, "rounded_to", false, 1), rates));
            }
            return b.build();
        }

        private Protocol.Phase4 phase4(JsonNode n, String q) {
            Protocol.Phase4LoadGenerator lg = null;
            JsonNode l = object(n, q, "load_generator");
            if (l != null) {
                String ql = q + ".load_generator";
                lg = new Protocol.Phase4LoadGenerator(json.string(l, ql, "tool", false), json.string(l, ql, "version", false),
                        bool(l, ql, "latency_correction"));
            }
            Protocol.Search search = null;
            JsonNode s = object(n, q, "search");
            if (s != null) {
                String qs = q + ".search";
                Double factor = json.number(s, qs, "factor", true, 1, Double.MAX_VALUE, true, "a factor > 1");
                Double max = json.number(s, qs, "max_fraction", true, 0, Double.MAX_VALUE, true,
                        "a fraction of the phase-1 median > 0");
                if (factor != null && max != null) search = new Protocol.Search(factor, max);
            }
            return new Protocol.Phase4(n.has("endpoints") ? json.strings(n, q, "endpoints") : null,
                    numbers(n, q, "offered_rps"), numbers(n, q, "offered_fractions"), json.intField(n, q, "runs", false, 0),
                    json.intField(n, q, "warmups", false, 0), positive(n, q, "duration_s"),
                    json.intField(n, q, "concurrency", false, 1), lg, search);
        }

        /** An optional object key; null when absent, a problem when not an object. */
        private JsonNode object(JsonNode parent, String path, String key) {
            JsonNode n = parent.get(key);
            if (n == null || n.isNull()) return null;
            return json.object(parent, path, key);
        }

        private Double positive(JsonNode parent, String path, String key) {
            return json.number(parent, path, key, false, 0, Double.MAX_VALUE, true, "seconds > 0");
        }

        private Double nonNegative(JsonNode parent, String path, String key) {
            return json.number(parent, path, key, false, 0, Double.MAX_VALUE, false, "a number >= 0");
        }

        private Boolean bool(JsonNode parent, String path, String key) {
            JsonNode n = parent.get(key);
            if (n == null || n.isNull()) return null;
            if (!n.isBoolean()) {
                json.problem(JsonFile.child(path, key), "true or false", JsonFile.describe(n));
                return null;
            }
            return n.asBoolean();
        }

        /** {@code concurrency}: one level, or a non-empty array of levels (a study that loads several). */
        private List<Integer> levels(JsonNode parent, String path, String key) {
            JsonNode n = parent.get(key);
            if (n == null || n.isNull()) return null;
            if (n.isArray()) return json.integers(parent, path, key, 1, Integer.MAX_VALUE);
            Integer one = json.intField(parent, path, key, false, 1);
            return one == null ? null : List.of(one);
        }

        private List<Integer> optionalIntegers(JsonNode parent, String path, String key, int min) {
            JsonNode n = parent.get(key);
            if (n == null || n.isNull()) return null;
            return json.integers(parent, path, key, min, Integer.MAX_VALUE);
        }

        /** An optional array of finite numbers >= 0. */
        private List<Double> numbers(JsonNode parent, String path, String key) {
            JsonNode n = parent.get(key);
            if (n == null || n.isNull()) return null;
            String p = JsonFile.child(path, key);
            if (!n.isArray()) {
                json.problem(p, "an array of numbers", JsonFile.describe(n));
                return null;
            }
            List<Double> out = new ArrayList<>();
            for (int i = 0; i < n.size(); i++) {
                JsonNode e = n.get(i);
                if (!e.isNumber() || !Double.isFinite(e.asDouble()) || e.asDouble() < 0) {
                    json.problem(p + "[" + i + "]", "a number >= 0", JsonFile.describe(e));
                    return null;
                }
                out.add(e.asDouble());
            }
            return out;
        }

        /** {@code seed_rows_delete}: a number of rows or {@code "auto"}. */
        private Protocol.DeleteRows deleteRows(JsonNode o, String p) {
            JsonNode n = o.get("seed_rows_delete");
            if (n == null || n.isNull()) return null;
            if (n.isTextual() && n.asText().equals(Protocol.DeleteRows.AUTO)) return Protocol.DeleteRows.AUTOMATIC;
            if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < 0) {
                json.problem(p + ".seed_rows_delete", "a number of rows >= 0 or \"auto\"", JsonFile.describe(n));
                return null;
            }
            return new Protocol.DeleteRows(n.asLong());
        }

        private Map<String, Double> mix(JsonNode o, String p) {
            JsonNode n = object(o, p, "mix");
            if (n == null) return null;
            Map<String, Double> out = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                Double w = json.number(n, p + ".mix", e.getKey(), true, 0, 1, false, "a weight in [0, 1]");
                if (w != null) out.put(e.getKey(), w);
            }
            return out;
        }

        private Map<String, String> stringMap(JsonNode parent, String path, String key, String expected) {
            JsonNode n = parent.get(key);
            if (n == null || n.isNull()) return null;
            String p = JsonFile.child(path, key);
            if (!n.isObject()) {
                json.problem(p, expected, JsonFile.describe(n));
                return null;
            }
            Map<String, String> out = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                if (!e.getValue().isTextual()) {
                    json.problem(p + "." + e.getKey(), "a string", JsonFile.describe(e.getValue()));
                } else {
                    out.put(e.getKey(), e.getValue().asText());
                }
            }
            return out;
        }

        private Set<String> stacks(JsonNode s, List<StackInfo> stacks) {
            if (s == null || !s.isArray() || s.isEmpty()) {
                json.problem("$.stacks", "a non-empty array of stacks, each with an id", JsonFile.describe(s));
                return null;
            }
            Set<String> stackIds = new LinkedHashSet<>();
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
                Map<String, String> versions = stringMap(st, p, "versions",
                        "an object of what the stack runs on, e.g. {\"runtime\": \"go1.26.8\"}");
                Map<String, String> env = stringMap(st, p, "env", "an object of environment variables");
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
                        standIn,
                        versions,
                        json.integer(st, p, "runtime_bytes", false, 0),
                        env,
                        extra(st, p, STACK)));
            }
            return stackIds;
        }

        /** The keys of {@code object} not in {@code known}, as plain Java values in the file's order. */
        private static Map<String, Object> extra(JsonNode object, String path, Set<String> known) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : object.properties()) {
                if (!known.contains(e.getKey())) out.put(e.getKey(), COMPACT.convertValue(e.getValue(), Object.class));
            }
            return out;
        }
    }
}
