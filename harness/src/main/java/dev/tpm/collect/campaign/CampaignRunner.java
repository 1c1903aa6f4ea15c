package dev.tpm.collect.campaign;

import dev.tpm.codec.Problems;
import dev.tpm.codec.RunCsv;
import dev.tpm.codec.Sha256Sums;
import dev.tpm.model.RunRow;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import dev.tpm.model.Preset;
import dev.tpm.collect.cgroup.Cgroups;
import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.loadgen.LoadGenerator;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Device;
import dev.tpm.model.Endpoints;
import dev.tpm.model.LoadGeneratorInfo;
import dev.tpm.model.Machine;
import dev.tpm.model.Protocol;
import dev.tpm.model.RunColumns;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a collection campaign (servers.md "The collection stage") into
 * {@code data/raw/<campaign>/}: takes the lock ({@link CampaignLock}), writes or checks
 * campaign.json ({@link CampaignJsonWriter}), rebuilds the queue from the rows already written
 * ({@link RunQueue}), then measures one run after the other ({@link RunMeasurement}, whose status
 * comes from {@link RunVerdict}) and appends each row, forced to disk, before the next. Runs that
 * are discarded or fail are queued again within the retry budget; groups that cannot reach their
 * measured runs are named at the end.
 */
public final class CampaignRunner {
    public static final String CAMPAIGN_JSON = "campaign.json";
    public static final String PHASE1_CSV = "phase1.csv";
    public static final String PHASE2_CSV = "phase2.csv";
    public static final String PHASE3_DIR = "phase3";
    public static final String PHASE4_CSV = "phase4.csv";
    public static final String PHASE5_CSV = "phase5.csv";
    public static final String LOADGEN_DIR = "loadgen";
    static final String CHILDREN_FILE = CampaignLock.CHILDREN_FILE;

    /**
     * One campaign's settings, built with {@link #builder}: what a spec version or an option adds
     * is a field with a default, never another constructor.
     *
     * @param stacks each must have passed the conformance check
     * @param deviceId campaign.json's device.id
     * @param modelId campaign.json's device.model_id (data.md version 4), or null
     * @param pinning CPUs of the server, the load generator and this JVM
     * @param workDir scratch space outside data/: the database, server logs, wrk output, the lock
     * @param loadGen the load generators (installed where, run where) and the address the server binds
     * @param maxErrorRate data/config/analysis.json's max_error_rate: above it a run is discarded
     * @param withoutVcgencmd the user chose to run a paper campaign without vcgencmd (recorded)
     * @param procStat where the steal counter is read (the quiet gate, steal_s and the steal rule):
     *     /proc/stat, or a test's own file
     */
    public record Options(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
            String modelId, Pinning pinning, Path workDir, LoadGenSetup loadGen, double maxErrorRate,
            boolean withoutVcgencmd, Path procStat) {
        public Options {
            stacks = List.copyOf(stacks);
        }

        /**
         * Options with their defaults: no model id, no pinning, analysis.md's default error rate,
         * a paper campaign's vcgencmd required.
         */
        public static Builder builder(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
                LoadGenSetup loadGen, Path workDir) {
            return new Builder(dataDir, campaign, preset, stacks, deviceId, loadGen, workDir);
        }

        /** The address the server binds (the load generator must reach it). */
        public String bind() {
            return loadGen.bind();
        }

        /** These options with another preset (an {@code auto} campaign's, its DELETE table size measured). */
        public Options withPreset(Preset p) {
            return new Options(dataDir, campaign, p, stacks, deviceId, modelId, pinning, workDir, loadGen, maxErrorRate,
                    withoutVcgencmd, procStat);
        }

        /** Options field by field; each setter replaces a default. */
        public static final class Builder {
            private final Path dataDir;
            private final String campaign;
            private final Preset preset;
            private final List<StackSpec> stacks;
            private final String deviceId;
            private final LoadGenSetup loadGen;
            private final Path workDir;
            private String modelId;
            private Pinning pinning = Pinning.NONE;
            private double maxErrorRate = dev.tpm.model.AnalysisConfig.defaults().maxErrorRate();
            private boolean withoutVcgencmd;
            private Path procStat = dev.tpm.collect.sample.CpuSteal.PROC_STAT;

            private Builder(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
                    LoadGenSetup loadGen, Path workDir) {
                this.dataDir = dataDir;
                this.campaign = campaign;
                this.preset = preset;
                this.stacks = stacks;
                this.deviceId = deviceId;
                this.loadGen = loadGen;
                this.workDir = workDir;
            }

            public Builder modelId(String v) {
                modelId = v;
                return this;
            }

            public Builder pinning(Pinning v) {
                pinning = v;
                return this;
            }

            public Builder maxErrorRate(double v) {
                maxErrorRate = v;
                return this;
            }

            public Builder withoutVcgencmd(boolean v) {
                withoutVcgencmd = v;
                return this;
            }

            public Builder procStat(Path v) {
                procStat = v;
                return this;
            }

            public Options build() {
                return new Options(dataDir, campaign, preset, stacks, deviceId, modelId, pinning, workDir, loadGen,
                        maxErrorRate, withoutVcgencmd, procStat);
            }
        }
    }

