package dev.tpm.collect.campaign;

import dev.tpm.codec.Problems;
import dev.tpm.codec.RunCsv;
import dev.tpm.codec.Sha256Sums;
import dev.tpm.model.RunRow;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.Preset;
import dev.tpm.collect.cgroup.Cgroups;
import dev.tpm.collect.loadgen.LoadGenHost;
import dev.tpm.collect.loadgen.LoadGenerator;
import dev.tpm.collect.loadgen.WrkCommand;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Endpoints;
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
    public static final String LOADGEN_DIR = "loadgen";
    static final String CHILDREN_FILE = CampaignLock.CHILDREN_FILE;

    /**
     * @param stacks each must have passed the conformance check
     * @param workDir scratch space outside data/: the database, server logs, wrk output, the lock
     * @param pinning CPUs of the server, the load generator and this JVM
     * @param loadGenHost this machine or another one reached through ssh
     * @param bind the address the server binds (the load generator must reach it)
     * @param maxErrorRate data/config/analysis.json's max_error_rate: above it a run is discarded
     * @param withoutVcgencmd the user chose to run a paper campaign without vcgencmd (recorded)
     * @param autocannonDir where npm installed autocannon (harness/loadgen/autocannon), for presets
     *     whose load generator it is
     */
    public record Options(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
            Pinning pinning, Path wrkScripts, String wrk, Path workDir, LoadGenHost loadGenHost, String bind,
            double maxErrorRate, boolean withoutVcgencmd, Path autocannonDir, String node) {
        public Options {
            stacks = List.copyOf(stacks);
            if (node == null || node.isBlank()) throw new IllegalArgumentException("node: expected an executable, found '" + node + "'");
        }

        /** These options with another preset (an {@code auto} campaign's, its DELETE table size measured). */
        public Options withPreset(Preset p) {
            return new Options(dataDir, campaign, p, stacks, deviceId, pinning, wrkScripts, wrk, workDir, loadGenHost, bind,
                    maxErrorRate, withoutVcgencmd, autocannonDir, node);
        }

        /** autocannon run by the first node on the load generator's PATH. */
        public Options(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
                Pinning pinning, Path wrkScripts, String wrk, Path workDir, LoadGenHost loadGenHost, String bind,
                double maxErrorRate, boolean withoutVcgencmd, Path autocannonDir) {
            this(dataDir, campaign, preset, stacks, deviceId, pinning, wrkScripts, wrk, workDir, loadGenHost, bind,
                    maxErrorRate, withoutVcgencmd, autocannonDir, LoadGenerator.DEFAULT_NODE);
        }

        /** autocannon beside the wrk scripts: {@code <harness>/loadgen/autocannon}. */
        public Options(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
                Pinning pinning, Path wrkScripts, String wrk, Path workDir, LoadGenHost loadGenHost, String bind,
                double maxErrorRate, boolean withoutVcgencmd) {
            this(dataDir, campaign, preset, stacks, deviceId, pinning, wrkScripts, wrk, workDir, loadGenHost, bind,
                    maxErrorRate, withoutVcgencmd, wrkScripts.toAbsolutePath().getParent().resolve("loadgen").resolve("autocannon"));
        }

        /** This machine's load generator, bound to loopback, analysis.json's default error rate. */
        public Options(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId, boolean pin,
                Path wrkScripts, String wrk, Path workDir, String loadGeneratorHost, Path autocannonDir) {
            this(dataDir, campaign, preset, stacks, deviceId,
                    Pinning.of(pin, null, null, Runtime.getRuntime().availableProcessors()), wrkScripts, wrk, workDir,
                    LoadGenHost.LOCAL, "127.0.0.1", dev.tpm.model.AnalysisConfig.defaults().maxErrorRate(), false,
                    autocannonDir);
        }

        /** As above, autocannon beside the wrk scripts. */
        public Options(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId, boolean pin,
                Path wrkScripts, String wrk, Path workDir, String loadGeneratorHost) {
            this(dataDir, campaign, preset, stacks, deviceId, pin, wrkScripts, wrk, workDir, loadGeneratorHost,
                    wrkScripts.toAbsolutePath().getParent().resolve("loadgen").resolve("autocannon"));
        }
    }

    /** What a finished (or given up) campaign left. */
    public record Summary(Path campaignDir, int runsExecuted, int ok, int discarded, int failed, int loadGeneratorBound,
            List<String> gaveUp, List<String> manifestLines, double overheadMedianS, double overheadMaxS,
            int hostSaturated) {}

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
                Path scripts = o.loadGenHost().installScripts(o.wrkScripts(), "/tmp/tpm-wrk-" + o.campaign());
                // on SIGTERM or Ctrl-C, take the running server (calibration's or run's) down with the harness
                java.util.concurrent.atomic.AtomicReference<Runnable> kill = new java.util.concurrent.atomic.AtomicReference<>(() -> {});
                hook = new Thread(() -> kill.get().run(), "collect-shutdown");
                Runtime.getRuntime().addShutdownHook(hook);
                Cgroups cgroups = servers.runsCommandPrefix() ? Cgroups.detect(o.workDir()) : Cgroups.none();
                cgroups.removeStale(o.campaign(), s -> log.println("collect: " + s));
                Path campaignJson = dir.resolve(CAMPAIGN_JSON);
                Options run = o;
                JsonNode calibration = null;
                if (o.preset().seedRowsDelete() == Preset.AUTO) {
                    List<PlannedRun> plan = Plan.of(o.preset(), o.stacks().stream().map(StackSpec::id).toList());
                    Integer recorded = DeleteCalibration.recorded(campaignJson);
                    if (recorded != null) {
                        // resumed: the size this campaign measured when it started, never measured again
                        run = o.withPreset(o.preset().withSeedRowsDelete(recorded));
                        calibration = DeleteCalibration.recordedJson(campaignJson);
                    } else if (!Files.exists(campaignJson) && !DeleteCalibration.deleteLoads(plan).isEmpty()) {
                        DeleteCalibration c = new DeleteCalibration(o, servers, lock, scripts, log);
                        kill.set(c::killCurrentServer);
                        DeleteCalibration.Result r = c.calibrate(plan);
                        run = o.withPreset(o.preset().withSeedRowsDelete(r.rows()));
                        calibration = r.json();
                    }
                }
                ObjectNode device = facts.read(o.deviceId(), sensors.power().id());
                CampaignJsonWriter.writeOrCheck(campaignJson, run, calibration, servers, device, facts.machine(),
                        sensors.problems(), loadGenerator(), cgroups.mode());
                sensors.problems().forEach(p -> log.println("collect: power: " + p));
                RunMeasurement measurement = new RunMeasurement(run, servers, sensors, lock, dir, scripts, cgroups,
                        device.path("cores").asInt(Runtime.getRuntime().availableProcessors()));
                kill.set(measurement::killCurrentServer);
                return runLocked(measurement);
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

    private CampaignJsonWriter.LoadGenerator loadGenerator() throws IOException, InterruptedException {
        String line;
        String host = o.loadGenHost().target();
        String hostName = host == null ? null : host.substring(host.indexOf('@') + 1);
        LoadGenerator tool = LoadGenerator.of(o.preset().loadGenerator(), o.wrkScripts(), o.wrk(), o.autocannonDir(),
                o.node(), o.loadGenHost(), o.bind());
        if (!tool.tool().equals(LoadGenerator.WRK)) {
            LoadGenerator.Version v = tool.version();
            return new CampaignJsonWriter.LoadGenerator(tool.tool(), v.number(), v.line(), o.loadGenHost().hostKind(), hostName,
                    o.pinning().loadGeneratorCpus(), o.preset().timeoutS());
        } else if (o.loadGenHost().remote()) {
            line = o.loadGenHost().run(List.of("sh", "-c", "\"$1\" -v 2>&1; true", "sh", o.wrk()), null).strip().split("\n")[0].strip();
            if (!line.startsWith("wrk ")) throw new IOException(o.loadGenHost().target() + ": wrk -v: expected 'wrk <version>', found '" + line + "'");
        } else {
            line = WrkCommand.versionLine(o.wrk());
        }
        return new CampaignJsonWriter.LoadGenerator("wrk", WrkCommand.versionNumber(line), line, o.loadGenHost().hostKind(),
                hostName, o.pinning().loadGeneratorCpus(),
                o.preset().timeoutS());
    }

    private Summary runLocked(RunMeasurement measurement) throws IOException, InterruptedException {
        List<PlannedRun> plan = Plan.of(o.preset(), o.stacks().stream().map(StackSpec::id).toList());
        RunQueue queue = new RunQueue(plan, o.preset().maxRetries());
        long maxSeq = 0;
        int rows = 0;
        Map<Long, String> seqs = new HashMap<>(); // seq is unique within the campaign, across phases
        Set<String> stackIds = new LinkedHashSet<>(o.stacks().stream().map(StackSpec::id).toList());
        for (int phase = 1; phase <= 2; phase++) {
            Path csv = dir.resolve(csvName(phase));
            long cut = RunCsv.truncateTornTail(csv);
            if (cut > 0) log.println("collect: " + csv + ": cut a torn last line (" + cut + " bytes) left by an interrupted run");
            if (!Files.exists(csv) || Files.size(csv) == 0) continue;
            for (RunRow r : readForResume(o.dataDir(), csv, phase, stackIds, seqs)) {
                queue.recordEarlier(new PlannedRun.Group(phase, r.stack(), r.endpoint(), r.concurrency(), r.warmup()), r.run(), r.ok());
                maxSeq = Math.max(maxSeq, r.seq());
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
        CampaignLock.removeOrphanLoadgen(dir.resolve(LOADGEN_DIR), maxSeq);
        if (rows > 0 || series > 0) {
            log.println("collect: resuming " + dir + ": " + rows + " rows and " + series + " memory series kept, next seq " + (maxSeq + 1));
        }
        queue.start();
        buildSeeded(measurement, queue.remaining());

        Progress progress = new Progress(log, o.preset().settleS(), o.preset().cooldownS());
        HarnessOverhead overhead = new HarnessOverhead();
        int k = 0;
        int ok = 0;
        int discarded = 0;
        int failed = 0;
        RunFlags flags = new RunFlags();
        while (!queue.isEmpty()) {
            PlannedRun r = queue.next();
            k++;
            progress.starting(k, queue.total(), r, queue.remaining(), flags.progressText());
            long t0 = System.nanoTime();
            RunMeasurement.Attempt a = measurement.attempt(r, r.phase() <= 2 ? maxSeq + 1 : 0);
            if (r.phase() <= 2) {
                maxSeq++;
                RunCsv.append(dir.resolve(csvName(r.phase())), a.row());
            }
            long wallNanos = System.nanoTime() - t0;
            progress.finished(r, wallNanos / 1e9);
            overhead.record(r.toString(), wallNanos, measurement.lastWaitNanos());
            flags.record(r.stack(), a.verdict());
            if (a.verdict().ok()) {
                ok++;
            } else {
                if (a.verdict().status().equals(RunColumns.STATUS_DISCARDED)) discarded++;
                else failed++;
                log.println("collect: " + r + ": " + a.verdict().status() + ": " + a.verdict().note());
            }
            RunQueue.Requeue q = queue.report(r, a.verdict().ok() ? RunQueue.Outcome.OK : RunQueue.Outcome.NOT_OK);
            if (q == RunQueue.Requeue.GAVE_UP) {
                log.println("collect: " + RunQueue.groupName(r.group()) + ": " + o.preset().maxRetries()
                        + " retries used; giving up on its missing runs");
            }
        }
        for (int phase = 1; phase <= 2; phase++) {
            Path csv = dir.resolve(csvName(phase));
            if (Files.exists(csv) && Files.readString(csv, StandardCharsets.UTF_8).strip().indexOf('\n') < 0) Files.delete(csv);
        }
        List<String> added = Sha256Sums.addFiles(o.dataDir(), o.dataDir().relativize(dir).toString());
        log.println("collect: " + dir + ": " + k + " runs (" + ok + " ok, " + discarded + " discarded, " + failed
                + " failed, " + flags.loadGeneratorBound() + " load-generator bound, " + flags.hostSaturated()
                + " host saturated); " + added.size() + " files added to " + o.dataDir().resolve(Sha256Sums.FILE_NAME));
        for (String line : flags.summaryLines()) log.println("collect: " + line);
        if (overhead.count() > 0) log.println("collect: " + overhead.summaryLine());
        for (String g : queue.gaveUp()) log.println("collect: " + g + ": did not reach its measured runs");
        return new Summary(dir, k, ok, discarded, failed, flags.loadGeneratorBound(), queue.gaveUp(), added,
                overhead.medianS(), overhead.maxS(), flags.hostSaturated());
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
        return phase == 1 ? PHASE1_CSV : PHASE2_CSV;
    }

    static void sleepSeconds(double s) throws InterruptedException {
        if (s > 0) TimeUnit.MILLISECONDS.sleep(Math.round(s * 1000));
    }
}
