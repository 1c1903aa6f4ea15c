package dev.tpm.collect.campaign;

import dev.tpm.codec.Sha256Sums;
import dev.tpm.collect.sample.Sensors;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Protocol;
import dev.tpm.model.RunRow;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Runs a collection campaign (servers.md "The collection stage") into
 * {@code data/raw/<campaign>/}: takes the lock ({@link CampaignLock}), sets the campaign up
 * ({@link CampaignSetup}: campaign.json written or checked), rebuilds what a resume keeps
 * ({@link ResumeState}), then drains the queues of {@link PhaseSchedule}'s stages one after the
 * other ({@link RunLoop}) and prints the end summary ({@link CampaignSummary}). Runs that are
 * discarded or fail are queued again within the retry budget; groups that cannot reach their
 * measured runs are named at the end.
 */
public final class CampaignRunner {
    private final CampaignOptions o;
    private final ServerSide servers;
    private final Sensors sensors;
    private final DeviceFacts facts;
    private final PrintStream log;
    private final CampaignFolder folder;

    public CampaignRunner(CampaignOptions options, ServerSide servers, Sensors sensors, DeviceFacts facts, PrintStream log) {
        this.o = options;
        this.servers = servers;
        this.sensors = sensors;
        this.facts = facts;
        this.log = log;
        this.folder = new CampaignFolder(options.dataDir(), options.campaign());
    }

    public Path campaignDir() {
        return folder.dir();
    }

    public CampaignSummary run() throws IOException, InterruptedException {
        try (CampaignLock lock = CampaignLock.acquire(o.workDir(), o.campaign(), log);
                ShutdownGuard guard = new ShutdownGuard()) {
            CampaignSetup.Ready ready = new CampaignSetup(o, servers, sensors, facts, log, folder).prepare(lock, guard);
            return collect(ready);
        }
    }

    private CampaignSummary collect(CampaignSetup.Ready ready) throws IOException, InterruptedException {
        Protocol q = o.preset().protocol();
        RunMeasurement measurement = ready.measurement();
        List<String> stackList = o.stacks().stream().map(StackSpec::id).toList();
        Set<String> stackIds = new LinkedHashSet<>(stackList);
        List<PlannedRun> plan = Plan.of(o.preset(), stackList);
        RunQueue queue = new RunQueue(plan, q.maxRetries());
        ResumeState resumed = ResumeState.read(folder, plan, stackIds, queue, PhaseSchedule.phase5InMain(q), ready.table(),
                measurement, log);
        RunTally t = new RunTally(RunFlags.flagShare(q));
        t.maxSeq = resumed.maxSeq;
        MachineProbe probe = MachineProbe.of(ready.options(), folder, ready.gate(), log, resumed.maxSeq);
        RunLoop loop = new RunLoop(folder, measurement, new Progress(log, q), ready.gate(), t, log, q.maxRetries(), probe,
                q.probe() == null || q.probe().everyRuns() == null ? Integer.MAX_VALUE : q.probe().everyRuns());
        // version 6: the machine probed before the first run, and before a resumed campaign's first run
        loop.probeNow();
        Phase4Plan.Result p4 = null;
        List<RunRow> phase1 = List.of();
        for (PhaseSchedule.Stage stage : PhaseSchedule.of(q)) {
            switch (stage) {
                case MAIN -> {
                    queue.start();
                    buildSeeded(measurement, queue.remaining());
                    loop.drain(queue, ready.table());
                    if (q.phase4() == null) queue.gaveUp().forEach(t.gaveUp::add);
                }
                case PHASE4 -> {
                    // the rates of offered_fractions come from phase 1 as this campaign measured it, now complete
                    phase1 = folder.rows(1, stackIds);
                    p4 = Phase4Plan.of(o.preset(), stackList, phase1);
                    p4.medians().forEach((k, m) -> log.println("collect: phase 4 " + k + ": phase-1 median "
                            + String.format(Locale.ROOT, "%.1f", m) + " rps, the base of offered_fractions"));
                    for (String problem : p4.problems()) {
                        log.println("collect: " + problem);
                        t.gaveUp.add(problem);
                    }
                    RunQueue q4 = new RunQueue(p4.runs(), q.maxRetries());
                    recordPhase4(q4, resumed.phase4Rows);
                    q4.start();
                    buildSeeded(measurement, q4.remaining());
                    loop.drain(q4, null);
                    queue.gaveUp().forEach(t.gaveUp::add); // after phase 4's own problems, as the summary has always listed them
                    q4.gaveUp().forEach(t.gaveUp::add);
                }
                case PHASE4_SEARCH -> search(stackList, stackIds, p4, phase1, loop);
                case PHASE5_LAST -> {
                    RunQueue q5 = new RunQueue(Phase5Plan.of(o.preset(), stackList), q.maxRetries());
                    for (RunRow r : resumed.phase5Rows) {
                        q5.recordEarlier(new PlannedRun.Group(5, r.stack(), r.endpoint(), r.concurrency(), r.warmup()), r.run(), r.ok());
                    }
                    q5.start();
                    buildSeeded(measurement, q5.remaining());
                    loop.drain(q5, null);
                    q5.gaveUp().forEach(t.gaveUp::add);
                }
            }
        }
        loop.probeAtEnd();
        folder.removeHeaderOnlyRunFiles();
        List<String> added = Sha256Sums.addFiles(o.dataDir(), o.dataDir().relativize(folder.dir()).toString());
        for (String line : CampaignSummary.lines(folder.dir(), t, q.maxStealShare(), RunFlags.flagShare(q), added.size(),
                o.dataDir().resolve(Sha256Sums.FILE_NAME))) {
            log.println("collect: " + line);
        }
        if (probe != null && probe.summaryLine() != null) log.println("collect: " + probe.summaryLine());
        return CampaignSummary.of(folder.dir(), t, added);
    }