    /** What a finished (or given up) campaign left. */
    public record Summary(Path campaignDir, int runsExecuted, int ok, int discarded, int failed, int loadGeneratorBound,
            List<String> gaveUp, List<String> manifestLines, double overheadMedianS, double overheadMaxS,
            int hostSaturated, int stealFlagged, int stealDiscarded, double quietWaitS) {}

    private final Options o;
    private final ServerSide servers;
    private final Sensors sensors;
    private final DeviceFacts facts;
    private final PrintStream log;
    private final Path dir;

    public CampaignRunner(Options options, ServerSide servers, Sensors sensors, DeviceFacts facts, PrintStream log) {
        this.o = options;
        this.servers = servers;
        this.sensors = sensors;
        this.facts = facts;
        this.log = log;
        this.dir = options.dataDir().resolve("raw").resolve(options.campaign());
    }

    public Path campaignDir() {
        return dir;
    }

    public Summary run() throws IOException, InterruptedException {
        try (CampaignLock lock = CampaignLock.acquire(o.workDir(), o.campaign(), log)) {
            Thread hook = null;
            try {
                Files.createDirectories(dir);
                CampaignLock.removeTemporaryFiles(dir);
                checkPhase4Tool();
                Path scripts = o.loadGen().host().installScripts(o.loadGen().wrkScripts(), "/tmp/tpm-wrk-" + o.campaign());
                // on SIGTERM or Ctrl-C, take the running server (calibration's or run's) down with the harness
                java.util.concurrent.atomic.AtomicReference<Runnable> kill = new java.util.concurrent.atomic.AtomicReference<>(() -> {});
                hook = new Thread(() -> kill.get().run(), "collect-shutdown");
                Runtime.getRuntime().addShutdownHook(hook);
                Cgroups cgroups = servers.runsCommandPrefix() ? Cgroups.detect(o.workDir()) : Cgroups.none();
                cgroups.removeStale(o.campaign(), s -> log.println("collect: " + s));
                Machine machine = facts.machine();
                HardwareId.warning(machine.hardwareId()).ifPresent(w -> log.println("collect: " + w));
                Path campaignJson = dir.resolve(CAMPAIGN_JSON);
                Options run = o;
                Device device = facts.read(o.deviceId(), o.modelId(), sensors.power().id(), sensors.problems());
                int cores = device.cores() == null ? Runtime.getRuntime().availableProcessors() : device.cores();
                QuietGate gate = gate(o, cores);
                Protocol.DeleteCalibration calibration = null;
                if (o.preset().protocol().seedRowsDelete().auto()) {
                    List<PlannedRun> plan = Plan.of(o.preset(), o.stacks().stream().map(StackSpec::id).toList());
                    Protocol started = DeleteCalibration.recordedProtocol(o.dataDir(), o.campaign(), campaignJson);
                    Protocol.DeleteRows recorded = started == null ? null : started.seedRowsDelete();
                    if (recorded != null && !recorded.auto()) {
                        // resumed: the size this campaign measured when it started, never measured again
                        run = o.withPreset(o.preset().withSeedRowsDelete(Math.toIntExact(recorded.rows())));
                        calibration = started.deleteCalibration();
                    } else if (!Files.exists(campaignJson) && !DeleteCalibration.deleteLoads(plan).isEmpty()) {
                        DeleteCalibration c = new DeleteCalibration(o, servers, lock, scripts, log, gate);
                        kill.set(c::killCurrentServer);
                        DeleteCalibration.Result r = c.calibrate(plan);
                        run = o.withPreset(o.preset().withSeedRowsDelete(r.rows()));
                        calibration = r.recorded();
                    }
                }
                CampaignJsonWriter.writeOrCheck(campaignJson, run, calibration, servers, device, machine,
                        loadGenerator(), cgroups.mode());
                sensors.problems().forEach(p -> log.println("collect: power: " + p));
                RunMeasurement measurement = new RunMeasurement(run, servers, sensors, lock, dir, scripts, cgroups, cores);
                kill.set(measurement::killCurrentServer);
                // an auto campaign's one DELETE table may grow when a run runs out of rows (DeleteTableGrowth)
                DeleteTable table = o.preset().protocol().seedRowsDelete().auto() && !run.preset().protocol().seedRowsDelete().auto()
                        ? new DeleteTable(campaignJson, Math.toIntExact(run.preset().protocol().seedRowsDelete().rows()),
                                DeleteCalibration.deleteLoads(Plan.of(run.preset(), o.stacks().stream().map(StackSpec::id).toList())))
                        : null;
                return runLocked(measurement, gate, table);
            } finally {
                if (hook != null) {
                    try {
                        Runtime.getRuntime().removeShutdownHook(hook);
                    } catch (IllegalStateException shuttingDown) {
                        // the hook is running
                    }
                }
            }
        }
    }

