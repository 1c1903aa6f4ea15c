package dev.tpm.analysis;

import dev.tpm.model.RunStatus;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.RunColumns;
import dev.tpm.results.Session;
import dev.tpm.stats.Holm;
import dev.tpm.stats.Spearman;
import dev.tpm.testing.Campaigns;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Sessions (analysis.md 9, version 4) on SYNTHETIC campaigns whose positions, ratios and steal
 * shares can be worked out by hand.
 */
class SessionAnalysisTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double ALPHA = 0.05;

    private static Campaign campaign(String id, String device, Integer cores, String study) {
        ObjectNode json = JSON.createObjectNode();
        if (study != null) json.put("study", study);
        Device d = Device.of(device, "synthetic VM", null, cores, null, null, null, null, null, null, null, null, null, "none");
        return Campaigns.of(id, d, JSON.createObjectNode().put("host", "same"), JSON.createObjectNode(), List.of(), json);
    }

    /** A measured run of 10 s on 2 cores (or excluded: a warm-up, a failed run) with steal_s. */
    private static RunRow run(String campaign, int phase, long seq, String stack, String endpoint, int concurrency, double rps,
            boolean warmup, RunStatus status, double stealS) {
        return new RunRow(campaign, "dev", phase, seq, stack, endpoint, concurrency, warmup, status, "", 1000, 0, rps, 1, 2,
                Double.NaN, Double.NaN, 2048, Double.NaN, Double.NaN, "paper", 10, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, stealS, RunRow.stealShare(stealS, 10, 2));
    }

    private static RunRow ok(String campaign, int phase, long seq, String stack, String endpoint, int concurrency, double rps,
            double stealS) {
        return run(campaign, phase, seq, stack, endpoint, concurrency, rps, false, RunStatus.OK, stealS);
    }

    @Test
    void aSessionThatSpeedsUpAsAWholeDriftsAndItsRatiosAreToEachGroupsMedian() {
        // two stacks interleaved, both 10 req/s faster every round; b at twice a's level (so their ratios tie exactly)
        List<RunRow> rows = new ArrayList<>();
        long seq = 0;
        for (int k = 0; k < 12; k++) {
            rows.add(ok("c1", 1, ++seq, "a", "get_item", 30, 1000 + 10 * k, 0.2));
            rows.add(ok("c1", 1, ++seq, "b", "get_item", 30, 2 * (1000 + 10 * k), 0.4));
        }
        rows.add(run("c1", 1, ++seq, "a", "get_item", 30, 1, true, RunStatus.OK, 9)); // a warm-up: no position
        rows.add(run("c1", 1, ++seq, "b", "get_item", 30, 1, false, RunStatus.FAILED, 9)); // failed: none
        rows.add(ok("c1", 2, ++seq, "a", "get_item", 240, 1, 9)); // a group of one run: left out
        List<Session> s = SessionAnalysis.of(List.of(campaign("c1", "dev", 2, null)), rows, RunRules.withoutSteal(0.01), ALPHA);
        assertEquals(1, s.size());
        Session x = s.get(0);
        assertEquals(24, x.n());
        // ranks of y: round k's two runs tie; Spearman over (1..24, paired ratios)
        double[] pos = new double[24];
        double[] y = new double[24];
        for (int i = 0; i < 24; i++) {
            pos[i] = i + 1;
            y[i] = (1000 + 10 * (i / 2)) / 1055.0;
        }
        Spearman.Result expected = Spearman.test(pos, y);
        assertEquals(expected.rho(), x.rho(), 1e-12);
        assertEquals(expected.p(), x.p(), 1e-12 * expected.p());
        assertEquals(x.p(), x.pHolm(), 0.0); // a family of one
        assertTrue(x.drifting());
        // steal (version 5: every run with warm-up 0 and status ok, of every phase): 0.2 / (10 x 2) and
        // 0.4 / (10 x 2), twelve of each, and the phase-2 run's 9 / 20; the warm-up and the failed run
        // do not count: the 13th of 25 shares is 0.02
        assertEquals(0.02, x.stealShare(), 1e-15);
        assertEquals(0.45, x.stealMax(), 1e-15);
        assertEquals(0, x.stealExcluded()); // the rule is off
        assertEquals("paper", x.study());
    }

    @Test
    void runsExcludedForStealAreCountedAndLeaveTheDriftTestButNotTheStealShares() {
        List<RunRow> rows = new ArrayList<>();
        long seq = 0;
        for (int k = 0; k < 12; k++) {
            rows.add(ok("c1", 1, ++seq, "a", "get_item", 30, 1000 + 10 * k, 0.2)); // share 0.01
            rows.add(ok("c1", 1, ++seq, "b", "get_item", 30, 2000 - 10 * k, 0.4)); // share 0.02
        }
        rows.add(run("c1", 1, ++seq, "a", "get_item", 30, 1, true, RunStatus.OK, 9)); // a warm-up
        rows.add(run("c1", 1, ++seq, "b", "get_item", 30, 1, false, RunStatus.FAILED, 9)); // failed first
        rows.add(ok("c1", 4, ++seq, "a", "get_item", 30, 500, 9)); // phase 4 counts too (version 5)
        rows.add(ok("c1", 5, ++seq, "a", "get_item", 30, 1500, 0.3)); // phase 5, share 0.015: at the limit, kept
        List<Session> s = SessionAnalysis.of(List.of(campaign("c1", "dev", 2, null)), rows, new RunRules(0.01, 0.015), ALPHA);
        Session x = s.get(0);
        assertEquals(12, x.n()); // b's runs are excluded for steal: only a's twelve phase-1 runs are tested
        assertEquals(1.0, x.rho(), 1e-12); // a alone speeds up; b, which slows down, no longer counts
        assertEquals(13, x.stealExcluded()); // b's twelve and the phase-4 run
        assertEquals(0.45, x.stealMax(), 1e-15);
        assertEquals(0.0175, x.stealShare(), 1e-15); // 26 shares: 12 x 0.01, 0.015, 12 x 0.02, 0.45
    }

    @Test
    void holmRunsOverEveryCampaignAndAConstantOrEmptySessionKeepsItsRowOutsideTheFamily() {
        List<RunRow> rows = new ArrayList<>();
        long seq = 0;
        int[] perm = {3, 0, 5, 1, 4, 2, 7, 6};
        for (int k = 0; k < 8; k++) {
            rows.add(ok("c2", 1, ++seq, "a", "hello", 10, 100 + k, Double.NaN));
            rows.add(ok("c3", 1, seq, "a", "hello", 10, 100 + perm[k], Double.NaN));
            rows.add(ok("c4", 1, seq, "a", "hello", 10, 100, Double.NaN)); // constant: rho undefined
        }
        List<Campaign> campaigns = List.of(campaign("c3", "dev-b", 2, "hello-blog"), campaign("c2", "dev-b", null, null),
                campaign("c4", "dev-a", 2, null), campaign("c5", "dev-a", 2, null));
        List<Session> s = SessionAnalysis.of(campaigns, rows, RunRules.withoutSteal(0.01), ALPHA);
        // sorted by device, then campaign
        assertEquals(List.of("c4", "c5", "c2", "c3"), s.stream().map(Session::campaign).toList());
        assertTrue(Double.isNaN(s.get(0).rho()) && Double.isNaN(s.get(0).pHolm()));
        assertFalse(s.get(0).drifting());
        assertEquals(0, s.get(1).n());
        assertTrue(Double.isNaN(s.get(1).p()));
        double[] p = {s.get(2).p(), s.get(3).p()};
        double[] holm = Holm.adjust(p);
        assertEquals(holm[0], s.get(2).pHolm(), 0.0);
        assertEquals(holm[1], s.get(3).pHolm(), 0.0);
        assertEquals(1.0, s.get(2).rho(), 1e-12);
        assertEquals("hello-blog", s.get(3).study());
        // no steal_s anywhere, or no device.cores: no steal columns
        assertTrue(s.stream().allMatch(x -> Double.isNaN(x.stealShare()) && Double.isNaN(x.stealMax())));
    }

    /**
     * A stack that is faster or slower by a constant factor throughout, on one endpoint or many,
     * changes no ratio to its group's median and so no rho: a session's drift is what its groups
     * share, not how fast each is. The factor is a power of two, which scales a double exactly: any
     * other factor may round a ratio by an ulp and so break a tie between two groups' ratios (whole
     * rps values tie often), which moves rho a little although nothing but rounding changed.
     */
    @Property(tries = 60)
    void scalingOneGroupLeavesTheSessionsRhoUnchanged(@ForAll @IntRange(min = 3, max = 15) int rounds,
            @ForAll @IntRange(min = -7, max = 7) int powerOfTwo, @ForAll long seed) {
        double factor = Math.scalb(1.0, powerOfTwo);
        java.util.Random rnd = new java.util.Random(seed);
        List<RunRow> base = new ArrayList<>();
        List<RunRow> scaled = new ArrayList<>();
        long seq = 0;
        for (int k = 0; k < rounds; k++) {
            for (String stack : List.of("a", "b", "c")) {
                double rps = 1000 + rnd.nextInt(200);
                base.add(ok("c", 1, ++seq, stack, "get_item", 30, rps, Double.NaN));
                scaled.add(ok("c", 1, seq, stack, "get_item", 30, stack.equals("b") ? rps * factor : rps, Double.NaN));
            }
        }
        List<Campaign> c = List.of(campaign("c", "dev", 2, null));
        Session a = SessionAnalysis.of(c, base, RunRules.withoutSteal(0.01), ALPHA).get(0);
        Session b = SessionAnalysis.of(c, scaled, RunRules.withoutSteal(0.01), ALPHA).get(0);
        if (Double.isNaN(a.rho())) {
            assertTrue(Double.isNaN(b.rho()));
        } else {
            assertEquals(a.rho(), b.rho(), 1e-9);
        }
    }
}
