package dev.tpm.collect.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.collect.Presets;
import dev.tpm.model.Preset;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Version 5's rounds as pure code: the plan's order, and the queue's retries and resume within a round. */
class RoundsTest {
    private static final Path PRESETS = Path.of("harness", "presets");

    private static Preset preset(String name) throws IOException {
        return Presets.resolve(name, PRESETS);
    }

    /** "warm-up 3" or "measured 12": the round a run sits in, with its kind. */
    private static String roundOf(PlannedRun r) {
        return (r.phase() == 3 ? "phase3 " : "") + (r.warmup() ? "warm-up " : "measured ") + r.round();
    }

    @Test
    void eachGroupsKthRunIsInRoundKAndARoundRunsEachGroupOnce() throws IOException {
        Preset p = preset("paper");
        assertEquals("rounds", p.protocol().order());
        List<PlannedRun> plan = Plan.of(p, List.of("rust", "go"));
        assertEquals(2 * (6 * 53 + 4 * 11 + 3), plan.size(), "the same runs as in a randomized order");
        // rounds are contiguous and in order: warm-up rounds 1-3, measured rounds 1-50, phase 3's series last
        List<String> seen = new ArrayList<>();
        for (PlannedRun r : plan) {
            assertTrue(r.round() >= 1, r.toString());
            assertEquals(r.run(), r.round(), "a planned run's number is its round: " + r);
            String k = roundOf(r);
            if (seen.isEmpty() || !seen.get(seen.size() - 1).equals(k)) {
                assertTrue(!seen.contains(k), "round " + k + " comes back after another: " + seen);
                seen.add(k);
            }
        }
        assertEquals("warm-up 1", seen.get(0));
        assertEquals("warm-up 3", seen.get(2));
        assertEquals("measured 1", seen.get(3));
        assertEquals("measured 50", seen.get(52));
        assertEquals("phase3 measured 3", seen.get(seen.size() - 1));
        // round 1 has every group of phases 1 and 2 once: 2 stacks x (6 endpoints + 4 levels)
        Map<String, List<PlannedRun>> byRound = new LinkedHashMap<>();
        for (PlannedRun r : plan) byRound.computeIfAbsent(roundOf(r), k -> new ArrayList<>()).add(r);
        for (var e : byRound.entrySet()) {
            Set<PlannedRun.Group> groups = new HashSet<>();
            for (PlannedRun r : e.getValue()) assertTrue(groups.add(r.group()), "a group twice in " + e.getKey());
        }
        assertEquals(2 * 10, byRound.get("measured 1").size());
        assertEquals(2 * 10, byRound.get("measured 10").size(), "the sweep's 10 runs in rounds 1-10, beside phase 1");
        assertEquals(2 * 6, byRound.get("measured 11").size(), "then phase 1 alone");
        assertTrue(byRound.get("measured 1").stream().anyMatch(r -> r.phase() == 2), "phases 1 and 2 share rounds");
    }

    @Test
    void eachRoundIsShuffledByItsOwnStreamTheSameEveryTime() throws IOException {
        Preset p = preset("paper");
        List<PlannedRun> a = Plan.of(p, List.of("rust", "go"));
        assertEquals(a, Plan.of(p, List.of("rust", "go")), "same seed, same order");
        List<PlannedRun> r1 = a.stream().filter(r -> !r.warmup() && r.round() == 1 && r.phase() != 3).toList();
        List<PlannedRun> r2 = a.stream().filter(r -> !r.warmup() && r.round() == 2 && r.phase() != 3).toList();
        List<String> o1 = r1.stream().map(r -> r.phase() + r.stack() + r.endpoint() + r.concurrency()).toList();
        List<String> o2 = r2.stream().map(r -> r.phase() + r.stack() + r.endpoint() + r.concurrency()).toList();
        assertNotEquals(o1, o2, "another round, another order of the same groups");
        assertEquals(new HashSet<>(o1), new HashSet<>(o2));
        int switches = 0;
        for (int i = 1; i < r1.size(); i++) if (!r1.get(i).stack().equals(r1.get(i - 1).stack())) switches++;
        assertTrue(switches >= 4, "stacks interleave within a round: " + o1);
        // the shuffle's input is the plan's own order, whatever order the runs arrive in
        List<PlannedRun> raw = new ArrayList<>();
        for (PlannedRun r : r1) raw.add(new PlannedRun(r.phase(), r.stack(), r.endpoint(), r.concurrency(), r.run(), false, r.durationS()));
        List<PlannedRun> reversed = new ArrayList<>(raw);
        Collections.reverse(reversed);
        assertEquals(Rounds.order(42, "rounds", raw), Rounds.order(42, "rounds", reversed));
        assertEquals(r1, Rounds.order(42, "rounds", raw), "the plan's round 1 is Rounds.order's");
        assertNotEquals(Rounds.order(42, "rounds", raw), Rounds.order(43, "rounds", raw), "another seed, another order");
    }

