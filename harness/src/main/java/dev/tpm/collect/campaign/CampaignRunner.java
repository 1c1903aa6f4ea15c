package dev.tpm.collect.campaign;

import dev.tpm.codec.AtomicFile;
import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.Problems;
import dev.tpm.codec.Seeds;
import dev.tpm.codec.Sha256Sums;
import dev.tpm.codec.RunCsv;
import dev.tpm.model.RunRow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.collect.Preset;
import dev.tpm.collect.loadgen.LoadGenerator;
import dev.tpm.collect.loadgen.WrkResult;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.ClockTicks;
import dev.tpm.collect.sample.ProcCpu;
import dev.tpm.collect.sample.ProcMemory;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.sample.Throttling;
import dev.tpm.collect.sample.TreeSampler;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Endpoints;
import dev.tpm.model.RunColumns;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Runs a collection campaign (servers.md "The collection stage") into
 * {@code data/raw/<campaign>/}: for every planned run, reset and seed the database, spawn the
 * server, time its start-up, settle, read the tree's idle memory, load it with wrk while sampling,
 * stop the whole tree, cool down, and append the row (forced to disk) before the next run. A
 * discarded or failed measured run is re-queued with the next free run number, at most
 * {@code max_retries} times per group. A campaign folder that exists already is resumed: its rows
 * are kept, completed keys are skipped, seq numbering goes on. A row's started_at is the instant
 * its server was spawned.
 */
