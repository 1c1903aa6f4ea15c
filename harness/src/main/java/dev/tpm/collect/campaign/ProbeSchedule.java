package dev.tpm.collect.campaign;

/**
 * When the probe runs (servers.md version 6), a pure decision: once before the first run, after
 * every completed round of any phase (in a campaign not ordered in rounds, after every
 * {@code probe.every_runs} runs), and once after the last run (the probe after the last round is
 * that one, not a second).
 */
final class ProbeSchedule {
    private ProbeSchedule() {}

    /**
     * Whether a probe is due after the run {@code done}.
     *
     * @param next the run queued next, null when the queue is empty
     * @param runsSinceProbe runs made since the last probe, {@code done} included
     */
    static boolean dueAfter(PlannedRun done, PlannedRun next, int runsSinceProbe, int everyRuns) {
        // a round is complete when the queue goes on with another round (or none): a run queued again
        // within its round (a retry) keeps the round open
        if (done.inRounds()) return next == null || !next.inRounds() || next.round() != done.round();
        return runsSinceProbe >= everyRuns;
    }
}
