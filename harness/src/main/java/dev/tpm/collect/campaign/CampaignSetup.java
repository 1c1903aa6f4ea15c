package dev.tpm.collect.campaign;

import dev.tpm.collect.cgroup.Cgroups;
import dev.tpm.collect.loadgen.LoadGenerator;
import dev.tpm.collect.sample.ClockTicks;
import dev.tpm.collect.sample.Commands;
import dev.tpm.collect.sample.Sysbench;
import dev.tpm.collect.sample.CpuSteal;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Device;
import dev.tpm.model.LoadGeneratorInfo;
import dev.tpm.model.Machine;
import dev.tpm.model.Protocol;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Everything before a campaign's first run (servers.md "The collection stage"): phase 4's tool
 * checked, the load generator's scripts installed, the cgroups of a crashed run removed, the device
 * and the machine read, the quiet gate made, the DELETE table of an {@code auto} campaign sized
 * (measured once, or read back on resume), campaign.json written or checked, and the measurement
 * of one run set up.
 */
final class CampaignSetup {
    /**
     * A campaign ready for its first run.
     *
     * @param options the options with the DELETE table's measured size
     * @param table the DELETE table that may grow, or null (a fixed table)
     */
    record Ready(CampaignOptions options, RunMeasurement measurement, QuietGate gate, DeleteTable table, int cores, Path scripts) {}

    private final CampaignOptions o;
    private final ServerSide servers;
    private final Sensors sensors;
    private final DeviceFacts facts;
    private final PrintStream log;
    private final CampaignFolder folder;

    CampaignSetup(CampaignOptions o, ServerSide servers, Sensors sensors, DeviceFacts facts, PrintStream log, CampaignFolder folder) {
        this.o = o;
        this.servers = servers;
        this.sensors = sensors;
        this.facts = facts;
        this.log = log;
        this.folder = folder;
    }

    Ready prepare(CampaignLock lock, ShutdownGuard guard) throws IOException, InterruptedException {
        Path dir = folder.dir();
        Files.createDirectories(dir);
        CampaignLock.removeTemporaryFiles(dir);
        checkPhase4Tool();
        CampaignOptions probed = withProbeVersion(o);
        Path scripts = o.loadGen().host().installScripts(o.loadGen().wrkScripts(), "/tmp/tpm-wrk-" + o.campaign());
        Cgroups cgroups = servers.runsCommandPrefix() ? Cgroups.detect(o.workDir()) : Cgroups.none();
        cgroups.removeStale(o.campaign(), s -> log.println("collect: " + s));
        Machine machine = facts.machine();
        HardwareId.warning(machine.hardwareId()).ifPresent(w -> log.println("collect: " + w));
        Path campaignJson = dir.resolve(CampaignFolder.CAMPAIGN_JSON);
        CampaignOptions run = probed;
        Device device = facts.read(o.deviceId(), o.modelId(), sensors.power().id(), sensors.problems());
        int cores = device.cores() == null ? Runtime.getRuntime().availableProcessors() : device.cores();
        QuietGate gate = gate(o, cores);
        Protocol.DeleteCalibration calibration = null;
        List<String> stackIds = o.stacks().stream().map(StackSpec::id).toList();
        if (o.preset().protocol().seedRowsDelete().auto()) {
            List<PlannedRun> plan = Plan.of(o.preset(), stackIds);
            Protocol started = DeleteCalibration.recordedProtocol(o.dataDir(), o.campaign(), campaignJson);
            Protocol.DeleteRows recorded = started == null ? null : started.seedRowsDelete();
            if (recorded != null && !recorded.auto()) {
                // resumed: the size this campaign measured when it started, never measured again
                run = probed.withPreset(probed.preset().withSeedRowsDelete(Math.toIntExact(recorded.rows())));
                calibration = started.deleteCalibration();
            } else if (!Files.exists(campaignJson) && !DeleteCalibration.deleteLoads(plan).isEmpty()) {
                DeleteCalibration c = new DeleteCalibration(o, servers, lock, scripts, log, gate);
                guard.killWith(c::killCurrentServer);
                DeleteCalibration.Result r = c.calibrate(plan);
                run = probed.withPreset(probed.preset().withSeedRowsDelete(r.rows()));
                calibration = r.recorded();
            }
        }
        CampaignJsonWriter.writeOrCheck(campaignJson, run, calibration, servers, device, machine, loadGenerator(), cgroups.mode());
        sensors.problems().forEach(p -> log.println("collect: power: " + p));
        RunMeasurement measurement = new RunMeasurement(run, servers, sensors, lock, dir, scripts, cgroups, cores);
        guard.killWith(measurement::killCurrentServer);
        // an auto campaign's one DELETE table may grow when a run runs out of rows (DeleteTableGrowth)
        DeleteTable table = o.preset().protocol().seedRowsDelete().auto() && !run.preset().protocol().seedRowsDelete().auto()
                ? new DeleteTable(run, folder, servers, log, Math.toIntExact(run.preset().protocol().seedRowsDelete().rows()),
                        DeleteCalibration.deleteLoads(Plan.of(run.preset(), stackIds)))
                : null;
        return new Ready(run, measurement, gate, table, cores, scripts);
    }