    @Test
    void phase5SharesPhase1sRounds() throws IOException {
        Preset p = preset("pilot-v5");
        List<PlannedRun> plan = Plan.of(p, List.of("go", "rust"));
        assertTrue(plan.stream().anyMatch(r -> r.phase() == 5), "phase 5 is in the shared plan");
        for (int k = 1; k <= p.protocol().phase5().runs(); k++) {
            int round = k;
            List<PlannedRun> rk = plan.stream().filter(r -> !r.warmup() && r.round() == round).toList();
            assertTrue(rk.stream().anyMatch(r -> r.phase() == 5) && rk.stream().anyMatch(r -> r.phase() == 1),
                    "round " + k + " holds phase-1 and phase-5 runs");
        }
        assertEquals(Plan.of(p, List.of("go", "rust")).stream().filter(r -> r.phase() == 5).count(),
                2L * p.protocol().phase5().endpoints().size() * (p.protocol().phase5().runs() + p.protocol().phase5().warmups()));
    }

    private static List<PlannedRun> twoGroupsInRounds() {
        List<PlannedRun> runs = new ArrayList<>();
        for (String s : List.of("go", "rust")) {
            runs.add(new PlannedRun(1, s, "get_item", 4, 1, true, 1));
            for (int r = 1; r <= 3; r++) runs.add(new PlannedRun(1, s, "get_item", 4, r, false, 1));
        }
        return Rounds.order(7, "rounds", runs);
    }

    @Test
    void aDiscardedRunIsRetriedAtTheEndOfItsRoundWithTheNextFreeNumber() {
        RunQueue q = new RunQueue(twoGroupsInRounds(), 2).start();
        q.report(q.next(), RunQueue.Outcome.OK); // warm-ups
        q.report(q.next(), RunQueue.Outcome.OK);
        PlannedRun first = q.next();
        assertEquals(1, first.round());
        assertEquals(RunQueue.Requeue.QUEUED_AGAIN, q.report(first, RunQueue.Outcome.NOT_OK));
        List<PlannedRun> rest = q.remaining();
        assertEquals(1, rest.get(0).round(), "the other group's run of round 1 first");
        assertTrue(rest.get(0).group() != first.group() && !rest.get(0).stack().equals(first.stack()));
        PlannedRun retry = rest.get(1);
        assertEquals(first.group(), retry.group(), "then the retry, at the end of round 1: " + rest);
        assertEquals(1, retry.round(), "it keeps its round");
        assertEquals(4, retry.run(), "the group's next free run number (data.md)");
        assertEquals(2, rest.get(2).round());
        // the retry fails again while round 1's others are done: it is the next run, still round 1
        q.report(q.next(), RunQueue.Outcome.OK);
        assertEquals(RunQueue.Requeue.QUEUED_AGAIN, q.report(q.next(), RunQueue.Outcome.NOT_OK));
        PlannedRun again = q.remaining().get(0);
        assertEquals(1, again.round());
        assertEquals(5, again.run());
    }

