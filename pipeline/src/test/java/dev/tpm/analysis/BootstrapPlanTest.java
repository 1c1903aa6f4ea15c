package dev.tpm.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Running the jobs that share streams as one pass changes nothing: every interval and every kept
 * replicate equals the one computed job by job, on any number of threads.
 */
class BootstrapPlanTest {
    private record Registered(List<BootstrapPlan.Handle> medians, List<BootstrapPlan.Handle> weighted) {}

    /** Synthetic groups: two stacks' energy groups, weighted medians under two mixes, a few that cannot join. */
    private static Registered register(BootstrapPlan plan) {
        Random gen = new Random(7);
        List<BootstrapPlan.Handle> medians = new ArrayList<>();
        List<BootstrapPlan.Handle> weighted = new ArrayList<>();
        for (String stack : List.of("a", "b")) {
            double[][] strata = new double[3][];
            String[][] keys = new String[3][];
            for (int e = 0; e < 3; e++) {
                strata[e] = new double[5 + gen.nextInt(6)];
                for (int i = 0; i < strata[e].length; i++) strata[e][i] = gen.nextInt(40) / 8.0;
                keys[e] = new String[] {"group", "dev", stack, "e" + e, "energy"};
                medians.add(plan.median(strata[e], e == 0, keys[e]));
                medians.add(plan.median(strata[e], false, "group", "dev", stack, "e" + e, "rps"));
            }
            weighted.add(plan.weightedMedian(strata, new double[] {0.5, 0.3, 0.2}, keys));
            weighted.add(plan.weightedMedian(strata, new double[] {0.1, 0.1, 0.8}, keys));
            // a stratum one value short of its group's: drawn on its own
            double[][] shorter = strata.clone();
            shorter[1] = java.util.Arrays.copyOf(strata[1], strata[1].length - 1);
            weighted.add(plan.weightedMedian(shorter, new double[] {0.4, 0.4, 0.2}, keys));
            // a key no median job has: drawn on its own
            weighted.add(plan.weightedMedian(new double[][] {strata[0]}, new double[] {1},
                    new String[][] {{"group", "dev", stack, "nowhere", "energy"}}));
        }
        return new Registered(medians, weighted);
    }

    @Test
    void jointFamiliesGiveTheIntervalsAndReplicatesOfSeparateJobs() {
        BootstrapPlan separate = new BootstrapPlan(20260929L, 500, 0.95, false);
        Registered s = register(separate);
        separate.run(1, null);
        for (int threads : new int[] {1, 3}) {
            BootstrapPlan joint = new BootstrapPlan(20260929L, 500, 0.95, true);
            Registered j = register(joint);
            joint.run(threads, new Random(threads));
            for (int i = 0; i < s.medians().size(); i++) {
                assertEquals(separate.interval(s.medians().get(i)), joint.interval(j.medians().get(i)), "median job " + i);
            }
            for (int i = 0; i < s.weighted().size(); i++) {
                assertEquals(separate.interval(s.weighted().get(i)), joint.interval(j.weighted().get(i)), "weighted job " + i);
            }
            assertArrayEquals(separate.replicates(s.medians().get(0)), joint.replicates(j.medians().get(0)), 0.0);
        }
    }
}