    /**
     * The campaign's quiet gate (version 5): off when the preset's max_steal_share is null; reads
     * the steal counter of {@link CampaignOptions#procStat} over the device's cores.
     */
    static QuietGate gate(CampaignOptions o, int cores) {
        Protocol q = o.preset().protocol();
        if (q.maxStealShare() == null) return QuietGate.OFF;
        return new QuietGate(q.maxStealShare(), q.quiet(), new CpuSteal(o.procStat()), cores, StealShares.groups(o, cores),
                ClockTicks.perSecond(), CampaignSetup::sleepSeconds);
    }

    static void sleepSeconds(double s) throws InterruptedException {
        if (s > 0) TimeUnit.MILLISECONDS.sleep(Math.round(s * 1000));
    }

    /** campaign.json's load_generator: the tool of phases 1-3, its version asked where it runs. */
    private LoadGeneratorInfo loadGenerator() throws IOException, InterruptedException {
        String host = o.loadGen().host().target();
        String hostName = host == null ? null : host.substring(host.indexOf('@') + 1);
        LoadGenerator tool = LoadGenerator.of(o.preset().loadGenerator(), o.loadGen());
        LoadGenerator.Version v = tool.version();
        double timeoutS = o.preset().timeoutS();
        // the tool takes whole seconds
        return new LoadGeneratorInfo(tool.tool(), v.number(), v.line(), o.loadGen().host().hostKind(), hostName,
                o.pinning().loadGeneratorCpus(), Double.isNaN(timeoutS) ? null : (double) Math.round(timeoutS), null, Map.of());
    }

    /**
     * Version 6: a preset with a probe needs sysbench (the refusal names the package to install);
     * campaign.json records the installed version, which a preset that names one must match.
     */
    private CampaignOptions withProbeVersion(CampaignOptions o) throws IOException {
        Protocol q = o.preset().protocol();
        if (q.probe() == null) return o;
        String installed = Sysbench.version(Commands.system(10_000));
        if (q.probe().version() != null && !q.probe().version().equals(installed)) {
            throw new IOException("preset " + o.preset().name() + ": $.probe.version: expected the installed sysbench ("
                    + installed + ") to be the preset's version, found " + q.probe().version() + " in the preset");
        }
        Protocol.Probe p = q.probe();
        Protocol recorded = q.toBuilder().probe(new Protocol.Probe(p.tool(), installed, p.durationS(), p.everyRuns())).build();
        log.println("collect: probe: sysbench " + installed + ", its cpu and memory tests of " + p.durationS() + " s each"
                + " before the first run, after every round (or every " + p.everyRuns() + " runs) and after the last");
        return o.withPreset(new dev.tpm.model.Preset(recorded, o.preset().description(), o.preset().study(),
                o.preset().loadGenerator(), o.preset().modelId()));
    }

    /**
     * Before any run: phase 4's load generator is installed, loads its endpoints, and is the
     * version the preset pins (campaign.json's protocol.phase4 records the preset's version, so
     * another one would be another protocol).
     */
    private void checkPhase4Tool() throws IOException, InterruptedException {
        Protocol.Phase4 q = o.preset().protocol().phase4();
        if (q == null) return;
        Protocol.Phase4LoadGenerator pinned = q.loadGenerator();
        LoadGenerator tool = LoadGenerator.of(pinned.tool(), o.loadGen());
        tool.checkReady(q.endpoints());
        LoadGenerator.Version v = tool.version();
        if (!v.number().equals(pinned.version())) {
            throw new IOException("preset " + o.preset().name() + ": $.phase4.load_generator.version: expected the installed "
                    + pinned.tool() + " (" + v.line() + ") to be the pinned version, found " + pinned.version() + " in the preset; run"
                    + " `make loadgen` or change the preset");
        }
    }
}
