package dev.tpm.analysis;

import dev.tpm.stats.Bootstrap;
import dev.tpm.stats.Interval;
import dev.tpm.codec.Seeds;
import dev.tpm.stats.StratifiedBootstrap;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.commons.math3.random.RandomGenerator;

/**
 * Every bootstrap the analysis needs, collected first and then run in parallel over groups
 * (analysis.md 2 and 4). A job owns its random streams, seeded from rng_seed and its group key, so
 * its result is the same on any thread and in any order. Jobs whose replicates the weighted
 * aggregates reuse keep them; the others keep only their interval.
 */
final class BootstrapPlan {
    /** A registered bootstrap; its interval (and kept replicates) are read once the plan has run. */
    record Handle(int id) {}

    private record Job(Supplier<double[]> replicates, boolean keepReplicates) {}

    private record Done(Interval interval, double[] replicates) {}

    private final long rootSeed;
    private final int resamples;
    private final double confidence;
    private final List<Job> jobs = new ArrayList<>();
    private List<Done> done;

    BootstrapPlan(long rootSeed, int resamples, double confidence) {
        if (resamples < 1) throw new IllegalArgumentException("bootstrap_resamples must be >= 1, got " + resamples);
        this.rootSeed = rootSeed;
        this.resamples = resamples;
        this.confidence = confidence;
    }

    /** Bootstrap of the median of values, stream keyed by key. */
    Handle median(double[] values, boolean keepReplicates, String... key) {
        double[] v = values.clone();
        String[] k = key.clone();
        return add(new Job(() -> Bootstrap.medianReplicates(v, resamples, Seeds.stream(rootSeed, k)), keepReplicates));
    }

    /**
     * Stratified bootstrap of the pooled weighted median (w_energy_mj): stratum e draws from the
     * stream of keys[e], the same stream as that group's own median bootstrap.
     */
    Handle weightedMedian(double[][] strata, double[] weights, String[][] keys) {
        double[][] s = strata.clone();
        double[] w = weights.clone();
        String[][] k = keys.clone();
        return add(new Job(() -> {
            RandomGenerator[] rngs = new RandomGenerator[k.length];
            for (int e = 0; e < k.length; e++) rngs[e] = Seeds.stream(rootSeed, k[e]);
            return StratifiedBootstrap.weightedMedianReplicates(s, w, resamples, rngs);
        }, false));
    }

    private Handle add(Job job) {
        if (done != null) throw new IllegalStateException("plan already run");
        jobs.add(job);
        return new Handle(jobs.size() - 1);
    }

    void run(int threads, Random submissionOrder) {
        done = Parallel.map(jobs.size(), i -> {
            Job j = jobs.get(i);
            double[] reps = j.replicates().get();
            return new Done(interval(reps), j.keepReplicates() ? reps : null);
        }, threads, submissionOrder);
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
