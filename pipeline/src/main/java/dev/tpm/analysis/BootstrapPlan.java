package dev.tpm.analysis;

import dev.tpm.codec.Seeds;
import dev.tpm.stats.Bootstrap;
import dev.tpm.stats.Interval;
import dev.tpm.stats.JointBootstrap;
import dev.tpm.stats.MedianDraw;
import dev.tpm.stats.Mt19937;
import dev.tpm.stats.StratifiedBootstrap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Every bootstrap the analysis needs, collected first and then run in parallel over groups
 * (analysis.md 2 and 4). A job owns its random streams, seeded from rng_seed and its group key, so
 * its result is the same on any thread and in any order. Jobs whose replicates the weighted
 * aggregates and the ratio intervals reuse keep them (every weighted median does); the others keep
 * only their interval. Keeping replicates changes no draw.
 *
 * <p>A median's replicate is drawn directly from its exact distribution ({@link MedianDraw},
 * analysis.md 2 version 4): one to three uniforms per replicate from the group's stream, whatever
 * its n. The stratified bootstrap of the pooled weighted median (w_energy_mj) is not a function of
 * group medians and still draws each stratum's n indices, stratum e from the stream of its group's
 * key. The plan runs the weighted medians that read the same streams (a stack's energy groups
 * under every mix) as one {@link JointBootstrap}, so each stream draws once instead of once per
 * reader: the same replicates, bit for bit, at a fraction of the draws.
 */
final class BootstrapPlan {
    /** A registered bootstrap; its interval (and kept replicates) are read once the plan has run. */
    record Handle(int id) {}

    private sealed interface Job permits MedianJob, WeightedJob {}

    private record MedianJob(double[] values, boolean keepReplicates, List<String> key) implements Job {}

    private record WeightedJob(double[][] strata, double[] weights, List<List<String>> keys) implements Job {}

    private record Done(Interval interval, double[] replicates) {}

    private final long rootSeed;
    private final int resamples;
    private final double confidence;
    private final boolean joint;
    private final List<Job> jobs = new ArrayList<>();
    private List<Done> done;

    BootstrapPlan(long rootSeed, int resamples, double confidence) {
        this(rootSeed, resamples, confidence, true);
    }

    /** @param joint whether jobs that read the same streams run as one pass (tests compare both ways) */
    BootstrapPlan(long rootSeed, int resamples, double confidence, boolean joint) {
        if (resamples < 1) throw new IllegalArgumentException("bootstrap_resamples must be >= 1, got " + resamples);
        this.rootSeed = rootSeed;
        this.resamples = resamples;
        this.confidence = confidence;
        this.joint = joint;
    }

    /** Bootstrap of the median of values, stream keyed by key. */
    Handle median(double[] values, boolean keepReplicates, String... key) {
        return add(new MedianJob(values.clone(), keepReplicates, List.of(key)));
    }

    /**
     * Stratified bootstrap of the pooled weighted median (w_energy_mj): stratum e draws from the
     * stream of keys[e], the same stream as that group's own median bootstrap.
     */
    Handle weightedMedian(double[][] strata, double[] weights, String[][] keys) {
        if (keys.length != strata.length) throw new IllegalArgumentException("one key per stratum");
        double[][] s = new double[strata.length][];
        for (int e = 0; e < s.length; e++) s[e] = strata[e].clone();
        return add(new WeightedJob(s, weights.clone(), Arrays.stream(keys).map(List::of).toList()));
    }

    private Handle add(Job job) {
        if (done != null) throw new IllegalStateException("plan already run");
        jobs.add(job);
        return new Handle(jobs.size() - 1);
    }

    void run(int threads, Random submissionOrder) {
        List<int[]> tasks = joint ? families() : singletons();
        List<Done[]> results = Parallel.map(tasks.size(), t -> run(tasks.get(t)), threads, submissionOrder);
        Done[] all = new Done[jobs.size()];
        for (int t = 0; t < tasks.size(); t++) {
            int[] ids = tasks.get(t);
            for (int i = 0; i < ids.length; i++) all[ids[i]] = results.get(t)[i];
        }
        done = List.of(all);
    }