public final class CampaignRunner {
    public static final String CAMPAIGN_JSON = "campaign.json";
    public static final String PHASE1_CSV = "phase1.csv";
    public static final String PHASE2_CSV = "phase2.csv";
    public static final String PHASE3_DIR = "phase3";
    public static final String LOADGEN_DIR = "loadgen";
    private static final DateTimeFormatter ISO_MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * @param stacks in block order; each must have passed the conformance check
     * @param workDir scratch space outside data/: the database, server logs, wrk output, the lock
     * @param pin split the cores between server and wrk with taskset (when there is more than one)
     * @param loadGeneratorHost campaign.json's load_generator.host: "same" (wrk on this machine, as
     *     this harness runs it) or "separate"
     * @param autocannonDir where npm installed autocannon (harness/loadgen/autocannon), for presets
     *     whose load generator it is
     */
    public record Options(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
            boolean pin, Path wrkScripts, String wrk, Path workDir, String loadGeneratorHost, Path autocannonDir) {
        public Options {
            stacks = List.copyOf(stacks);
        }

        /** autocannon beside the wrk scripts: {@code <harness>/loadgen/autocannon}. */
        public Options(Path dataDir, String campaign, Preset preset, List<StackSpec> stacks, String deviceId,
                boolean pin, Path wrkScripts, String wrk, Path workDir, String loadGeneratorHost) {
            this(dataDir, campaign, preset, stacks, deviceId, pin, wrkScripts, wrk, workDir, loadGeneratorHost,
                    wrkScripts.toAbsolutePath().getParent().resolve("loadgen").resolve("autocannon"));
        }
    }

    /** What a finished (or given up) campaign left. */
    public record Summary(Path campaignDir, int runsExecuted, int ok, int discarded, int failed, List<String> gaveUp,
            List<String> manifestLines) {}

    private final Options o;
    private final ServerSide servers;
    private final Sensors sensors;
    private final DeviceFacts facts;
    private final PrintStream log;
    private final Path dir;
    private final Map<String, StackSpec> specs = new LinkedHashMap<>();
    private final LoadGenerator loadGenerator;
    private volatile ServerSide.Server current;

    public CampaignRunner(Options options, ServerSide servers, Sensors sensors, DeviceFacts facts, PrintStream log) {
        this.o = options;
        this.servers = servers;
        this.sensors = sensors;
        this.facts = facts;
        this.log = log;
        this.dir = options.dataDir().resolve("raw").resolve(options.campaign());
        for (StackSpec s : options.stacks()) specs.put(s.id(), s);
        this.loadGenerator = LoadGenerator.of(options.preset().loadGenerator(), options.wrkScripts(), options.wrk(),
                options.autocannonDir());
    }

    public Path campaignDir() {
        return dir;
    }

    // ---------------------------------------------------------------- campaign

    public Summary run() throws IOException, InterruptedException {
        Files.createDirectories(o.workDir());
        try (FileChannel lockFile = FileChannel.open(o.workDir().resolve("lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock lock = lockFile.tryLock()) {
            if (lock == null) {
                throw new IOException(o.workDir().resolve("lock") + ": another collect process is running campaign "
                        + o.campaign());
            }
            killLeftovers();
            // on SIGTERM or Ctrl-C, take the running server down with the harness
            Thread hook = new Thread(this::killCurrentServer, "collect-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                return runLocked();
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running
                }
            }
        }
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

    private Summary runLocked() throws IOException, InterruptedException {
        Files.createDirectories(dir);
        removeTemporaryFiles();
        writeOrCheckCampaignJson();

        State state = new State();
        Map<Long, String> seqs = new HashMap<>(); // seq is unique within the campaign, across phases
        Set<String> stackIds = new LinkedHashSet<>(o.stacks().stream().map(StackSpec::id).toList());
        for (int phase = 1; phase <= 2; phase++) {
            Path csv = dir.resolve(csvName(phase));
            long cut = RunCsv.truncateTornTail(csv);
            if (cut > 0) log.println("collect: " + csv + ": cut a torn last line (" + cut + " bytes) left by an interrupted run");
            if (Files.exists(csv) && Files.size(csv) > 0) {
                for (RunRow r : readForResume(o.dataDir(), csv, phase, stackIds, seqs)) state.record(phase, r);
            }
        }
        Path phase3 = dir.resolve(PHASE3_DIR);
        if (Files.isDirectory(phase3)) {
            try (var s = Files.list(phase3)) {
                s.forEach(p -> state.phase3Files.add(p.getFileName().toString()));
            }
        }
        removeOrphanLoadgen(state.maxSeq);

        List<PlannedRun> plan = Plan.of(o.preset(), o.stacks().stream().map(StackSpec::id).toList());
        Map<String, Integer> blockOrder = new HashMap<>();
        for (PlannedRun r : plan) blockOrder.putIfAbsent(r.block(), blockOrder.size());
        List<PlannedRun> queue = new ArrayList<>();
        Map<PlannedRun.Group, Integer> targets = new LinkedHashMap<>();
        for (PlannedRun r : plan) {
            targets.merge(r.group(), 1, Integer::sum);
            state.maxRun.merge(r.group(), r.run(), Math::max);
            if (!state.attempted(r)) queue.add(r);
        }
        if (state.resumed()) {
            log.println("collect: resuming " + dir + ": " + state.rowCount + " rows and " + state.phase3Files.size()
                    + " memory series kept, next seq " + (state.maxSeq + 1));
        }
        // runs lost to discards or failures before an interruption are queued again
        int maxRetries = o.preset().maxRetries();
        for (var t : targets.entrySet()) {
            PlannedRun.Group g = t.getKey();
            if (g.warmup()) continue;
            int missing = t.getValue() - state.ok(g) - pending(queue, g);
            int allowed = Math.min(missing, state.budget(g, t.getValue(), maxRetries, pending(queue, g)));
            PlannedRun template = plan.stream().filter(r -> r.group().equals(g)).findFirst().orElseThrow();
            for (int i = 0; i < allowed; i++) insertInBlock(queue, template.withRun(state.nextRun(g)), blockOrder);
        }

        Progress progress = new Progress(log, o.preset().settleS(), o.preset().cooldownS());
        int k = 0;
        int okCount = 0;
        int discarded = 0;
        int failed = 0;
        List<String> gaveUp = new ArrayList<>();
        int total = queue.size();
        while (!queue.isEmpty()) {
            PlannedRun r = queue.remove(0);
            k++;
            progress.starting(k, total, r, queue);
            long t0 = System.nanoTime();
            Attempt a = attempt(r, r.phase() <= 2 ? state.maxSeq + 1 : 0);
            if (r.phase() <= 2) {
                state.maxSeq++;
                RunCsv.append(dir.resolve(csvName(r.phase())), a.row);
                state.record(r.phase(), a.row);
            } else if (a.ok()) {
                state.phase3Files.add(MemorySeriesFile.fileName(r.stack(), r.endpoint(), r.run()));
            } else {
                state.phase3Failures.merge(r.group(), 1, Integer::sum);
            }
            progress.finished(r, (System.nanoTime() - t0) / 1e9);
            if (a.ok()) {
                okCount++;
            } else {
                if (a.status.equals(RunColumns.STATUS_DISCARDED)) discarded++;
                else failed++;
                log.println("collect: " + r + ": " + a.status + ": " + a.note);
                if (!r.warmup()) {
                    if (state.budget(r.group(), targets.get(r.group()), maxRetries, pending(queue, r.group())) > 0) {
                        PlannedRun again = r.phase() == 3 ? r : r.withRun(state.nextRun(r.group()));
                        insertInBlock(queue, again, blockOrder);
                        total++;
                    } else {
                        String g = "phase " + r.phase() + " " + r.stack() + " " + r.endpoint() + " c=" + r.concurrency();
                        gaveUp.add(g);
                        log.println("collect: " + g + ": " + o.preset().maxRetries() + " retries used; giving up on its missing runs");
                    }
                }
            }
        }
        for (int phase = 1; phase <= 2; phase++) {
            Path csv = dir.resolve(csvName(phase));
            if (Files.exists(csv) && Files.readString(csv).strip().indexOf('\n') < 0) Files.delete(csv); // header only
        }
        List<String> added = Sha256Sums.addFiles(o.dataDir(), o.dataDir().relativize(dir).toString());
        log.println("collect: " + dir + ": " + k + " runs (" + okCount + " ok, " + discarded + " discarded, " + failed
                + " failed); " + added.size() + " files added to " + o.dataDir().resolve(Sha256Sums.FILE_NAME));
        return new Summary(dir, k, okCount, discarded, failed, gaveUp, added);
    }

    private static String csvName(int phase) {
        return phase == 1 ? PHASE1_CSV : PHASE2_CSV;
    }

    private static int pending(List<PlannedRun> queue, PlannedRun.Group g) {
        int n = 0;
        for (PlannedRun r : queue) if (r.group().equals(g)) n++;
        return n;
    }

    /** Puts a run at the end of its block (one phase of one stack), keeping blocks contiguous. */
    static void insertInBlock(List<PlannedRun> queue, PlannedRun r, Map<String, Integer> blockOrder) {
        int order = blockOrder.get(r.block());
        int at = queue.size();
        for (int i = 0; i < queue.size(); i++) {
            if (blockOrder.get(queue.get(i).block()) > order) {
                at = i;
                break;
            }
        }
        queue.add(at, r);
    }

    /** Rows so far: which keys were attempted, how many are ok, retries used, run numbers taken. */
    private final class State {
        final Set<String> attemptedKeys = new HashSet<>();
        final Map<PlannedRun.Group, Integer> okCount = new HashMap<>();
        final Map<PlannedRun.Group, Integer> notOkCount = new HashMap<>();
        final Map<PlannedRun.Group, Integer> maxRun = new HashMap<>();
        final Map<PlannedRun.Group, Integer> phase3Failures = new HashMap<>();
        final Set<String> phase3Files = new HashSet<>();
        long maxSeq;
        int rowCount;

        void record(int phase, RunRow row) {
            PlannedRun.Group g = new PlannedRun.Group(phase, row.stack(), row.endpoint(), row.concurrency(), row.warmup());
            attemptedKeys.add(phase + "/" + row.key());
            (row.ok() ? okCount : notOkCount).merge(g, 1, Integer::sum);
            maxRun.merge(g, row.run(), Math::max);
            maxSeq = Math.max(maxSeq, row.seq());
            rowCount++;
        }

        boolean resumed() {
            return rowCount > 0 || !phase3Files.isEmpty();
        }

        boolean attempted(PlannedRun r) {
            if (r.phase() == 3) return phase3Files.contains(MemorySeriesFile.fileName(r.stack(), r.endpoint(), r.run()));
            return attemptedKeys.contains(r.phase() + "/" + r.key());
        }

        int ok(PlannedRun.Group g) {
            if (g.phase() == 3) {
                String prefix = g.stack() + "-" + g.endpoint() + "-";
                int n = 0;
                for (String f : phase3Files) {
                    if (f.startsWith(prefix) && f.substring(prefix.length()).matches("\\d+\\.json")) n++;
                }
                return n;
            }
            return okCount.getOrDefault(g, 0);
        }

        /**
         * Attempts a group may still start beyond those queued: its target plus {@code maxRetries},
         * minus the attempts made (ok or not) and those pending.
         */
        int budget(PlannedRun.Group g, int target, int maxRetries, int pending) {
            int failures = g.phase() == 3 ? phase3Failures.getOrDefault(g, 0) : notOkCount.getOrDefault(g, 0);
            return target + maxRetries - ok(g) - failures - pending;
        }

        int nextRun(PlannedRun.Group g) {
            int next = maxRun.getOrDefault(g, 0) + 1;
            maxRun.put(g, next);
            return next;
        }
    }

    // ---------------------------------------------------------------- one run

    /** A finished attempt: the row (phases 1 and 2), its status and note. */
    private record Attempt(RunRow row, String status, String note) {
        boolean ok() {
            return RunColumns.STATUS_OK.equals(status);
        }
    }

    private Attempt attempt(PlannedRun r, long seq) throws IOException, InterruptedException {
        Preset p = o.preset();
        StackSpec spec = specs.get(r.stack());
        RunRow.Builder b = new RunRow.Builder(seq, r.stack(), r.endpoint(), r.concurrency(), p.threads(), r.run(), r.warmup());
        Path db = o.workDir().resolve("items.db");
        Path wrkOut = o.workDir().resolve("loadgen-output." + loadGenerator.fileExtension());
        Files.deleteIfExists(wrkOut);
        int rows = p.seedRowsFor(r.endpoint());
        servers.resetAndSeed(db, rows);
        int port = servers.freePort();
        Instant startedAt = Instant.now();
        b.startedAt = ISO_MILLIS.format(startedAt);
        Measured m;
        ServerSide.Server server = servers.start(spec, port, db, pinning().server(),
                o.workDir().resolve("server-" + r.stack() + ".log"));
        current = server;
        try {
            recordChildren(server.treePids(), null);
            m = measure(r, b, server, port, rows, wrkOut);
        } finally {
            server.stop(Duration.ofMillis(Math.round(p.stopGraceS() * 1000))); // throws if anything survived
            server.close();
            current = null;
            Files.deleteIfExists(o.workDir().resolve(CHILDREN_FILE));
        }
        Attempt a = finish(r, b, m.status, m.note, wrkOut);
        if (r.phase() == 3 && a.ok()) {
            String json = MemorySeriesFile.json(o.campaign(), r.stack(), r.endpoint(), r.run(), r.concurrency(),
                    p.sampleIntervalMs(r.phase()), ISO_MILLIS.format(m.seriesStart), m.samples);
            AtomicFile.write(dir.resolve(PHASE3_DIR).resolve(MemorySeriesFile.fileName(r.stack(), r.endpoint(), r.run())), json);
        }
        sleepSeconds(p.cooldownS());
        return a;
    }

    /** Status, note and memory series of one run. */
    private record Measured(String status, String note, List<TreeSampler.Sample> samples, Instant seriesStart) {
        static Measured failed(String note) {
            return new Measured(RunColumns.STATUS_FAILED, note, List.of(), null);
        }
    }

    /** From the spawned server to wrk's end: start-up, settle, idle memory, load with sampling. */
    private Measured measure(PlannedRun r, RunRow.Builder b, ServerSide.Server server, int port, int rows, Path wrkOut)
            throws IOException, InterruptedException {
        Preset p = o.preset();
        try {
            b.startupMs = server.awaitHealthy(Duration.ofMillis(Math.round(p.startupTimeoutS() * 1000))) / 1e6;
        } catch (IOException e) {
            return Measured.failed("no 200 on GET /health: " + e.getMessage());
        }
        sleepSeconds(p.settleS());
        if (!server.isAlive()) return Measured.failed("server exited before the load started");
        List<Long> idlePids = server.treePids();
        ProcMemory.TreeMemory idle = ProcMemory.tree(idlePids);
        b.idleRssKib = idle.rssKib();
        b.idlePssKib = idle.hasPss() ? idle.pssKib() : null;
        Map<Long, Long> cpuStart = ProcCpu.ticks(idlePids);

        LoadGenerator.Request load = new LoadGenerator.Request(pinning().loadGenerator(), r.endpoint(), p.threads(),
                r.concurrency(), r.durationS(), p.timeoutS(), port, scriptArgs(r, rows));
        TreeSampler sampler = new TreeSampler(server::treePids, p.sampleIntervalMs(r.phase()), sensors.power(), sensors.throttling());
        Instant seriesStart = Instant.now();
        sampler.start();
        LoadGenerator.Outcome out;
        List<TreeSampler.Sample> samples;
        try {
            out = loadGenerator.run(load, o.workDir(), h -> recordChildren(idlePids, h));
        } finally {
            samples = sampler.stop();
        }
        Map<Long, Long> cpuEnd = ProcCpu.ticks(server.treePids());
        b.cpuS = cpuEnd.isEmpty() ? Double.NaN : ProcCpu.seconds(cpuStart, cpuEnd, ClockTicks.perSecond());
        boolean alive = server.isAlive();

        long peakRss = TreeSampler.peakRssKib(samples);
        long peakPss = TreeSampler.peakPssKib(samples);
        b.peakRssKib = peakRss >= 0 ? peakRss : null;
        b.peakPssKib = peakPss >= 0 ? peakPss : null;
        int throttled = TreeSampler.throttledBits(samples);
        b.throttled = sensors.throttling() == null || throttled < 0 ? null : Throttling.hex(throttled);
        PowerSource.Energy energy = sensors.power().energy(TreeSampler.powerReadings(samples));
        b.energyJ = energy.joules();
        b.meanPowerW = energy.meanWatts();

        WrkResult w;
        try {
            if (out.timedOut()) {
                throw new IOException(loadGenerator.tool() + " did not exit within "
                        + (r.durationS() + loadGenerator.exitGraceSeconds()) + " s");
            }
            w = loadGenerator.parse(out, loadGenerator.tool() + " output");
            fill(b, w);
            if (out.exitCode() != 0) throw new IOException(loadGenerator.tool() + " exited with code " + out.exitCode());
        } catch (IOException e) {
            return new Measured(RunColumns.STATUS_FAILED, e.getMessage() + firstLine(out.messages()), samples, seriesStart);
        }
        String status = RunColumns.STATUS_OK;
        String note = null;
        if (!alive) {
            status = RunColumns.STATUS_FAILED;
            note = "server exited during the load";
        } else if (w.requests() == 0) {
            status = RunColumns.STATUS_FAILED;
            note = "no request completed (" + w.socketErrors() + " socket errors)";
        } else if (b.peakRssKib == null) {
            status = RunColumns.STATUS_FAILED;
            note = "no memory sample of the server during the load";
        } else if (throttled > 0) {
            status = RunColumns.STATUS_DISCARDED;
            note = "throttling flags " + Throttling.hex(throttled) + " (get_throttled bits 0-3) during the run";
        }
        return new Measured(status, note, samples, seriesStart);
    }

    /** Keeps the load generator's output as loadgen/&lt;seq&gt;.txt or .json (phases 1 and 2) and builds the row. */
    private Attempt finish(PlannedRun r, RunRow.Builder b, String status, String note, Path wrkOut) throws IOException {
        b.status = status;
        b.note = note;
        if (r.phase() <= 2 && Files.exists(wrkOut)) {
            AtomicFile.write(dir.resolve(LOADGEN_DIR).resolve(b.seq + "." + loadGenerator.fileExtension()),
                    Files.readAllBytes(wrkOut));
        }
        return new Attempt(b.build(), status, note);
    }

    private static void fill(RunRow.Builder b, WrkResult w) {
        b.durationS = w.durationS();
        b.requests = w.requests();
        b.errorsConnect = w.errorsConnect();
        b.errorsRead = w.errorsRead();
        b.errorsWrite = w.errorsWrite();
        b.errorsTimeout = w.errorsTimeout();
        b.non2xx = w.non2xx();
        b.rps = w.rps();
        b.latMeanMs = w.latMeanMs();
        b.latP50Ms = w.latP50Ms();
        b.latP75Ms = w.latP75Ms();
        b.latP90Ms = w.latP90Ms();
        b.latP99Ms = w.latP99Ms();
        b.latMaxMs = w.latMaxMs();
    }

    private Map<String, String> scriptArgs(PlannedRun r, int rows) {
        Map<String, String> a = new LinkedHashMap<>();
        a.put("rows", Integer.toString(rows));
        a.put("threads", Integer.toString(o.preset().threads()));
        // a per-run stream for the script's random ids: rng_seed and the run's key, never the clock
        a.put("seed", Long.toString(Seeds.derive(o.preset().rngSeed(), "wrk", "phase" + r.phase(), r.key().toString()) & 0x7fffffffL));
        if (r.endpoint().equals(Endpoints.MIXED)) {
            StringJoiner mix = new StringJoiner(",");
            o.preset().mix().forEach((e, w) -> mix.add(e + ":" + w));
            a.put("mix", mix.toString());
        }
        return a;
    }

    private static String firstLine(String output) {
        String t = output == null ? "" : output.strip();
        if (t.isEmpty()) return "";
        int nl = t.indexOf('\n');
        return ": " + (nl < 0 ? t : t.substring(0, nl));
    }

    private static void sleepSeconds(double s) throws InterruptedException {
        if (s > 0) Thread.sleep(Math.round(s * 1000));
    }

    // ---------------------------------------------------------------- pinning

    /** taskset prefixes for the server and for wrk; empty when not pinning. */
    record Pinning(List<String> server, List<String> loadGenerator, String serverCpus, String loadGeneratorCpus) {}

    /**
     * With --pin and n > 1 cores: wrk on cores 0..k-1 and the server on k..n-1, k = max(1, n/2)
     * (on 2 cores: wrk on 0, server on 1).
     */
    Pinning pinning() {
        return pinning(o.pin(), Runtime.getRuntime().availableProcessors());
    }

    static Pinning pinning(boolean pin, int n) {
        if (!pin || n < 2) return new Pinning(List.of(), List.of(), null, null);
        int k = Math.max(1, n / 2);
        String lg = k == 1 ? "0" : "0-" + (k - 1);
        String sv = k == n - 1 ? Integer.toString(k) : k + "-" + (n - 1);
        return new Pinning(List.of("taskset", "-c", sv), List.of("taskset", "-c", lg), sv, lg);
    }

    // ---------------------------------------------------------------- campaign.json

    private void writeOrCheckCampaignJson() throws IOException, InterruptedException {
        Path file = dir.resolve(CAMPAIGN_JSON);
        ObjectNode protocol = o.preset().protocolJson();
        Pinning pins = pinning();
        if (pins.serverCpus() != null) {
            ObjectNode pin = protocol.putObject("pinning");
            pin.put("server_cpus", pins.serverCpus());
            pin.put("load_generator_cpus", pins.loadGeneratorCpus());
        }
        List<String> ids = o.stacks().stream().map(StackSpec::id).toList();
        if (Files.exists(file)) {
            // read back with ingest's rules: a campaign.json ingest would reject is not resumed
            Problems problems = new Problems();
            CampaignJson.Read read = CampaignJson.read(o.dataDir(), o.campaign(), problems);
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
            if (!oldIds.equals(ids)) {
                throw new IOException(file + ": $.stacks: this campaign measures " + oldIds + ", found " + ids);
            }
            if (!o.deviceId().equals(read.deviceId())) {
                throw new IOException(file + ": $.device.id: this campaign ran on '" + read.deviceId()
                        + "', found '" + o.deviceId() + "'");
            }
            return;
        }
        ObjectNode c = JSON.createObjectNode();
        c.put("campaign", o.campaign());
        c.put("study", o.preset().study());
        c.set("device", facts.read(o.deviceId(), sensors.power().id()));
        ObjectNode lg = c.putObject("load_generator");
        lg.put("tool", loadGenerator.tool());
        LoadGenerator.Version tool = loadGenerator.version();
        lg.put("version", tool.number());
        lg.put("version_line", tool.line());
        lg.put("host", o.loadGeneratorHost());
        if (!Double.isNaN(o.preset().timeoutS())) lg.put("timeout_s", Math.round(o.preset().timeoutS()));
        c.set("protocol", protocol);
        ArrayNode stacks = c.putArray("stacks");
        for (StackSpec s : o.stacks()) {
            ObjectNode e = stacks.addObject();
            e.put("id", s.id());
            String version = servers.toolchainVersion(s);
            e.put("language", version == null ? s.language() : s.language() + " " + version);
            e.put("framework", s.framework());
            Long bytes = servers.artifactBytes(s);
            if (bytes != null) e.put("artifact_bytes", bytes);
            e.put("workers", s.workers());
            Map<String, String> versions = servers.versions(s);
            if (versions != null) {
                ObjectNode v = e.putObject("versions");
                versions.forEach(v::put);
            }
        }
        CampaignJson.write(file, c);
    }

    // ---------------------------------------------------------------- crash leftovers

    private void removeTemporaryFiles() throws IOException {
        try (var s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                String n = p.getFileName().toString();
                if (n.startsWith(".") && n.endsWith(".tmp")) Files.delete(p);
            }
        }
    }

    /** loadgen files whose row never reached the CSV (written just before an interruption). */
    private void removeOrphanLoadgen(long maxSeq) throws IOException {
        Path lg = dir.resolve(LOADGEN_DIR);
        if (!Files.isDirectory(lg)) return;
        try (var s = Files.list(lg)) {
            for (Path p : s.toList()) {
                String n = p.getFileName().toString();
                if (n.matches("\\d+\\.(txt|json)") && Long.parseLong(n.substring(0, n.indexOf('.'))) > maxSeq) Files.delete(p);
            }
        }
    }

    static final String CHILDREN_FILE = "children.pid";

    /**
     * Pid and start time of the server root (and of wrk), so that a campaign resumed after a crash
     * can stop what the crashed harness left running.
     */
    private void recordChildren(List<Long> serverPids, ProcessHandle wrk) {
        StringBuilder text = new StringBuilder();
        if (!serverPids.isEmpty()) text.append(pidLine(ProcessHandle.of(serverPids.get(0)).orElse(null)));
        text.append(pidLine(wrk));
        try {
            AtomicFile.write(o.workDir().resolve(CHILDREN_FILE), text.toString());
        } catch (IOException e) {
            log.println("collect: cannot record child pids: " + e.getMessage());
        }
    }

    private static String pidLine(ProcessHandle h) {
        if (h == null) return "";
        return h.pid() + " " + h.info().startInstant().map(Instant::toString).orElse("?") + "\n";
    }

    private void killCurrentServer() {
        ServerSide.Server s = current;
        if (s == null) return;
        for (long pid : s.treePids()) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
    }

    private void killLeftovers() throws IOException {
        Path f = o.workDir().resolve(CHILDREN_FILE);
        if (!Files.exists(f)) return;
        for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            String[] parts = line.trim().split(" ");
            if (parts.length < 2 || !parts[0].matches("\\d+")) continue;
            long pid = Long.parseLong(parts[0]);
            ProcessHandle.of(pid).ifPresent(h -> {
                String actual = h.info().startInstant().map(Instant::toString).orElse("?");
                if (!actual.equals(parts[1])) return; // the pid now belongs to another process
                log.println("collect: stopping process " + pid + " left running by an interrupted campaign");
                h.descendants().forEach(ProcessHandle::destroyForcibly);
                h.destroyForcibly();
                h.onExit().orTimeout(10, java.util.concurrent.TimeUnit.SECONDS).exceptionally(e -> null).join();
            });
        }
        Files.delete(f);
    }
}
