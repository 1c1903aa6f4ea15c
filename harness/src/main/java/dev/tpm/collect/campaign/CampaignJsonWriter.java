package dev.tpm.collect.campaign;

import dev.tpm.codec.Problems;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.stack.StackSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * campaign.json (data.md): written once when a campaign starts; checked when it resumes (the
 * protocol, the stacks and the device must be the ones it started with). Besides data.md's keys
 * it records the load generator's pinning and time-out, the server's pinning, the harness's own
 * CPUs, the clean environment each stack's server starts with, and why a power source present on
 * the machine could not be used.
 */
final class CampaignJsonWriter {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** What the load generator is and where it runs. */
    record LoadGenerator(String tool, String version, String versionLine, String host, String hostName, String cpus,
            double timeoutS) {}

    private CampaignJsonWriter() {}

    /**
     * The protocol object: the preset's, with the pinning and the flags this campaign ran under,
     * the delete calibration of an {@code auto} campaign, and {@code cgroup} (v2, v2-since-start,
     * v1, none: dev.tpm.collect.cgroup.Cgroups).
     */
    static ObjectNode protocol(CampaignRunner.Options o, JsonNode deleteCalibration, String cgroup) {
        ObjectNode protocol = o.preset().protocolJson();
        if (deleteCalibration != null) protocol.set(DeleteCalibration.PROTOCOL_KEY, deleteCalibration);
        protocol.put("cgroup", cgroup);
        if (o.pinning().serverCpus() != null) protocol.put("server_cpus", o.pinning().serverCpus());
        if (o.pinning().harnessCpus() != null) protocol.put("harness_cpus", o.pinning().harnessCpus());
        if (!o.bind().equals("127.0.0.1")) protocol.put("bind", o.bind());
        protocol.put("max_error_rate", o.maxErrorRate());
        if (o.withoutVcgencmd()) protocol.put("without_vcgencmd", true);
        return protocol;
    }

    /**
     * A campaign may outlast a session, never a machine (data.md {@code machine}): the identity
     * recorded when the campaign started against this machine's. Every recorded field must match;
     * a kernel updated in between is refused too, since it changes what is measured.
     */
    static void requireSameMachine(Path file, JsonNode recorded, JsonNode now) throws IOException {
        String advice = "; another machine is another device: start a new campaign with its own id and device id"
                + " (--campaign, --device-id) instead of resuming this one";
        if (recorded == null || !recorded.isObject() || recorded.isEmpty()) {
            throw new IOException(file + ": $.machine: expected the identity of the machine that started this campaign,"
                    + " found nothing (an older harness started it), so this cannot be shown to be that machine" + advice);
        }
        List<String> differ = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : recorded.properties()) {
            JsonNode here = now.get(e.getKey());
            // by their JSON text: a number read back is an int node where the one read here is a long
            if (here == null || !e.getValue().toString().equals(here.toString())) {
                differ.add(e.getKey() + " " + e.getValue() + " there, " + (here == null ? "unknown" : here.toString()) + " here");
            }
        }
        if (!differ.isEmpty()) {
            throw new IOException(file + ": $.machine: this campaign was started on another machine ("
                    + String.join("; ", differ) + ")" + advice);
        }
    }

    /**
     * @param deleteCalibration what an {@code auto} campaign's calibration measured
     *     ({@link DeleteCalibration#PROTOCOL_KEY}), or null
     */
    static void writeOrCheck(Path file, CampaignRunner.Options o, JsonNode deleteCalibration, ServerSide servers,
            ObjectNode device, ObjectNode machine, List<String> powerProblems, LoadGenerator lg, String cgroup)
            throws IOException {
        ObjectNode protocol = protocol(o, deleteCalibration, cgroup);
        List<String> ids = o.stacks().stream().map(StackSpec::id).toList();
        if (Files.exists(file)) {
            // read back with ingest's rules: a campaign.json ingest would reject is not resumed
            Problems problems = new Problems();
            dev.tpm.codec.CampaignJson.Read read = dev.tpm.codec.CampaignJson.read(o.dataDir(), o.campaign(), problems);
            if (!problems.isEmpty()) {
                throw new IOException(problems.all().stream().map(Object::toString)
                        .collect(java.util.stream.Collectors.joining("\n")));
            }
            JsonNode oldProtocol = read.campaign().protocol();
            JsonNode now = new ObjectMapper().readTree(protocol.toString());
            if (!now.equals(oldProtocol)) {
                throw new IOException(file + ": $.protocol: this campaign was started with " + oldProtocol
                        + "; resuming it with another protocol would mix two protocols in one campaign (found " + now + ")");
            }
            List<String> oldIds = read.campaign().stacks().stream().map(s -> s.id()).toList();
            if (!oldIds.equals(ids)) throw new IOException(file + ": $.stacks: this campaign measures " + oldIds + ", found " + ids);
            if (!o.deviceId().equals(read.deviceId())) {
                throw new IOException(file + ": $.device.id: this campaign ran on '" + read.deviceId()
                        + "', found '" + o.deviceId() + "'");
            }
            requireSameMachine(file, JSON.readTree(file.toFile()).get("machine"), machine);
            return;
        }
        ObjectNode c = JSON.createObjectNode();
        c.put("campaign", o.campaign());
        c.put("study", o.preset().study());
        if (!powerProblems.isEmpty()) {
            ArrayNode pp = device.putArray("power_problems");
            powerProblems.forEach(pp::add);
        }
        c.set("device", device);
        c.set("machine", machine);
        ObjectNode l = c.putObject("load_generator");
        l.put("tool", lg.tool());
        l.put("version", lg.version());
        l.put("version_line", lg.versionLine());
        l.put("host", lg.host());
        if (lg.hostName() != null) l.put("host_name", lg.hostName());
        if (lg.cpus() != null) l.put("cpus", lg.cpus());
        if (!Double.isNaN(lg.timeoutS())) l.put("timeout_s", Math.round(lg.timeoutS()));
        c.set("protocol", protocol);
        ArrayNode stacks = c.putArray("stacks");
        for (StackSpec s : o.stacks()) {
            ObjectNode e = stacks.addObject();
            e.put("id", s.id());
            String version = servers.toolchainVersion(s);
            e.put("language", version == null ? s.language() : s.language() + " " + version);
            e.put("framework", s.framework());
            if (s.standIn() != null) {
                ObjectNode si = e.putObject("stand_in");
                si.put("for", s.standIn().forServer());
                si.put("why", s.standIn().why());
            }
            Long bytes = servers.artifactBytes(s);
            if (bytes != null) e.put("artifact_bytes", bytes);
            Long runtime = servers.runtimeBytes(s);
            if (runtime != null) e.put("runtime_bytes", runtime);
            e.put("workers", s.workers());
            Map<String, String> versions = servers.versions(s);
            if (versions != null) {
                ObjectNode v = e.putObject("versions");
                versions.forEach(v::put);
            }
            Map<String, String> env = servers.environment(s, o.bind(), o.workDir().resolve("items.db"));
            if (!env.isEmpty()) {
                ObjectNode en = e.putObject("env");
                env.forEach(en::put);
            }
        }
        dev.tpm.codec.CampaignJson.write(file, c);
    }
}