    @Test
    void aResumedCampaignContinuesTheRoundItStoppedInAndRunsNothingTwice() {
        List<PlannedRun> plan = twoGroupsInRounds();
        PlannedRun.Group go = new PlannedRun.Group(1, "go", "get_item", 4, false);
        PlannedRun.Group rust = new PlannedRun.Group(1, "rust", "get_item", 4, false);
        RunQueue q = new RunQueue(plan, 3);
        q.recordEarlier(new PlannedRun.Group(1, "go", "get_item", 4, true), 1, true, 1);
        q.recordEarlier(new PlannedRun.Group(1, "rust", "get_item", 4, true), 1, false, 1);
        // round 1: go's run 1 discarded, its retry (run 4) ok; rust's run 1 discarded, no retry yet; then stopped
        q.recordEarlier(go, 1, false, 1);
        q.recordEarlier(go, 4, true, 1);
        q.recordEarlier(rust, 1, false, 1);
        q.start();
        List<PlannedRun> rest = q.remaining();
        assertEquals(new PlannedRun(1, "rust", "get_item", 4, 4, false, 1, Double.NaN, 1), rest.get(0),
                "rust's round 1 first, its next free number: " + rest);
        assertEquals(5, rest.size(), "rounds 2 and 3 of both groups, nothing of round 1 twice: " + rest);
        assertEquals(List.of(2, 2, 3, 3), rest.subList(1, 5).stream().map(PlannedRun::round).toList());
        assertTrue(rest.stream().noneMatch(PlannedRun::warmup), "a warm-up is not run again, even one that failed");
    }

    private static dev.tpm.model.RunRow phase1Row(long seq, String stack, double rps) {
        dev.tpm.model.RunRow.Builder b = new dev.tpm.model.RunRow.Builder(seq, stack, "get_item", 30, 2, (int) seq, false);
        b.status = dev.tpm.model.RunStatus.OK;
        b.rps = rps;
        b.latP99Ms = 10;
        b.requests = 1000L;
        b.durationS = 10;
        return b.build();
    }

    @Test
    void phase4sRatesAndEachSearchStepAreRoundsOfTheirOwn() throws IOException {
        Preset p = preset("pilot-v5");
        List<dev.tpm.model.RunRow> phase1 = List.of(phase1Row(1, "go", 4000), phase1Row(2, "rust", 8000));
        Phase4Plan.Result r = Phase4Plan.of(p, List.of("go", "rust"), phase1);
        List<PlannedRun> runs = r.runs();
        // 2 stacks x 3 rates x (1 warm-up + 5 runs)
        assertEquals(36, runs.size());
        List<String> seen = new ArrayList<>();
        for (PlannedRun x : runs) {
            String k = roundOf(x);
            if (seen.isEmpty() || !seen.get(seen.size() - 1).equals(k)) {
                assertTrue(!seen.contains(k), "a round comes back: " + seen);
                seen.add(k);
            }
        }
        assertEquals(List.of("warm-up 1", "measured 1", "measured 2", "measured 3", "measured 4", "measured 5"), seen);
        assertEquals(6, runs.stream().filter(x -> !x.warmup() && x.round() == 3).map(PlannedRun::group).distinct().count(),
                "a round runs each (stack, rate) once");
        assertEquals(r.runs(), Phase4Plan.of(p, List.of("go", "rust"), phase1).runs(), "the same order every time");
        // a search step: every rate met the target, so each stack searches on at 1.25 x its highest
        List<dev.tpm.model.RunRow> phase4 = new ArrayList<>();
        long seq = 100;
        for (PlannedRun x : runs) {
            dev.tpm.model.RunRow.Builder b = new dev.tpm.model.RunRow.Builder(seq++, x.stack(), x.endpoint(), x.concurrency(), 2,
                    x.run(), x.warmup());
            b.offeredRps = x.offeredRps();
            b.status = dev.tpm.model.RunStatus.OK;
            b.rps = x.offeredRps();
            b.latP99Ms = 5;
            b.round = x.round();
            phase4.add(b.build());
        }
        Phase4Search.Step step = Phase4Search.next(p, List.of("go", "rust"), Phase4Search.declaredRates(runs),
                Phase4Search.medians(p, List.of("go", "rust"), phase1), phase4, new Phase4Search.Target(50, 0.95), 1);
        assertEquals(12, step.runs().size(), step.lines().toString());
        assertTrue(step.runs().get(0).warmup() && step.runs().get(1).warmup(), "the step's warm-up round first");
        assertEquals(List.of(1, 1, 2, 2, 3, 3, 4, 4, 5, 5), step.runs().subList(2, 12).stream().map(PlannedRun::round).toList());
    }
}
