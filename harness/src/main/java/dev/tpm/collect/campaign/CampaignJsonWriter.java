package dev.tpm.collect.campaign;

import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.Problems;
import dev.tpm.collect.stack.StackSpec;
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
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * campaign.json (data.md): the {@link Campaign} written once when a campaign starts; checked when
 * it resumes (the protocol, the stacks and the machine must be the ones it started with, compared
 * as records). Besides data.md's keys it records the load generator's pinning and time-out, the
 * server's pinning, the harness's own CPUs, the clean environment each stack's server starts with,
 * and why a power source present on the machine could not be used.
 */
final class CampaignJsonWriter {
    private CampaignJsonWriter() {}

    /**
     * The protocol: the preset's, with the pinning and the flags this campaign ran under, the
     * delete calibration of an {@code auto} campaign, and {@code cgroup} (v2, v2-since-start, v1,
     * none: dev.tpm.collect.cgroup.Cgroups).
     */
    static Protocol protocol(CampaignOptions o, Protocol.DeleteCalibration deleteCalibration, String cgroup) {
        return o.preset().protocol().toBuilder()
                .deleteCalibration(deleteCalibration)
                .cgroup(cgroup)
                .serverCpus(o.pinning().serverCpus())
                .harnessCpus(o.pinning().harnessCpus())
                .bind(o.bind().equals("127.0.0.1") ? null : o.bind())
                .maxErrorRate(o.maxErrorRate())
                .withoutVcgencmd(o.withoutVcgencmd() ? Boolean.TRUE : null)
                .build();
    }

    /**
     * A campaign may outlast a session, never a machine (data.md {@code machine}): the identity
     * recorded when the campaign started against this machine's. Every recorded field must match
     * (a field the campaign did not record is not compared); a kernel updated in between is refused
     * too, since it changes what is measured.
     */
    static void requireSameMachine(Path file, Machine recorded, Machine now) throws IOException {
        String advice = "; another machine is another device: start a new campaign with its own id and device id"
                + " (--campaign, --device-id) instead of resuming this one";
        Map<String, Object> there = fields(recorded);
        if (there.isEmpty()) {
            throw new IOException(file + ": $.machine: expected the identity of the machine that started this campaign,"
                    + " found nothing (an older harness started it), so this cannot be shown to be that machine" + advice);
        }
        Map<String, Object> here = fields(now);
        List<String> differ = new ArrayList<>();
        there.forEach((key, value) -> {
            Object h = here.get(key);
            if (!Objects.equals(value, h)) differ.add(key + " " + show(value) + " there, " + (h == null ? "unknown" : show(h)) + " here");
        });
        if (!differ.isEmpty()) {
            throw new IOException(file + ": $.machine: this campaign was started on another machine ("
                    + String.join("; ", differ) + ")" + advice);
        }
    }

    /** The recorded fields of a machine, by campaign.json key, in its order: every key the record binds, none by hand. */
    private static Map<String, Object> fields(Machine m) {
        return CampaignJson.keys(m);
    }

    /** A value as campaign.json shows it: a string quoted. */
    private static String show(Object v) {
        return v instanceof String s ? "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"" : v.toString();
    }

    /**
     * Writes campaign.json when the campaign starts; when it resumes, checks it against what this
     * run would write.
     *
     * @param deleteCalibration what an {@code auto} campaign's calibration measured, or null
     */
    static void writeOrCheck(Path file, CampaignOptions o, Protocol.DeleteCalibration deleteCalibration,
            ServerSide servers, Device device, Machine machine, LoadGeneratorInfo lg, String cgroup) throws IOException {
        Protocol protocol = protocol(o, deleteCalibration, cgroup);
        List<String> ids = o.stacks().stream().map(StackSpec::id).toList();
        if (Files.exists(file)) {
            // read back with ingest's rules: a campaign.json ingest would reject is not resumed
            Problems problems = new Problems();
            CampaignJson.Read read = CampaignJson.read(o.dataDir(), o.campaign(), problems);
            if (!problems.isEmpty()) {
                throw new IOException(problems.all().stream().map(Object::toString).collect(Collectors.joining("\n")));
            }
            Campaign started = read.campaign();
            if (!protocol.equals(started.protocol())) {
                throw new IOException(file + ": $.protocol: this campaign was started with " + CampaignJson.compact(started.protocol())
                        + "; resuming it with another protocol would mix two protocols in one campaign (found "
                        + CampaignJson.compact(protocol) + ")");
            }
            List<String> oldIds = started.stacks().stream().map(StackInfo::id).toList();
            if (!oldIds.equals(ids)) throw new IOException(file + ": $.stacks: this campaign measures " + oldIds + ", found " + ids);
            if (!o.deviceId().equals(read.deviceId())) {
                throw new IOException(file + ": $.device.id: this campaign ran on '" + read.deviceId()
                        + "', found '" + o.deviceId() + "'");
            }
            requireSameMachine(file, started.machine(), machine);
            return;
        }
        List<StackInfo> stacks = new ArrayList<>();
        for (StackSpec s : o.stacks()) {
            String version = servers.toolchainVersion(s);
            Map<String, String> env = servers.environment(s, o.bind(), o.workDir().resolve("items.db"));
            stacks.add(new StackInfo(s.id(), version == null ? s.language() : s.language() + " " + version, s.framework(),
                    servers.artifactBytes(s), s.workers(),
                    s.standIn(),
                    servers.versions(s), servers.runtimeBytes(s), env.isEmpty() ? null : env, Map.of()));
        }
        CampaignJson.write(file, new Campaign(o.campaign(), o.campaign(), o.preset().study(), device, machine, lg, protocol,
                stacks, Map.of()));
    }
}
