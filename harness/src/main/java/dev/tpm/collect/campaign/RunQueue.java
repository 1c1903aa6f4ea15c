package dev.tpm.collect.campaign;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which run comes next, as pure code: the plan minus the runs already attempted (resume), plus the
 * re-queued attempts of groups that lost runs to discards or failures, within each group's retry
 * budget (its target plus {@code max_retries} attempts). A retry gets the next free run number of
 * its group and goes to the end of its phase, or, in a campaign ordered in rounds ({@link Rounds}),
 * keeps its round and goes to the end of that round. Touches no file and no process.
 *
 * <p>Resume in rounds: a measured planned run counts as done when its group has an ok run recorded
 * in its round; a planned run attempted without one is queued again (next free run number) at
 * the end of its round, so the campaign continues the round it stopped in and makes no run twice.
 */
public final class RunQueue {
    /** How an attempt ended, as the queue sees it. */
    public enum Outcome { OK, NOT_OK }

    /** What {@link #report} did with a run that was not ok. */
    public enum Requeue { NONE, QUEUED_AGAIN, GAVE_UP }

    private final List<PlannedRun> plan;
    private final int maxRetries;
    private final List<PlannedRun> queue = new ArrayList<>();
    private final Map<PlannedRun.Group, Integer> targets = new LinkedHashMap<>();
    private final Map<PlannedRun.Group, Integer> ok = new HashMap<>();
    private final Map<PlannedRun.Group, Integer> notOk = new HashMap<>();
    private final Map<PlannedRun.Group, Integer> maxRun = new HashMap<>();
    private final Set<String> attempted = new HashSet<>();
    /** Rounds in which each group has an ok measured run (campaigns in rounds). */
    private final Map<PlannedRun.Group, Set<Integer>> okRounds = new HashMap<>();
    private final List<String> gaveUp = new ArrayList<>();
    private int total;

    /** An empty record of earlier attempts; {@link #recordEarlier} adds a resumed campaign's. */
    public RunQueue(List<PlannedRun> plan, int maxRetries) {
        this.plan = List.copyOf(plan);
        this.maxRetries = maxRetries;
        for (PlannedRun r : plan) {
            targets.merge(r.group(), 1, Integer::sum);
            maxRun.merge(r.group(), r.run(), Math::max);
        }
    }

    /** An attempt made before this process started (a row of the CSV, a phase-3 file or its absence). */
    public void recordEarlier(PlannedRun.Group g, int run, boolean wasOk) {
        recordEarlier(g, run, wasOk, null);
    }

    /** An earlier attempt with its round (a row's {@code round}; null in a randomized campaign). */
    public void recordEarlier(PlannedRun.Group g, int run, boolean wasOk, Integer round) {
        recordEarlier(g, run, wasOk, round, false);
    }

    /**
     * An earlier attempt; {@code superseded}: an ok run set aside when the DELETE table grew
     * ({@link DeleteTableGrowth}), to be made again without using a retry.
     */
    public void recordEarlier(PlannedRun.Group g, int run, boolean wasOk, Integer round, boolean superseded) {
        if (wasOk && round != null) okRounds.computeIfAbsent(g, k -> new HashSet<>()).add(round);
        attempted.add(key(g, run));
        maxRun.merge(g, run, Math::max);
        if (superseded) return;
        (wasOk ? ok : notOk).merge(g, 1, Integer::sum);
        maxRun.merge(g, run, Math::max);
    }

    /** Builds the queue: planned runs not yet attempted, then re-queued runs lost before a resume. */
    public RunQueue start() {
        for (PlannedRun r : plan) if (!attempted.contains(key(r.group(), r.run()))) queue.add(r);
        if (!plan.isEmpty() && plan.get(0).inRounds()) {
            // each planned slot attempted before without an ok run in its round: retried in that round
            for (PlannedRun r : plan) {
                PlannedRun.Group g = r.group();
                // phase 3 is recorded only when ok (its file); a warm-up is not retried
                if (g.warmup() || r.phase() == 3 || !attempted.contains(key(g, r.run()))) continue;
                if (okRounds.getOrDefault(g, Set.of()).contains(r.round())) continue;
                if (budget(g) > 0) insertAtEndOfPhase(r.withRun(nextRun(g)));
            }
            total = queue.size();
            return this;
        }
        for (var t : targets.entrySet()) {
            PlannedRun.Group g = t.getKey();
            if (g.warmup()) continue;
            int missing = t.getValue() - ok.getOrDefault(g, 0) - pending(g);
            int allowed = Math.min(missing, budget(g));
            PlannedRun template = plan.stream().filter(r -> r.group().equals(g)).findFirst().orElseThrow();
            for (int i = 0; i < allowed; i++) insertAtEndOfPhase(template.withRun(nextRun(g)));
        }
        total = queue.size();
        return this;
    }

