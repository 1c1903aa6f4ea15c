package dev.tpm.collect.campaign;

import dev.tpm.codec.AtomicFile;
import dev.tpm.codec.Seeds;
import dev.tpm.model.RunRow;
import dev.tpm.model.Preset;
import dev.tpm.collect.cgroup.Cgroups;
import dev.tpm.collect.cgroup.RunCgroup;
import dev.tpm.collect.loadgen.LoadGenerator;
import dev.tpm.collect.loadgen.WrkCommand;
import dev.tpm.collect.loadgen.LoadGenSetup;
import dev.tpm.collect.loadgen.LoadResult;
import dev.tpm.collect.sample.CpuSteal;
import dev.tpm.collect.sample.PowerSource;
import dev.tpm.collect.sample.ProcMemory;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.sample.Throttling;
import dev.tpm.collect.sample.TreeSampler;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Endpoints;
import dev.tpm.model.RunColumns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One run of the protocol, from the database reset to the cool-down: a copy of the campaign's
 * seeded database of the run's size ({@code seed_rows}, or the campaign's one {@code
 * seed_rows_delete} before delete runs; {@link DeleteRows} only in a campaign started before
 * version 3 with {@code auto}), spawn the server (pinned), time its start-up,
 * settle, read the tree's idle memory, optionally prime it ({@code prime_s}, not measured), load
 * it with wrk while sampling, stop the whole tree, keep wrk's output, and build the row whose
 * status {@link RunVerdict#decide} gives. A failure of the sampler fails the run, not the campaign.
 * The protocol's waits within the attempt are timed for {@link HarnessOverhead}.
 * The server runs in a cgroup of its own ({@link Cgroups}, named {@code tpm-<campaign>-<seq>}),
 * whose peak during the load is {@code peak_cgroup_kib}, removed after the run whatever happened;
 * {@link HostSaturation} flags a run that saturated a shared host.
 */
final class RunMeasurement {
    private static final DateTimeFormatter ISO_MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    /** A finished attempt: the row (phases 1 and 2) and its verdict. */
    record Attempt(RunRow row, RunVerdict verdict) {}

    /** Not final: an auto campaign's DELETE table may grow ({@link #deleteTableRows}). */
    private CampaignOptions o;
    private final ServerSide servers;
    private final Sensors sensors;
    private final CampaignLock lock;
    private final Path dir;
    private final Path scripts;
    private final Map<String, StackSpec> specs = new LinkedHashMap<>();
    private final DeleteRows deleteRows = new DeleteRows();
    private final LoadGenerator tool;
    private final HarnessOverhead.Waits waits = new HarnessOverhead.Waits();
    /** prlimit before the server's and the local load generator's argv when the preset needs more open files. */
    private final OpenFileLimit openFiles;
    private final Cgroups cgroups;
    private final HostSaturation saturation;
    /** /proc/stat's steal counter (version 4's steal_s) and the device's cores, its flag's denominator. */
    private final CpuSteal steal;
    private final int hostCores;
    /** Version 6: the server's pinned CPUs and the load generator's on this host (null where not pinned). */
    private final List<java.util.Set<Integer>> stealGroups;
    /** Phase 4's open-loop load generator, or null when the preset has no phase 4. */
    private final LoadGenerator openLoop;
    private volatile ServerSide.Server current;
    private volatile RunCgroup currentCgroup;

    /**
     * @param cgroups where each run's cgroup is made ({@link Cgroups#none()}: none)
     * @param hostCores campaign.json device.cores, for the host-saturation flag
     */
    RunMeasurement(CampaignOptions o, ServerSide servers, Sensors sensors, CampaignLock lock, Path dir, Path scripts,
            Cgroups cgroups, int hostCores) {
        this.cgroups = cgroups;
        this.saturation = HostSaturation.of(o.pinning(), o.loadGen().host(), hostCores);
        this.hostCores = hostCores;
        this.stealGroups = StealShares.groups(o, hostCores);
        this.steal = new CpuSteal(o.procStat());
        this.o = o;
        this.servers = servers;
        this.sensors = sensors;
        this.lock = lock;
        this.dir = dir;
        this.scripts = scripts;
        for (StackSpec s : o.stacks()) specs.put(s.id(), s);
        LoadGenSetup setup = o.loadGen().withWrkScripts(scripts);
        this.tool = LoadGenerator.of(o.preset().loadGenerator(), setup);
        this.openLoop = o.preset().protocol().phase4() == null ? null : LoadGenerator.of(o.preset().protocol().phase4().loadGenerator().tool(), setup);
        this.openFiles = OpenFileLimit.of(o.preset());
    }

    /** The load generator's prefix: taskset, after prlimit when it runs here and needs more open files. */
    private java.util.List<String> loadGeneratorPrefix() {
        return o.loadGen().host().remote() ? o.pinning().loadGenerator() : openFiles.before(o.pinning().loadGenerator());
    }

    /** The load generator of a run's phase: phase 4's open-loop one, or the preset's. */
    LoadGenerator toolFor(PlannedRun r) {
        return r.phase() == 4 ? openLoop : tool; // phase 5 loads with the preset's own, as phase 1
    }

    /** The campaign's DELETE table from now on ({@link DeleteTableGrowth}). */
    void deleteTableRows(int rows) {
        o = o.withPreset(o.preset().withSeedRowsDelete(rows));
    }

    DeleteRows deleteRows() {
        return deleteRows;
    }

    /** The protocol's waits in the last attempt (start-up, settle, loads, cool-down), for {@link HarnessOverhead}. */
    long lastWaitNanos() {
        return waits.nanos();
    }

    /** The run's database: {@code items.db} in the campaign's work folder, the seeded copies beside it. */
    static Path database(CampaignOptions o) {
        return o.workDir().resolve("items.db");
    }

    /** Rows seeded before {@code r}. */
    int seedRows(PlannedRun r) {
        int rows = o.preset().seedRowsFor(r.endpoint());
        return rows == Preset.AUTO ? deleteRows.rowsFor(r.stack(), r.durationS()) : rows;
    }

    Attempt attempt(PlannedRun r, long seq) throws IOException, InterruptedException {
        return attempt(r, seq, Double.NaN);
    }

    /**
     * @param quietWaitS the seconds the quiet gate waited before the run (quiet_wait_s), NaN when
     *     the gate is off
     */
    Attempt attempt(PlannedRun r, long seq, double quietWaitS) throws IOException, InterruptedException {
        Preset p = o.preset();
        waits.reset();
        StackSpec spec = specs.get(r.stack());
        LoadGenerator tool = toolFor(r);
        RunRow.Builder b = new RunRow.Builder(seq, r.stack(), r.endpoint(), r.concurrency(), p.protocol().threads(), r.run(), r.warmup());
        if (r.inRounds()) b.round = r.round();
        b.quietWaitS = quietWaitS;
        if (r.phase() == 4) {
            b.offeredRps = r.offeredRps();
            b.latencyCorrected = p.protocol().phase4().loadGenerator().latencyCorrection();
        }
        if (r.phase() == 5) b.priorLoadS = priorLoadSeconds(p);
        if (r.phase() == 4 && warmPhase4Seconds(p) > 0) b.priorLoadS = warmPhase4Seconds(p);
        Path db = database(o);
        Path wrkOut = o.workDir().resolve("loadgen-output." + tool.fileExtension());
        Files.deleteIfExists(wrkOut);
        int rows = seedRows(r);
        servers.resetAndSeed(db, rows);
        b.seededRows = (long) rows;
        int port = servers.freePort();
        b.startedAt = ISO_MILLIS.format(Instant.now());
        Measured m;
        try (RunCgroup cg = cgroups.create(Cgroups.name(o.campaign(), r.phase() != 3 ? Long.toString(seq)
                : "p3-" + r.stack() + "-" + r.endpoint() + "-" + r.run()))) {
            currentCgroup = cg;
            // the cgroup first, then prlimit (when the preset needs more open files), then taskset
            List<String> prefix = new java.util.ArrayList<>(cg.wrapper());
            prefix.addAll(openFiles.before(o.pinning().server()));
            ServerSide.Server server = servers.start(spec, o.bind(), port, db, prefix,
                    o.workDir().resolve("server-" + r.stack() + ".log"));
            current = server;
            try {
                lock.recordChildren(server.treePids(), null);
                m = measure(r, tool, b, server, port, rows, cg);
            } finally {
                server.stop(Duration.ofMillis(Math.round(p.protocol().stopGraceS() * 1000))); // throws if anything survived
                server.close();
                current = null;
                lock.clearChildren();
            }
        } finally {
            currentCgroup = null;
        }
        if (r.endpoint().equals(Endpoints.DELETE_ITEM) && b.requests != null) {
            deleteRows.observed(r.stack(), rows, b.requests, b.durationS, m.verdict.outOfRows());
        }
        b.status = m.verdict.status();
        b.note = m.verdict.note();
        if (r.phase() != 3 && Files.exists(wrkOut)) {
            AtomicFile.write(dir.resolve(CampaignFolder.LOADGEN_DIR).resolve(b.seq + "." + tool.fileExtension()),
                    Files.readAllBytes(wrkOut));
        }
        if (r.phase() == 3 && m.verdict.ok()) {
            String json = MemorySeriesFile.json(o.campaign(), r.stack(), r.endpoint(), r.run(), r.concurrency(),
                    p.sampleIntervalMs(r.phase()), ISO_MILLIS.format(m.seriesStart), m.samples);
            AtomicFile.write(dir.resolve(CampaignFolder.PHASE3_DIR).resolve(MemorySeriesFile.fileName(r.stack(), r.endpoint(), r.run())), json);
        }
        long cool = System.nanoTime();
        CampaignSetup.sleepSeconds(p.protocol().cooldownS());
        waits.since(cool);
        return new Attempt(b.build(), m.verdict);
    }

    /** Verdict and memory series of one run. */
    private record Measured(RunVerdict verdict, List<TreeSampler.Sample> samples, Instant seriesStart) {
        static Measured failed(String note) {
            return new Measured(RunVerdict.failed(RunRow.oneLine(note)), List.of(), null);
        }
    }

    private WrkCommand wrk(PlannedRun r, String endpoint, int durationS, int port, int rows) {
        return new WrkCommand(loadGeneratorPrefix(), o.loadGen().wrk(), scripts.resolve(endpoint + ".lua"), o.preset().protocol().threads(),
                r.concurrency(), durationS, port, scriptArgs(r, rows), o.loadGen().address(), o.preset().timeoutS(),
                o.loadGen().host());
    }

    /** From the spawned server to wrk's end: start-up, settle, idle memory, prime, load with sampling. */
    private Measured measure(PlannedRun r, LoadGenerator tool, RunRow.Builder b, ServerSide.Server server, int port,
            int rows, RunCgroup cg) throws IOException, InterruptedException {
        Preset p = o.preset();
        long health = System.nanoTime();
        try {
            long startupNanos = server.awaitHealthy(Duration.ofMillis(Math.round(p.protocol().startupTimeoutS() * 1000)));
            b.startupMs = startupNanos / 1e6;
            waits.add(startupNanos); // from the spawn, which came before this call
        } catch (IOException e) {
            waits.since(health);
            return Measured.failed("no 200 on GET /health: " + e.getMessage());
        }
        long settle = System.nanoTime();
        CampaignSetup.sleepSeconds(p.protocol().settleS());
        waits.since(settle);
        if (!server.isAlive()) return Measured.failed("server exited before the load started");
        List<Long> idlePids = server.treePids();
        ProcMemory.TreeMemory idle = ProcMemory.tree(idlePids);
        b.idleRssKib = idle.rssKib();
        b.idlePssKib = idle.hasPss() ? idle.pssKib() : null;
        if (r.phase() == 5) {
            // version 4's steady state: the prior load, not recorded, at the run's endpoint and concurrency
            long prior = System.nanoTime();
            String why = priorLoad(r, tool, priorLoadSeconds(p), r.concurrency(), port, rows, idlePids, server);
            waits.since(prior);
            if (why != null) return Measured.failed("phase 5 prior load: " + why);
        } else if (r.phase() == 4 && warmPhase4Seconds(p) > 0) {
            // version 6's warm phase 4: closed-loop load with the preset's own tool at the endpoint and the
            // phase-1 concurrency, not recorded (but a server that fails or errors in it fails the run), then at
            // once the open-loop window
            long prior = System.nanoTime();
            String why = priorLoad(r, this.tool, warmPhase4Seconds(p), p.concurrency(), port, rows, idlePids, server);
            waits.since(prior);
            if (why != null) return Measured.failed("phase 4 prior load: " + why);
        } else if (p.primeS() > 0) {
            // not measured; a delete run primes with reads so that no seeded row is used up
            String primeEndpoint = r.endpoint().equals(Endpoints.DELETE_ITEM) ? Endpoints.GET_ITEM : r.endpoint();
            long prime = System.nanoTime();
            WrkCommand.Outcome primed = wrk(r, primeEndpoint, (int) Math.ceil(p.primeS()), port, rows)
                    .run(o.workDir().resolve("wrk-prime.txt"));
            waits.since(prime);
            if (primed.exitCode() != 0) return Measured.failed("prime_s load: wrk exited with code " + primed.exitCode());
        }
        LoadWindow.Readings m;
        try {
            m = LoadWindow.measure(server, cg, sensors, steal, stealGroups, p.sampleIntervalMs(r.phase()), () -> {
                long load = System.nanoTime();
                LoadGenerator.Outcome out = tool.run(new LoadGenerator.Request(loadGeneratorPrefix(), r.endpoint(),
                        p.protocol().threads(), r.concurrency(), r.durationS(), p.timeoutS(), port, scriptArgs(r, rows),
                        r.offeredRps()), o.workDir(), h -> lock.recordChildren(idlePids, h));
                waits.since(load);
                return out;
            });
        } catch (LoadWindow.NotMeasured e) {
            return Measured.failed(e.getMessage());
        }
        return new Measured(judge(r, tool, b, m), m.samples(), m.seriesStart());
    }

    /**
     * The row's measured columns from the window's readings and the load generator's output
     * (parsed by its tool), and the run's verdict ({@link RunVerdict#decide}, pure, then the
     * host-saturation flag, the steal rule and the steal flag).
     */
    private RunVerdict judge(PlannedRun r, LoadGenerator tool, RunRow.Builder b, LoadWindow.Readings m) {
        Preset p = o.preset();
        LoadGenerator.Outcome out = m.out();
        List<TreeSampler.Sample> samples = m.samples();
        b.peakCgroupKib = m.peakCgroupKib();
        b.stealS = m.stealS();
        b.serverStealS = m.groupStealS()[0];
        b.loadgenStealS = m.groupStealS()[1];
        b.cpuS = m.cpuS();
        long peakRss = TreeSampler.peakRssKib(samples);
        long peakPss = TreeSampler.peakPssKib(samples);
        b.peakRssKib = peakRss >= 0 ? peakRss : null;
        b.peakPssKib = peakPss >= 0 ? peakPss : null;
        int throttled = TreeSampler.throttledBits(samples);
        b.throttled = sensors.throttling() == null || throttled < 0 ? null : Throttling.hex(throttled);
        b.tempMaxC = TreeSampler.maxTempC(samples);
        b.freqMinMhz = TreeSampler.minClockMhz(samples);
        PowerSource.Energy energy = sensors.power().energy(TreeSampler.powerReadings(samples));
        b.energyJ = energy.joules();
        b.meanPowerW = energy.meanWatts();
        WrkCommand.LoadgenCpu lg = out.cpu();
        b.loadgenCpuS = lg == null ? Double.NaN : lg.cpuS();

        String samplerFailure = m.samplerFailure();
        LoadResult w;
        try {
            if (out.timedOut()) {
                throw new IOException(tool.tool() + " did not exit within " + (r.durationS() + tool.exitGraceSeconds()) + " s");
            }
            w = tool.parse(out, tool.tool() + " output");
            fill(b, w);
            if (out.exitCode() != 0) throw new IOException(tool.tool() + " exited with code " + out.exitCode());
        } catch (IOException e) {
            String note = e.getMessage() + firstLine(out.messages());
            if (samplerFailure != null) note = "sampler failed: " + samplerFailure + "; " + note;
            return RunVerdict.failed(RunRow.oneLine(note));
        }
        String cgroupFailure = m.cgroupFailure();
        if (cgroupFailure != null) samplerFailure = samplerFailure == null ? cgroupFailure : samplerFailure + "; " + cgroupFailure;
        RunVerdict v = RunVerdict.decide(new RunVerdict.Measured(samplerFailure, m.alive(), w.requests(), w.socketErrors(),
                w.non2xx(), b.peakRssKib != null, throttled, m.stickyBefore(), m.stickyAfter(),
                tool.missingIds(out), o.maxErrorRate(),
                lg == null ? Double.NaN : lg.share(w.durationS(), p.protocol().threads())));
        v = saturation.flag(v, b.cpuS, b.loadgenCpuS, w.durationS());
        // version 6: the rule on the largest of the device's, the server's and the load generator's shares
        StealShares shares = StealShares.of(w.durationS(), hostCores, stealGroups, new double[] {b.stealS, b.serverStealS, b.loadgenStealS});
        v = RunVerdict.stealRule(v, shares, p.protocol().maxStealShare());
        if (!v.stealDiscarded() && stealFlagged(b.stealS, w.durationS())) {
            String n = String.format(java.util.Locale.ROOT, "%s %.1f %% of %d cores' time (%.2f s)",
                    CpuSteal.NOTE, 100 * CpuSteal.share(b.stealS, w.durationS(), hostCores), hostCores, b.stealS);
            v = new RunVerdict(v.status(), v.reason(), v.note() == null ? n : v.note() + "; " + n, v.loadGeneratorBound(),
                    v.hostSaturated());
        }
        return v;
    }

    /** Version 6: whole seconds of a phase-4 run's prior load (a warm phase 4); 0 for a cold one. */
    static int warmPhase4Seconds(Preset p) {
        Double s = p.protocol().phase4() == null ? null : p.protocol().phase4().priorLoadS();
        return s == null ? 0 : (int) Math.ceil(s);
    }

    /** Whole seconds of a phase-5 run's prior load: prior_load_s rounded up (the load generator takes whole seconds). */
    static int priorLoadSeconds(Preset p) {
        return (int) Math.ceil(p.protocol().phase5().priorLoadS());
    }

    /**
     * Phase 5's prior load on the running server; null when it served it, else why the run fails
     * (the load generator failed, the server exited, no request completed, or its error rate was
     * above max_error_rate).
     */
    private String priorLoad(PlannedRun r, LoadGenerator tool, int seconds, int concurrency, int port, int rows, List<Long> idlePids,
            ServerSide.Server server) throws IOException, InterruptedException {
        Preset p = o.preset();
        LoadGenerator.Outcome out = tool.run(new LoadGenerator.Request(loadGeneratorPrefix(), r.endpoint(), p.protocol().threads(),
                concurrency, seconds, p.timeoutS(), port, scriptArgs(r, rows), Double.NaN), o.workDir(),
                h -> lock.recordChildren(idlePids, h));
        if (out.timedOut()) return tool.tool() + " did not exit within " + (seconds + tool.exitGraceSeconds()) + " s";
        if (!server.isAlive()) return "the server exited";
        LoadResult w;
        try {
            w = tool.parse(out, tool.tool() + " output");
        } catch (IOException e) {
            return e.getMessage() + firstLine(out.messages());
        }
        if (out.exitCode() != 0) return tool.tool() + " exited with code " + out.exitCode();
        if (w.requests() == 0) return "no request completed (" + w.socketErrors() + " socket errors)";
        double rate = (w.socketErrors() + w.non2xx()) / (double) w.requests();
        if (rate > o.maxErrorRate()) {
            return String.format(java.util.Locale.ROOT, "error rate %.4f above max_error_rate %s", rate,
                    Double.toString(o.maxErrorRate()));
        }
        return null;
    }

    /**
     * Version 4's steal flag: steal_s above max_steal_share of the device's CPU time in the window
     * (the preset's default when it turned the rule off: the flag is only counted and noted).
     */
    boolean stealFlagged(double stealS, double durationS) {
        return CpuSteal.flagged(stealS, durationS, hostCores, RunFlags.flagShare(o.preset().protocol()));
    }

    private static void fill(RunRow.Builder b, LoadResult w) {
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
        b.latP999Ms = w.latP999Ms();
    }

    private Map<String, String> scriptArgs(PlannedRun r, int rows) {
        Map<String, String> a = new LinkedHashMap<>();
        a.put("rows", Integer.toString(rows));
        a.put("threads", Integer.toString(o.preset().protocol().threads()));
        // a per-run stream for the script's random ids: rng_seed and the run's key, never the clock
        a.put("seed", Long.toString(Seeds.derive(o.preset().protocol().rngSeed(), "wrk", "phase" + r.phase(), r.key().toString()) & 0x7fffffffL));
        if (r.endpoint().equals(Endpoints.MIXED)) {
            StringJoiner mix = new StringJoiner(",");
            Map<String, Double> weights = o.preset().protocol().mix();
            if (weights != null) weights.forEach((e, w) -> mix.add(e + ":" + w));
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

    /** On SIGTERM or Ctrl-C: the running server's tree killed and its cgroup removed. */
    void killCurrentServer() {
        ServerSide.Server s = current;
        if (s != null) {
            for (long pid : s.treePids()) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
        RunCgroup cg = currentCgroup;
        if (cg != null) {
            try {
                cg.close();
            } catch (IOException | RuntimeException e) {
                // a resumed campaign removes it (Cgroups.removeStale)
            }
        }
    }
}