    /**
     * The campaign's quiet gate (version 5): off when the preset's max_steal_share is null; reads
     * the steal counter of {@link Options#procStat} over the device's cores.
     */
    static QuietGate gate(Options o, int cores) {
        Protocol q = o.preset().protocol();
        if (q.maxStealShare() == null) return QuietGate.OFF;
        return new QuietGate(q.maxStealShare(), q.quiet(), new dev.tpm.collect.sample.CpuSteal(o.procStat()), cores,
                dev.tpm.collect.sample.ClockTicks.perSecond(), CampaignRunner::sleepSeconds);
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

    /**
     * The DELETE table of an {@code auto} campaign, which grows for every stack when a run runs out
     * of rows ({@link DeleteTableGrowth}).
     *
     * @param loads concurrency -> the longest delete run at it
     */
    private static final class DeleteTable {
        final Path campaignJson;
        int rows;
        final java.util.SortedMap<Integer, Integer> loads;

        DeleteTable(Path campaignJson, int rows, java.util.SortedMap<Integer, Integer> loads) {
            this.campaignJson = campaignJson;
            this.rows = rows;
            this.loads = loads;
        }

        int longestRunS() {
            return loads.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        }
    }

    /** Counts over the runs this process made, for the end summary. */
    private static final class Tally {
        int k;
        int ok;
        int discarded;
        int failed;
        long maxSeq;
        final List<String> gaveUp = new ArrayList<>();
        /** The load-generator-bound and host-saturated runs, per stack. */
        final RunFlags flags;

        Tally(double flagShare) {
            flags = new RunFlags(flagShare);
        }
        /** The harness's own time per run outside the protocol's waits. */
        final HarnessOverhead overhead = new HarnessOverhead();
        /** Seconds the quiet gate waited before this process's runs, and its longest wait. */
        double quietWaitS;
        double quietWaitMaxS;
        int quietWaited;
        int wentAheadNoisy;
    }

    private Summary runLocked(RunMeasurement measurement, QuietGate gate, DeleteTable table)
            throws IOException, InterruptedException {
        List<String> stackList = o.stacks().stream().map(StackSpec::id).toList();
        List<PlannedRun> plan = Plan.of(o.preset(), stackList);
        // version 5: phases 1, 2 and 5 share rounds, so phase 5 is in the plan and its rows resume it
        boolean rounds = Rounds.on(o.preset().protocol().order());
        RunQueue queue = new RunQueue(plan, o.preset().protocol().maxRetries());
        Tally t = new Tally(RunFlags.flagShare(o.preset().protocol()));
        int rows = 0;
        Map<Long, String> seqs = new HashMap<>(); // seq is unique within the campaign, across phases
        Set<String> stackIds = new LinkedHashSet<>(stackList);
        List<RunRow> phase4Rows = new ArrayList<>();
        List<RunRow> phase5Rows = new ArrayList<>();
        for (int phase : RUN_FILE_PHASES) {
            Path csv = dir.resolve(csvName(phase));
            long cut = RunCsv.truncateTornTail(csv);
            if (cut > 0) log.println("collect: " + csv + ": cut a torn last line (" + cut + " bytes) left by an interrupted run");
            if (!Files.exists(csv) || Files.size(csv) == 0) continue;
            if (table != null && phase != 4) {
                // a campaign stopped between campaign.json's new DELETE table and the rewrite of its rows
                List<RunRow> stale = DeleteTableGrowth.rewrite(csv, readForResume(o.dataDir(), csv, phase, stackIds,
                        new HashMap<>()), table.rows);
                if (!stale.isEmpty()) log.println("collect: " + csv + ": " + stale.size() + " delete runs kept on an earlier"
                        + " DELETE table set aside, to be measured again on the campaign's " + table.rows + " rows");
            }
            for (RunRow r : readForResume(o.dataDir(), csv, phase, stackIds, seqs)) {
                if (phase == 4) phase4Rows.add(r);
                else if (phase == 5 && !rounds) phase5Rows.add(r);
                else queue.recordEarlier(new PlannedRun.Group(phase, r.stack(), r.endpoint(), r.concurrency(), r.warmup()), r.run(),
                        r.ok(), r.round(), DeleteTableGrowth.superseded(r));
                t.maxSeq = Math.max(t.maxSeq, r.seq());
                rows++;
                if (r.endpoint().equals(Endpoints.DELETE_ITEM) && r.seededRows() != null && r.requests() != null) {
                    measurement.deleteRows().observed(r.stack(), r.seededRows().intValue(), r.requests(), r.durationS(), false);
                }
            }
        }
        int series = 0;
        Path phase3 = dir.resolve(PHASE3_DIR);
        if (Files.isDirectory(phase3)) {
            List<String> names;
            try (var s = Files.list(phase3)) {
                names = s.map(p -> p.getFileName().toString()).toList();
            }
            for (PlannedRun r : plan) {
                if (r.phase() == 3 && names.contains(MemorySeriesFile.fileName(r.stack(), r.endpoint(), r.run()))) {
                    queue.recordEarlier(r.group(), r.run(), true);
                    series++;
                }
            }
        }
        CampaignLock.removeOrphanLoadgen(dir.resolve(LOADGEN_DIR), t.maxSeq);
        if (rows > 0 || series > 0) {
            log.println("collect: resuming " + dir + ": " + rows + " rows and " + series + " memory series kept, next seq " + (t.maxSeq + 1));
        }
        queue.start();
        buildSeeded(measurement, queue.remaining());

        Progress progress = new Progress(log, o.preset().protocol());
        drain(queue, measurement, progress, t, gate, table);

        if (o.preset().protocol().phase4() != null) {
            // the rates of offered_fractions come from phase 1 as this campaign measured it, now complete
            Path p1 = dir.resolve(PHASE1_CSV);
            List<RunRow> phase1 = Files.exists(p1) ? readForResume(o.dataDir(), p1, 1, stackIds, new HashMap<>()) : List.of();
            Phase4Plan.Result p4 = Phase4Plan.of(o.preset(), stackList, phase1);
            p4.medians().forEach((k, m) -> log.println("collect: phase 4 " + k + ": phase-1 median "
                    + String.format(java.util.Locale.ROOT, "%.1f", m) + " rps, the base of offered_fractions"));
            for (String problem : p4.problems()) {
                log.println("collect: " + problem);
                t.gaveUp.add(problem);
            }
            RunQueue q4 = new RunQueue(p4.runs(), o.preset().protocol().maxRetries());
            for (RunRow r : phase4Rows) {
                q4.recordEarlier(new PlannedRun.Group(4, r.stack(), r.endpoint(), r.concurrency(), r.warmup(), r.offeredRps()),
                        r.run(), r.ok(), r.round());
            }
            q4.start();
            buildSeeded(measurement, q4.remaining());
            drain(q4, measurement, progress, t, gate, null);
            queue.gaveUp().forEach(t.gaveUp::add);
            q4.gaveUp().forEach(t.gaveUp::add);
            if (o.preset().protocol().phase4().search() != null) {
                search(stackList, stackIds, p4, phase1, measurement, progress, t, gate);
            }
        } else {
            queue.gaveUp().forEach(t.gaveUp::add);
        }
        if (o.preset().protocol().phase5() != null && !rounds) {
            // version 4's steady state, after every other phase
            RunQueue q5 = new RunQueue(Phase5Plan.of(o.preset(), stackList), o.preset().protocol().maxRetries());
            for (RunRow r : phase5Rows) {
                q5.recordEarlier(new PlannedRun.Group(5, r.stack(), r.endpoint(), r.concurrency(), r.warmup()), r.run(), r.ok());
            }
            q5.start();
            buildSeeded(measurement, q5.remaining());
            drain(q5, measurement, progress, t, gate, null);
            q5.gaveUp().forEach(t.gaveUp::add);
        }
        for (int phase : RUN_FILE_PHASES) {
            Path csv = dir.resolve(csvName(phase));
            if (Files.exists(csv) && Files.readString(csv, StandardCharsets.UTF_8).strip().indexOf('\n') < 0) Files.delete(csv);
        }
        List<String> added = Sha256Sums.addFiles(o.dataDir(), o.dataDir().relativize(dir).toString());
        log.println("collect: " + dir + ": " + t.k + " runs (" + t.ok + " ok, " + t.discarded + " discarded, " + t.failed
                + " failed, " + t.flags.loadGeneratorBound() + " load-generator bound, " + t.flags.hostSaturated()
                + " host saturated, " + t.flags.stealFlagged() + " with CPU steal over " + RunFlags.percent(RunFlags.flagShare(o.preset().protocol())) + "); " + added.size() + " files added to " + o.dataDir().resolve(Sha256Sums.FILE_NAME));
        for (String line : t.flags.summaryLines()) log.println("collect: " + line);
        if (gate.on()) {
            log.println(String.format(java.util.Locale.ROOT, "collect: quiet gate: waited %.1f s in all before %d of %d runs"
                    + " (longest %.1f s); %d runs went ahead after the longest wait; %d runs discarded for steal above"
                    + " max_steal_share %s", t.quietWaitS, t.quietWaited, t.k, t.quietWaitMaxS, t.wentAheadNoisy,
                    t.flags.stealDiscarded(), Double.toString(o.preset().protocol().maxStealShare())));
        }
        if (t.overhead.count() > 0) log.println("collect: " + t.overhead.summaryLine());
        for (String g : t.gaveUp) log.println("collect: " + g + ": did not reach its measured runs");
        return new Summary(dir, t.k, t.ok, t.discarded, t.failed, t.flags.loadGeneratorBound(), List.copyOf(t.gaveUp), added,
                t.overhead.medianS(), t.overhead.maxS(), t.flags.hostSaturated(),
                t.flags.stealFlagged(), t.flags.stealDiscarded(), t.quietWaitS);
    }

    /** The phases with a run file (phase 3 writes one file per series). */
    private static final int[] RUN_FILE_PHASES = {1, 2, 4, 5};

    /**
     * Phase 4's search ({@link Phase4Search}): one step after the other, each planned from phase4.csv
     * as written so far, so that a resumed campaign replays the steps it made (their runs recorded
     * earlier, not made again) and goes on where it stopped.
     */
    private void search(List<String> stackList, Set<String> stackIds, Phase4Plan.Result declared, List<RunRow> phase1,
            RunMeasurement measurement, Progress progress, Tally t, QuietGate gate) throws IOException, InterruptedException {
        Phase4Search.Target target = Phase4Search.target(o.dataDir());
        Map<String, java.util.TreeSet<Double>> rates = Phase4Search.declaredRates(declared.runs());
        Map<String, Double> medians = Phase4Search.medians(o.preset(), stackList, phase1);
        Path csv = dir.resolve(PHASE4_CSV);
        Set<String> said = new java.util.HashSet<>();
        for (int step = 1; ; step++) {
            List<RunRow> rows = Files.exists(csv) && Files.size(csv) > 0
                    ? readForResume(o.dataDir(), csv, 4, stackIds, new HashMap<>()) : List.of();
            Phase4Search.Step s = Phase4Search.next(o.preset(), stackList, rates, medians, rows, target, step);
            s.lines().stream().filter(said::add).forEach(l -> log.println("collect: " + l));
            if (s.runs().isEmpty()) return;
            RunQueue q = new RunQueue(s.runs(), o.preset().protocol().maxRetries());
            for (RunRow r : rows) {
                q.recordEarlier(new PlannedRun.Group(4, r.stack(), r.endpoint(), r.concurrency(), r.warmup(), r.offeredRps()),
                        r.run(), r.ok(), r.round());
            }
            q.start();
            drain(q, measurement, progress, t, gate, null);
            q.gaveUp().forEach(t.gaveUp::add);
        }
    }

    /** Measures the queue's runs one after the other, appending each row (phases 1, 2, 4) before the next. */
    /**
     * @param table the DELETE table that may grow when a run of this queue runs out of rows, or null
     *     (phase 4's queues, a campaign with a fixed table)
     */
    private void drain(RunQueue queue, RunMeasurement measurement, Progress progress, Tally t, QuietGate gate,
            DeleteTable table) throws IOException, InterruptedException {
        while (!queue.isEmpty()) {
            PlannedRun r = queue.next();
            t.k++;
            progress.starting(t.k, t.k + queue.remaining().size(), r, queue.remaining(), t.flags.progressText());
            // version 5's quiet gate, before the run's reset and spawn; its window is not part of the run
            QuietGate.Wait w = gate.await(line -> log.println("collect: run " + t.k + ": " + line));
            if (w.waitedS() > 0) {
                t.quietWaitS += w.waitedS();
                t.quietWaitMaxS = Math.max(t.quietWaitMaxS, w.waitedS());
                t.quietWaited++;
            }
            if (w.wentAheadNoisy()) t.wentAheadNoisy++;
            long t0 = System.nanoTime();
            boolean hasRow = r.phase() != 3;
            RunMeasurement.Attempt a = measurement.attempt(r, hasRow ? t.maxSeq + 1 : 0, gate.on() ? w.waitedS() : Double.NaN);
            if (hasRow) {
                t.maxSeq++;
                RunCsv.append(dir.resolve(csvName(r.phase())), a.row());
            }
            long wallNanos = System.nanoTime() - t0;
            progress.finished(r, wallNanos / 1e9);
            t.overhead.record(r.toString(), wallNanos, measurement.lastWaitNanos());
            t.flags.record(r.stack(), a.verdict());
            if (a.verdict().stealDiscarded()) t.flags.recordStealDiscard(r.stack());
            if (a.row() != null && measurement.stealFlagged(a.row().stealS(), a.row().durationS())) t.flags.recordSteal(r.stack());
            if (a.verdict().ok()) {
                t.ok++;
            } else {
                if (a.verdict().status() == dev.tpm.model.RunStatus.DISCARDED) t.discarded++;
                else t.failed++;
                log.println("collect: " + r + ": " + a.verdict().status().text() + ": " + a.verdict().note());
            }
            RunQueue.Requeue q = queue.report(r, a.verdict().ok() ? RunQueue.Outcome.OK : RunQueue.Outcome.NOT_OK);
            if (table != null && a.verdict().outOfRows() && a.row() != null && a.row().requests() != null) {
                grow(table, r, a.row(), queue, measurement);
            }
            if (q == RunQueue.Requeue.GAVE_UP) {
                log.println("collect: " + RunQueue.groupName(r.group()) + ": " + o.preset().protocol().maxRetries()
                        + " retries used; giving up on its missing runs");
            }
        }
    }

    /**
     * {@link DeleteTableGrowth}: the campaign's DELETE table grows for every stack after {@code
     * ranOut}; campaign.json records the new size first, then the delete runs kept on the old table
     * are set aside in their files and queued again, so a campaign stopped in between finishes the
     * rewrite when it resumes.
     */
    private void grow(DeleteTable table, PlannedRun ranOut, RunRow row, RunQueue queue, RunMeasurement measurement)
            throws IOException {
        int next = DeleteTableGrowth.grown(table.rows, row.requests(), row.durationS(), table.longestRunS());
        if (next <= table.rows) return; // at its largest: a plain discard
        log.println("collect: " + ranOut + " ran out of rows on the campaign's DELETE table of " + table.rows
                + " rows: the table grows to " + next + " rows for every stack, and the delete runs kept on "
                + table.rows + " rows are measured again");
        Problems problems = new Problems();
        dev.tpm.model.Campaign c = dev.tpm.codec.CampaignJson.read(o.dataDir(), o.campaign(), problems).campaign();
        if (c == null || !problems.isEmpty()) throw new IOException(table.campaignJson + ": cannot be read back to record the new DELETE table");
        Protocol grown = c.protocol().toBuilder().seedRowsDelete(new Protocol.DeleteRows((long) next)).build();
        dev.tpm.codec.CampaignJson.write(table.campaignJson, new dev.tpm.model.Campaign(c.id(), c.folder(), c.study(),
                c.device(), c.machine(), c.loadGenerator(), grown, c.stacks(), c.extra()));
        table.rows = next;
        measurement.deleteTableRows(next);
        servers.buildSeeded(RunMeasurement.database(o), next);
        Set<String> stackIds = new LinkedHashSet<>(o.stacks().stream().map(StackSpec::id).toList());
        for (int phase : RUN_FILE_PHASES) {
            Path csv = dir.resolve(csvName(phase));
            if (phase == 4 || !Files.exists(csv) || Files.size(csv) == 0) continue;
            for (RunRow s : DeleteTableGrowth.rewrite(csv, readForResume(o.dataDir(), csv, phase, stackIds, new HashMap<>()), next)) {
                int durationS = (phase == 5 ? o.preset().protocol().phase5().durationS() : o.preset().protocol().durationS()).intValue();
                queue.supersede(new PlannedRun(phase, s.stack(), s.endpoint(), s.concurrency(), s.run(), false, durationS, Double.NaN,
                        s.round() == null ? 0 : s.round()));
            }
        }
    }

    /**
     * Builds each database size the queued runs start from, once, before the first run (servers.md
     * step 1: no run pays for seeding); each run then gets a copy.
     */
    private void buildSeeded(RunMeasurement measurement, List<PlannedRun> queued) throws IOException {
        java.util.SortedSet<Integer> sizes = new java.util.TreeSet<>();
        for (PlannedRun r : queued) sizes.add(measurement.seedRows(r));
        Path db = RunMeasurement.database(o);
        for (int rows : sizes) servers.buildSeeded(db, rows);
        if (!sizes.isEmpty()) log.println("collect: every run starts from a copy of a database built once: " + sizes + " rows");
    }

    /**
     * The rows of a run file this harness wrote, read back for a resume with ingest's own reader
     * (the contract's {@link RunCsv}): a row ingest would reject stops the resume with ingest's
     * message, naming the file relative to data/, the line and the column.
     *
     * @param stacks the campaign's stack ids (campaign.json's), or null not to check them
     * @param seqs seq values of the campaign's files read so far (phase 2 continues phase 1)
     */
    public static List<RunRow> readForResume(Path dataDir, Path csv, int phase, Set<String> stacks,
            Map<Long, String> seqs) throws IOException {
        Problems problems = new Problems();
        String shown = Sha256Sums.relative(dataDir, csv);
        List<RunCsv.Line> lines = RunCsv.read(csv, shown, phase, stacks, seqs, problems, w -> {});
        if (!problems.isEmpty()) {
            throw new IOException(problems.all().stream().map(Object::toString)
                    .collect(java.util.stream.Collectors.joining("\n")));
        }
        List<RunRow> rows = new ArrayList<>();
        for (RunCsv.Line l : lines) rows.add(l.row());
        return rows;
    }

    static String csvName(int phase) {
        return switch (phase) {
            case 1 -> PHASE1_CSV;
            case 2 -> PHASE2_CSV;
            case 4 -> PHASE4_CSV;
            case 5 -> PHASE5_CSV;
            default -> throw new IllegalArgumentException("phase " + phase + " has no run file");
        };
    }

    static void sleepSeconds(double s) throws InterruptedException {
        if (s > 0) TimeUnit.MILLISECONDS.sleep(Math.round(s * 1000));
    }
}