    public boolean isEmpty() {
        return queue.isEmpty();
    }

    /** Removes and returns the next run. */
    public PlannedRun next() {
        return queue.remove(0);
    }

    /** The runs still queued (a copy), for the progress line's estimate. */
    public List<PlannedRun> remaining() {
        return List.copyOf(queue);
    }

    /** Runs this process will have made when the queue is empty, counting re-queued ones so far. */
    public int total() {
        return total;
    }

    /**
     * Records how {@code r} ended. A measured run that was not ok is queued again with the next
     * free run number (phase 3 keeps its number: its file is written only when ok) while its
     * group's budget lasts; otherwise the group is given up and named in {@link #gaveUp}.
     */
    public Requeue report(PlannedRun r, Outcome outcome) {
        attempted.add(key(r.group(), r.run()));
        if (outcome == Outcome.OK) {
            ok.merge(r.group(), 1, Integer::sum);
            if (r.inRounds()) okRounds.computeIfAbsent(r.group(), k -> new HashSet<>()).add(r.round());
            return Requeue.NONE;
        }
        notOk.merge(r.group(), 1, Integer::sum);
        if (r.warmup()) return Requeue.NONE;
        if (budget(r.group()) > 0) {
            insertAtEndOfPhase(r.phase() == 3 ? r : r.withRun(nextRun(r.group())));
            total++;
            return Requeue.QUEUED_AGAIN;
        }
        String g = groupName(r.group());
        if (!gaveUp.contains(g)) gaveUp.add(g);
        return Requeue.GAVE_UP;
    }

    /**
     * An ok run made earlier in this process set aside ({@link DeleteTableGrowth}): it no longer
     * counts, and the group makes it again (next free run number) at the end of its round, or of
     * its phase, without using a retry.
     */
    public void supersede(PlannedRun r) {
        PlannedRun.Group g = r.group();
        ok.merge(g, -1, Integer::sum);
        if (r.inRounds()) okRounds.getOrDefault(g, new HashSet<>()).remove(r.round());
        insertAtEndOfPhase(r.withRun(nextRun(g)));
        total++;
    }

    /** Groups that could not reach their measured runs within the retry budget. */
    public List<String> gaveUp() {
        return List.copyOf(gaveUp);
    }

    /** Ok attempts of a group so far. */
    public int ok(PlannedRun.Group g) {
        return ok.getOrDefault(g, 0);
    }

    public static String groupName(PlannedRun.Group g) {
        return "phase " + g.phase() + " " + g.stack() + " " + g.endpoint()
                + (Double.isNaN(g.offeredRps()) ? "" : " " + PlannedRun.rate(g.offeredRps()) + " req/s") + " c=" + g.concurrency();
    }

    /** Attempts a group may still start beyond those queued: target + max_retries - made - pending. */
    int budget(PlannedRun.Group g) {
        int target = targets.getOrDefault(g, 0);
        return target + maxRetries - ok.getOrDefault(g, 0) - notOk.getOrDefault(g, 0) - pending(g);
    }

    private int pending(PlannedRun.Group g) {
        int n = 0;
        for (PlannedRun r : queue) if (r.group().equals(g)) n++;
        return n;
    }

    private int nextRun(PlannedRun.Group g) {
        int next = maxRun.getOrDefault(g, 0) + 1;
        maxRun.put(g, next);
        return next;
    }

    /** At the end of the run's phase, or of its round in a campaign in rounds. */
    private void insertAtEndOfPhase(PlannedRun r) {
        int at = queue.size();
        for (int i = 0; i < queue.size(); i++) {
            if (r.inRounds() ? Rounds.position(queue.get(i)) > Rounds.position(r) : queue.get(i).phase() > r.phase()) {
                at = i;
                break;
            }
        }
        queue.add(at, r);
    }

    private static String key(PlannedRun.Group g, int run) {
        return g + "#" + run;
    }
}
