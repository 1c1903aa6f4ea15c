package dev.tpm.collect.campaign;

import dev.tpm.codec.RunCsv;
import dev.tpm.model.RunStatus;
import java.io.IOException;
import java.io.PrintStream;

/**
 * The run loop: one queued run after the other, each behind the quiet gate, measured, its row
 * appended (forced to disk) before the next, and queued again when it is not ok, within the retry
 * budget; a delete run that ran out of rows grows the campaign's DELETE table ({@link DeleteTable}).
 */
final class RunLoop {
    private final CampaignFolder folder;
    private final RunMeasurement measurement;
    private final Progress progress;
    private final QuietGate gate;
    private final RunTally t;
    private final PrintStream log;
    private final int maxRetries;
    /** Version 6's probe, null when the protocol has none, and the runs made since its last probe. */
    private final MachineProbe probe;
    private final int everyRuns;
    private int runsSinceProbe;

    RunLoop(CampaignFolder folder, RunMeasurement measurement, Progress progress, QuietGate gate, RunTally t, PrintStream log,
            int maxRetries, MachineProbe probe, int everyRuns) {
        this.probe = probe;
        this.everyRuns = everyRuns;
        this.folder = folder;
        this.measurement = measurement;
        this.progress = progress;
        this.gate = gate;
        this.t = t;
        this.log = log;
        this.maxRetries = maxRetries;
    }

    RunTally tally() {
        return t;
    }

    /** A probe now, after the last run made (servers.md version 6); none without a probe. */
    void probeNow() throws IOException, InterruptedException {
        if (probe == null) return;
        probe.probe(t.maxSeq);
        runsSinceProbe = 0;
    }

    /** The closing probe, unless the last probe already came after the last run. */
    void probeAtEnd() throws IOException, InterruptedException {
        if (probe != null && !probe.probedAfter(t.maxSeq)) probeNow();
    }

    /**
     * Measures the queue's runs one after the other.
     *
     * @param table the DELETE table that may grow when a run of this queue runs out of rows, or null
     *     (phase 4's queues, a campaign with a fixed table)
     */
    void drain(RunQueue queue, DeleteTable table) throws IOException, InterruptedException {
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
                RunCsv.append(folder.csv(r.phase()), a.row());
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
                if (a.verdict().status() == RunStatus.DISCARDED) t.discarded++;
                else t.failed++;
                log.println("collect: " + r + ": " + a.verdict().status().text() + ": " + a.verdict().note());
            }
            RunQueue.Requeue q = queue.report(r, a.verdict().ok() ? RunQueue.Outcome.OK : RunQueue.Outcome.NOT_OK);
            if (table != null && a.verdict().outOfRows() && a.row() != null && a.row().requests() != null) {
                table.grow(r, a.row(), queue, measurement);
            }
            if (q == RunQueue.Requeue.GAVE_UP) {
                log.println("collect: " + RunQueue.groupName(r.group()) + ": " + maxRetries + " retries used; giving up on its missing runs");
            }
            if (probe != null) {
                runsSinceProbe++;
                PlannedRun next = queue.isEmpty() ? null : queue.remaining().get(0);
                if (ProbeSchedule.dueAfter(r, next, runsSinceProbe, everyRuns)) probeNow();
            }
        }
    }
}
