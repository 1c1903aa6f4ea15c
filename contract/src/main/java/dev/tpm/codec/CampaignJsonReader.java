package dev.tpm.codec;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.LoadGeneratorInfo;
import dev.tpm.model.Machine;
import dev.tpm.model.Protocol;
import dev.tpm.model.StackInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reading of one campaign.json (data.md) into a {@link Campaign}: each accessor records a
 * problem at its JSON path, so that every problem of the file is reported at once; what the
 * contract does not know is kept in each record's {@code extra}.
 */
final class CampaignJsonReader {
    private final JsonFile json;
    private final Problems problems;

    CampaignJsonReader(JsonFile json, Problems problems) {
        this.json = json;
        this.problems = problems;
    }

    CampaignJson.Read read(String folder) {
        if (json == null) return new CampaignJson.Read(null, null, null, Campaign.PAPER);
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
            device = device(d, "$.device");
            deviceId = device.id();
        }

        String study = null;
        JsonNode st0 = r.get("study");
        if (st0 != null) {
            if (!st0.isTextual() || !CampaignJson.ID.matcher(st0.asText()).matches()) {
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
        Set<String> stackIds = stacks(r.get("stacks"), "$.stacks", stacks);
        String studyRead = study == null ? Campaign.PAPER : study;
        if (problems.size() > before) return new CampaignJson.Read(null, deviceId, stackIds, studyRead);
        Campaign c = new Campaign(id, folder, study, device, machine, lg, protocol, stacks, extra(r, "$", CampaignJson.TOP));
        return new CampaignJson.Read(c, deviceId, stackIds, studyRead);
    }

    /** A device object at {@code p}; its id null when it is not a usable id (a problem). */
    Device device(JsonNode d, String p) {
        String deviceId = json.string(d, p, "id", true);
        if (deviceId != null && !CampaignJson.ID.matcher(deviceId).matches()) {
            json.problem(p + ".id", "an id of letters, digits, '.', '_', '+', '-' (it names output folders)",
                    Problem.quote(deviceId));
            deviceId = null;
        }
        String modelId = json.string(d, p, "model_id", false);
        if (modelId != null && !CampaignJson.ID.matcher(modelId).matches()) {
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
                json.oneOf(d, p, "power_source", false, CampaignJson.POWER_SOURCES),
                modelId,
                d.has("power_problems") ? json.strings(d, p, "power_problems") : null,
                extra(d, p, CampaignJson.DEVICE));
    }

    private Machine machine(JsonNode m) {
        String p = "$.machine";
        String hardwareId = json.string(m, p, "hardware_id", false);
        if (hardwareId != null && !CampaignJson.HARDWARE_ID.matcher(hardwareId).matches()) {
            json.problem(p + ".hardware_id", "a serial prefixed with its source: dt-serial:, dmi-uuid: or mac:",
                    Problem.quote(hardwareId));
        }
        String cpuId = json.string(m, p, "cpu_id", false);
        if (cpuId != null && !CampaignJson.CPU_ID.matcher(cpuId).matches()) {
            json.problem(p + ".cpu_id", "x86:<vendor_id>:<cpu family>:<model>:<stepping> or"
                    + " arm:<implementer>:<part>:<variant>:<revision>", Problem.quote(cpuId));
        }
        return new Machine(json.string(m, p, "machine_id", false), json.string(m, p, "kernel", false),
                json.string(m, p, "cpu_model", false), json.integer(m, p, "memory_kib", false, 1), hardwareId, cpuId,
                extra(m, p, CampaignJson.MACHINE));
    }

    private LoadGeneratorInfo loadGenerator(JsonNode l) {
        String p = "$.load_generator";
        return new LoadGeneratorInfo(json.string(l, p, "tool", false), json.string(l, p, "version", false),
                json.string(l, p, "version_line", false), json.string(l, p, "host", false),
                json.string(l, p, "host_name", false), json.string(l, p, "cpus", false),
                json.number(l, p, "timeout_s", false, 0, Double.MAX_VALUE, true, "a time-out in seconds > 0"),
                bool(l, p, "imported"), extra(l, p, CampaignJson.LOAD_GENERATOR));
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
                .maxStealShare(json.number(o, p, "max_steal_share", false, 0, 1, false, "a share in [0, 1]"))
                .extra(extra(o, p, CampaignJson.PROTOCOL));
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
        if ((n = object(o, p, "quiet")) != null) {
            String q = p + ".quiet";
            b.quiet(new Protocol.Quiet(positive(n, q, "window_s"), positive(n, q, "max_wait_s")));
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

    /** The stacks array at {@code at} into {@code stacks}; their ids, null when the array is unusable. */
    Set<String> stacks(JsonNode s, String at, List<StackInfo> stacks) {
        if (s == null || !s.isArray() || s.isEmpty()) {
            json.problem(at, "a non-empty array of stacks, each with an id", JsonFile.describe(s));
            return null;
        }
        Set<String> stackIds = new LinkedHashSet<>();
        for (int i = 0; i < s.size(); i++) {
            String p = at + "[" + i + "]";
            JsonNode st = s.get(i);
            if (!st.isObject()) {
                json.problem(p, "an object with an id", JsonFile.describe(st));
                continue;
            }
            String sid = json.string(st, p, "id", true);
            if (sid == null) continue;
            if (!CampaignJson.ID.matcher(sid).matches()) {
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
                    extra(st, p, CampaignJson.STACK)));
        }
        return stackIds;
    }

    /** The keys of {@code object} not in {@code known}, as plain Java values in the file's order. */
    private static Map<String, Object> extra(JsonNode object, String path, Set<String> known) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object.properties()) {
            if (!known.contains(e.getKey())) out.put(e.getKey(), CampaignJson.COMPACT.convertValue(e.getValue(), Object.class));
        }
        return out;
    }
}