    private List<int[]> singletons() {
        List<int[]> out = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) out.add(new int[] {i});
        return out;
    }

    /**
     * The jobs in families: weighted jobs that read a stream of the same key, each with as many
     * values per stratum as the others that read it, are one family; every other job is a family of
     * one. Families are listed by their first job, jobs within one in registration order.
     */
    private List<int[]> families() {
        Map<List<String>, Integer> firstReader = new HashMap<>();
        Map<List<String>, Integer> sizeOfKey = new HashMap<>();
        int[] parent = new int[jobs.size()];
        for (int i = 0; i < parent.length; i++) parent[i] = i;
        for (int i = 0; i < jobs.size(); i++) {
            if (!(jobs.get(i) instanceof WeightedJob w) || !consistent(w, sizeOfKey)) continue;
            for (int e = 0; e < w.keys().size(); e++) {
                Integer first = firstReader.putIfAbsent(w.keys().get(e), i);
                if (first != null) union(parent, i, first);
            }
        }
        Map<Integer, List<Integer>> byRoot = new TreeMap<>();
        for (int i = 0; i < jobs.size(); i++) byRoot.computeIfAbsent(root(parent, i), r -> new ArrayList<>()).add(i);
        List<int[]> out = new ArrayList<>();
        for (List<Integer> ids : byRoot.values()) out.add(ids.stream().mapToInt(Integer::intValue).toArray());
        out.sort((a, b) -> Integer.compare(a[0], b[0]));
        return out;
    }

    /** Whether each of w's streams draws as many indices as every earlier reader of its key (and records the sizes). */
    private static boolean consistent(WeightedJob w, Map<List<String>, Integer> sizeOfKey) {
        for (int e = 0; e < w.keys().size(); e++) {
            Integer size = sizeOfKey.get(w.keys().get(e));
            if (size != null && size != w.strata()[e].length) return false;
        }
        for (int e = 0; e < w.keys().size(); e++) sizeOfKey.putIfAbsent(w.keys().get(e), w.strata()[e].length);
        return true;
    }

    private static int root(int[] parent, int i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = root(parent, a);
        int rb = root(parent, b);
        if (ra != rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }

    /** The replicates and intervals of one family's jobs, in the order of ids. */
    private Done[] run(int[] ids) {
        double[][] reps = new double[ids.length][];
        if (ids.length == 1) {
            reps[0] = alone(jobs.get(ids[0]));
        } else {
            JointBootstrap jb = new JointBootstrap(resamples);
            Map<List<String>, Integer> streamOfKey = new HashMap<>();
            int[] reader = new int[ids.length];
            for (int i = 0; i < ids.length; i++) {
                WeightedJob w = (WeightedJob) jobs.get(ids[i]);
                int[] streams = new int[w.keys().size()];
                for (int e = 0; e < streams.length; e++) {
                    List<String> key = w.keys().get(e);
                    int n = w.strata()[e].length;
                    streams[e] = streamOfKey.computeIfAbsent(key, k -> jb.stream(stream(k), n));
                }
                reader[i] = jb.weightedMedian(streams, w.strata(), w.weights());
            }
            double[][] joint = jb.run();
            for (int i = 0; i < ids.length; i++) reps[i] = joint[reader[i]];
        }
        Done[] out = new Done[ids.length];
        for (int i = 0; i < ids.length; i++) {
            // a weighted median's replicates feed the ratio intervals of ratios.csv (analysis.md 4)
            boolean keep = jobs.get(ids[i]) instanceof WeightedJob || (jobs.get(ids[i]) instanceof MedianJob m && m.keepReplicates());
            out[i] = new Done(interval(reps[i]), keep ? reps[i] : null);
        }
        return out;
    }

    /** One job's replicates from fresh streams of its keys. */
    private double[] alone(Job job) {
        if (job instanceof MedianJob m) return MedianDraw.replicates(m.values(), resamples, stream(m.key()));
        WeightedJob w = (WeightedJob) job;
        RandomGenerator[] rngs = new RandomGenerator[w.keys().size()];
        for (int e = 0; e < rngs.length; e++) rngs[e] = stream(w.keys().get(e));
        return StratifiedBootstrap.weightedMedianReplicates(w.strata(), w.weights(), resamples, rngs);
    }

    /** The key's stream: Seeds' Mersenne Twister, as {@link Mt19937}, which draws a stratum's resample in one loop. */
    private RandomGenerator stream(List<String> key) {
        return new Mt19937(Seeds.derive(rootSeed, key.toArray(new String[0])));
    }

    /** The percentile interval of replicates at this plan's confidence. */
    Interval interval(double[] replicates) {
        return Bootstrap.percentileInterval(replicates, confidence);
    }

    Interval interval(Handle h) {
        if (done == null) throw new IllegalStateException("plan not run yet");
        return done.get(h.id()).interval();
    }

    double[] replicates(Handle h) {
        double[] r = done.get(h.id()).replicates();
        if (r == null) throw new IllegalStateException("replicates of job " + h.id() + " were not kept");
        return r;
    }
}
