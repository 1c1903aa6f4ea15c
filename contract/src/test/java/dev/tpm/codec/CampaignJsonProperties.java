package dev.tpm.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.LoadGeneratorInfo;
import dev.tpm.model.Machine;
import dev.tpm.model.Protocol;
import dev.tpm.model.StackInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * campaign.json's one codec both ways: random valid campaigns (synthetic values of every version's
 * keys, version 4's included, and unknown keys) written by {@link CampaignJson#write} come back from
 * {@link CampaignJson#read} equal; a value of the wrong type is reported at its JSON path.
 */
class CampaignJsonProperties {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Property(tries = 300)
    void writtenThenReadIsEqual(@ForAll("campaigns") Campaign c) {
        Problems problems = new Problems();
        CampaignJson.Read read = CampaignJson.parse(CampaignJson.text(c), c.folder(), "raw/c/campaign.json", problems);
        assertEquals(List.of(), problems.all());
        assertEquals(c, read.campaign());
        assertEquals(CampaignJson.text(c), CampaignJson.text(read.campaign()));
    }

    @Property(tries = 300)
    void aValueOfTheWrongTypeIsReportedAtItsPath(@ForAll("campaigns") Campaign c, @ForAll long pick) throws Exception {
        ObjectNode root = (ObjectNode) JSON.readTree(CampaignJson.text(c));
        List<String> paths = new ArrayList<>();
        List<ObjectNode> parents = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (String object : List.of("device", "machine", "load_generator", "protocol")) {
            JsonNode o = root.get(object);
            if (o == null) continue;
            o.fieldNames().forEachRemaining(k -> {
                JsonNode v = o.get(k);
                // a number or boolean of a known key becomes a string
                if ((v.isNumber() || v.isBoolean()) ) {
                    paths.add("$." + object + "." + k);
                    parents.add((ObjectNode) o);
                    keys.add(k);
                }
            });
        }
        if (paths.isEmpty()) return;
        int i = (int) Math.floorMod(pick, (long) paths.size());
        parents.get(i).set(keys.get(i), new TextNode("x"));
        Problems problems = new Problems();
        CampaignJson.Read read = CampaignJson.parse(root.toString(), c.folder(), "raw/c/campaign.json", problems);
        assertNull(read.campaign());
        assertEquals(1, problems.size(), problems.all().toString());
        assertTrue(problems.all().get(0).toString().contains(paths.get(i)), problems.all() + " " + paths.get(i));
    }

    @Provide
    Arbitrary<Campaign> campaigns() {
        return Arbitraries.randomValue(CampaignJsonProperties::campaign);
    }

    static Campaign campaign(Random r) {
        Device device = new Device(id(r), text(r), text(r), opt(r, 1 + r.nextInt(64)), opt(r, 1L + r.nextInt(1 << 20)),
                text(r), text(r), text(r), text(r), text(r), text(r), text(r), opt(r, 4096), opt(r, pick(r, CampaignJson.POWER_SOURCES)),
                r.nextBoolean() ? id(r) : null, r.nextBoolean() ? List.of("no " + id(r)) : null, extra(r, "colour"));
        Machine machine = r.nextBoolean() ? null : new Machine(text(r), text(r), text(r), opt(r, 1L + r.nextInt(1 << 30)),
                r.nextBoolean() ? pick(r, CampaignJson.HARDWARE_ID_SOURCES) + id(r) : null,
                r.nextBoolean() ? pick(r, List.of("x86:AuthenticAMD:26:2:1", "arm:0x41:0xd0b:0x4:1")) : null, extra(r, "rack"));
        LoadGeneratorInfo lg = r.nextBoolean() ? null : new LoadGeneratorInfo(text(r), text(r), text(r),
                opt(r, pick(r, List.of("same", "separate"))), text(r), text(r), opt(r, seconds(r)), opt(r, r.nextBoolean()),
                extra(r, "flags"));
        List<StackInfo> stacks = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(4); i < n; i++) {
            stacks.add(new StackInfo("s" + i, text(r), text(r), opt(r, (long) r.nextInt(1 << 30)), opt(r, 1 + r.nextInt(8)),
                    r.nextBoolean() ? null : new StackInfo.StandIn(id(r), "not built here"), r.nextBoolean() ? null : Map.of("runtime", id(r)),
                    opt(r, (long) r.nextInt(1 << 30)), r.nextBoolean() ? null : Map.of("PORT", "<port>"), extra(r, "notes")));
        }
        return new Campaign("c", "c", r.nextBoolean() ? id(r) : null, device, machine, lg,
                r.nextInt(5) == 0 ? null : protocol(r), stacks, extra(r, "comment"));
    }

    static Protocol protocol(Random r) {
        dev.tpm.model.ProtocolBuilder b = Protocol.builder()
                .preset(text(r)).runs(opt(r, r.nextInt(60))).warmups(opt(r, r.nextInt(4))).durationS(opt(r, seconds(r)))
                .concurrency(r.nextBoolean() ? null : levels(r)).threads(opt(r, 1 + r.nextInt(8)))
                .cooldownS(opt(r, seconds(r))).seedRows(opt(r, (long) r.nextInt(100_000)))
                .seedRowsDelete(r.nextBoolean() ? null : r.nextBoolean() ? Protocol.DeleteRows.AUTOMATIC
                        : new Protocol.DeleteRows((long) r.nextInt(1_000_000)))
                .sampleIntervalMs(opt(r, 1 + r.nextInt(1000))).order(text(r)).rngSeed(opt(r, r.nextLong()))
                .settleS(opt(r, seconds(r))).endpoints(r.nextBoolean() ? null : endpoints(r))
                .mix(r.nextBoolean() ? null : Map.of("get_item", r.nextDouble(), "post_item", 0.5))
                .maxRetries(opt(r, r.nextInt(6))).startupTimeoutS(opt(r, seconds(r))).stopGraceS(opt(r, seconds(r)))
                .timeoutS(opt(r, seconds(r))).primeS(opt(r, seconds(r))).cgroup(text(r)).serverCpus(text(r))
                .harnessCpus(text(r)).bind(text(r)).maxErrorRate(opt(r, r.nextDouble())).withoutVcgencmd(opt(r, r.nextBoolean()))
                .maxStealShare(opt(r, r.nextDouble())).quiet(r.nextBoolean() ? null : new Protocol.Quiet(opt(r, seconds(r)), opt(r, seconds(r))))
                .extra(extra(r, "operator"));
        if (r.nextBoolean()) b.sweep(new Protocol.Sweep(id(r), levels(r), opt(r, r.nextInt(9)), opt(r, r.nextInt(3))));
        if (r.nextBoolean()) {
            b.memory(new Protocol.Memory(endpoints(r), opt(r, r.nextInt(9)), opt(r, seconds(r)), opt(r, 1 + r.nextInt(99)),
                    opt(r, 1 + r.nextInt(1000))));
        }
        if (r.nextBoolean()) b.pinning(new Protocol.Pinning(text(r), text(r)));
        if (r.nextBoolean()) {
            b.phase4(new Protocol.Phase4(endpoints(r), r.nextBoolean() ? null : List.of(500.0, 2000.5),
                    r.nextBoolean() ? null : List.of(0.25, r.nextDouble()), opt(r, r.nextInt(9)), opt(r, r.nextInt(3)),
                    opt(r, seconds(r)), opt(r, 1 + r.nextInt(99)),
                    r.nextBoolean() ? null : new Protocol.Phase4LoadGenerator(text(r), text(r), opt(r, r.nextBoolean())),
                    r.nextBoolean() ? null : new Protocol.Search(1 + r.nextDouble() + 1e-9, 0.1 + 4 * r.nextDouble()),
                    opt(r, (double) r.nextInt(60))));
        }
        if (r.nextBoolean()) {
            b.probe(new Protocol.Probe(text(r), text(r), opt(r, seconds(r)), opt(r, 1 + r.nextInt(99))));
            b.tests(opt(r, r.nextBoolean()));
        }
        if (r.nextBoolean()) {
            b.phase5(new Protocol.Phase5(endpoints(r), opt(r, seconds(r)), opt(r, 1 + r.nextInt(9)), opt(r, r.nextInt(3)),
                    opt(r, seconds(r)), opt(r, 1 + r.nextInt(99))));
        }
        if (r.nextBoolean()) {
            List<Protocol.DeleteCalibration.Rate> rates = List.of(new Protocol.DeleteCalibration.Rate(id(r), 30,
                    (long) r.nextInt(1_000_000), (long) r.nextInt(100_000), seconds(r)));
            b.deleteCalibration(new Protocol.DeleteCalibration(opt(r, seconds(r)), opt(r, seconds(r)), opt(r, 1000L), rates));
        }
        return b.build();
    }

    private static <T> T opt(Random r, T value) {
        return r.nextInt(3) == 0 ? null : value;
    }

    private static <T> T pick(Random r, List<T> values) {
        return values.get(r.nextInt(values.size()));
    }

    /** A time in seconds > 0: whole (as the harness writes most) or not. */
    private static double seconds(Random r) {
        return r.nextBoolean() ? 1 + r.nextInt(600) : 0.001 + 600 * r.nextDouble();
    }

    private static String id(Random r) {
        return "i" + Integer.toString(r.nextInt(1 << 20), 36) + pick(r, List.of("", "-x", ".5", "_b", "+c"));
    }

    private static String text(Random r) {
        return opt(r, pick(r, List.of("wrk", "Debian 12", "Cortex-A76 x4", "\u00e9t\u00e9 \"quoted\"", "0-1", "a\\b")));
    }

    private static List<Integer> levels(Random r) {
        List<Integer> l = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) l.add(1 + r.nextInt(1000));
        return l;
    }

    private static List<String> endpoints(Random r) {
        return r.nextBoolean() ? List.of("get_item") : List.of("hello", "hello_json");
    }

    /** Maybe one key the contract does not know, with a nested value. */
    private static Map<String, Object> extra(Random r, String key) {
        if (r.nextBoolean()) return Map.of();
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> nested = new LinkedHashMap<>();
        nested.put("n", r.nextInt(100));
        nested.put("ok", r.nextBoolean());
        nested.put("list", List.of("a", 1));
        m.put(key, r.nextBoolean() ? nested : (Object) id(r));
        return m;
    }
}