    private static void recordPhase4(RunQueue q4, List<RunRow> rows) {
        for (RunRow r : rows) {
            q4.recordEarlier(new PlannedRun.Group(4, r.stack(), r.endpoint(), r.concurrency(), r.warmup(), r.offeredRps()),
                    r.run(), r.ok(), r.round());
        }
    }

    /**
     * Phase 4's search ({@link Phase4Search}): one step after the other, each planned from phase4.csv
     * as written so far, so that a resumed campaign replays the steps it made (their runs recorded
     * earlier, not made again) and goes on where it stopped.
     */
    private void search(List<String> stackList, Set<String> stackIds, Phase4Plan.Result declared, List<RunRow> phase1,
            RunLoop loop) throws IOException, InterruptedException {
        Phase4Search.Target target = Phase4Search.target(o.dataDir());
        Map<String, TreeSet<Double>> rates = Phase4Search.declaredRates(declared.runs());
        Map<String, Double> medians = Phase4Search.medians(o.preset(), stackList, phase1);
        Set<String> said = new HashSet<>();
        for (int step = 1; ; step++) {
            List<RunRow> rows = folder.rows(4, stackIds);
            Phase4Search.Step s = Phase4Search.next(o.preset(), stackList, rates, medians, rows, target, step);
            s.lines().stream().filter(said::add).forEach(l -> log.println("collect: " + l));
            if (s.runs().isEmpty()) return;
            RunQueue q = new RunQueue(s.runs(), o.preset().protocol().maxRetries());
            recordPhase4(q, rows);
            q.start();
            loop.drain(q, null);
            q.gaveUp().forEach(loop.tally().gaveUp::add);
        }
    }

    /**
     * Builds each database size the queued runs start from, once, before the first run (servers.md
     * step 1: no run pays for seeding); each run then gets a copy.
     */
    private void buildSeeded(RunMeasurement measurement, List<PlannedRun> queued) throws IOException {
        SortedSet<Integer> sizes = new TreeSet<>();
        for (PlannedRun r : queued) sizes.add(measurement.seedRows(r));
        Path db = RunMeasurement.database(o);
        for (int rows : sizes) servers.buildSeeded(db, rows);
        if (!sizes.isEmpty()) log.println("collect: every run starts from a copy of a database built once: " + sizes + " rows");
    }
}
