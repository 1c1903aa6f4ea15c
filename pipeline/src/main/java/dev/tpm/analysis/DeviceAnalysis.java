package dev.tpm.analysis;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Device;
import dev.tpm.model.Endpoints;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.Metrics;
import dev.tpm.model.Mix;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Exclusion;
import dev.tpm.results.GroupSample;
import dev.tpm.results.GroupStat;
import dev.tpm.results.MemorySummary;
import dev.tpm.results.Omnibus;
import dev.tpm.results.Posthoc;
import dev.tpm.results.PosthocSummary;
import dev.tpm.results.RunCount;
import dev.tpm.results.Sensitivity;
import dev.tpm.results.StackPooled;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.SweepSummary;
import dev.tpm.results.Weighted;
import dev.tpm.stats.EffectSizes;
import dev.tpm.stats.Holm;
import dev.tpm.stats.Interval;
import dev.tpm.stats.KendallTau;
import dev.tpm.stats.KruskalWallis;
import dev.tpm.stats.MannWhitney;
import dev.tpm.stats.MemoryTrend;
import dev.tpm.stats.Pareto;
import dev.tpm.stats.Quantiles;
import dev.tpm.stats.Ranks;
import dev.tpm.stats.StratifiedBootstrap;
import dev.tpm.stats.Summary;
import dev.tpm.stats.SweepCurve;
import dev.tpm.stats.WeightedStats;
import dev.tpm.stats.WelchT;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The analysis of one device (analysis.md 2-7). Used in two steps around the parallel bootstrap:
 * {@link #plan} groups the runs and registers every bootstrap; {@link #finish} computes the rest
 * and assembles the {@link DeviceResults}.
 */
final class DeviceAnalysis {
    /** Stream-key prefixes: each bootstrap family has its own streams. */
    static final String KEY_GROUP = "group";
    static final String KEY_POOLED = "pooled";
    static final String KEY_SWEEP = "sweep";

    /** Group medians the weighted aggregates of analysis.md 4 combine (w_rps, w_peak_mib, w_rps_per_mib, w_p99_ms). */
    private static final List<String> WEIGHTED_MEDIAN_METRICS =
            List.of(Metrics.RPS, Metrics.PEAK_RSS_MIB, Metrics.RPS_PER_MIB, Metrics.LAT_P99_MS);

    /** Minimum runs per stack for a stack to enter the tests of analysis.md 3. */
    private static final int MIN_TEST_N = 2;

    record GroupKey(String stack, String endpoint, String metric) {}

    private record Group(GroupKey key, double[] values, int job) {}

    private record PooledStack(String stack, int n, double[] idle, double[] startup, int idleJob, int startupJob) {}

    private record SweepGroup(String stack, int concurrency, int n, double[] rps, double[] p99, double[] peak, int rpsJob, int p99Job,
            List<String> endpoints) {}

    private final String id;
    private final Device device;
    private final List<String> campaigns;
    private final AnalysisConfig cfg;
    private final List<Mix> mixes;
    private final StackOrder order;
    private final List<RunRow> rows;
    private final List<MemorySeries> series;

    private final List<RunRow> measured1 = new ArrayList<>();
    private final List<RunRow> measured2 = new ArrayList<>();
    private final List<Exclusion> exclusions = new ArrayList<>();
    private final List<RunCount> runCounts = new ArrayList<>();
    private final List<String> stacks1 = new ArrayList<>();
    private final Map<GroupKey, Group> groups = new LinkedHashMap<>();
    private final List<GroupSample> samples = new ArrayList<>();
    private final List<PooledStack> pooled = new ArrayList<>();
    private final List<SweepGroup> sweepGroups = new ArrayList<>();
    /** Energy job per (mix name, stack); absent when the stack lacks energy on some CRUD endpoint. */
    private final Map<String, Map<String, Integer>> energyJobs = new TreeMap<>();

    /**
     * @param rows every phase-1 and phase-2 row of this device's campaigns that count
     * @param series this device's phase-3 series that count
     */
    DeviceAnalysis(String id, Device device, List<String> campaigns, AnalysisConfig cfg, List<Mix> mixes, StackOrder order,
            List<RunRow> rows, List<MemorySeries> series) {
        this.id = id;
        this.device = device;
        this.campaigns = List.copyOf(campaigns);
        this.cfg = cfg;
        this.mixes = List.copyOf(mixes);
        this.order = order;
        this.rows = List.copyOf(rows);
        this.series = List.copyOf(series);
    }

    // ---------------------------------------------------------------- step 1: group, plan bootstraps

    void plan(BootstrapPlan plan) {
        classify();
        Comparator<RunRow> bySeq = Comparator.comparing(RunRow::campaign).thenComparingInt(RunRow::phase).thenComparingLong(RunRow::seq);
        measured1.sort(bySeq);
        measured2.sort(bySeq);
        stacks1.addAll(sortedStacks(measured1.stream().map(RunRow::stack).toList()));
        planGroups(plan);
        planPooled(plan);
        planSweep(plan);
        planEnergy(plan);
    }

    private void classify() {
        Map<String, int[]> counts = new TreeMap<>(); // key phase|stack -> rows, warmup, measured, failed, discarded, error_rate, throttled
        for (RunRow r : rows) {
            String reason = RunFilter.exclusionReason(r, cfg.maxErrorRate());
            int[] c = counts.computeIfAbsent(r.phase() + "\u0000" + r.stack(), k -> new int[7]);
            c[0]++;
            if (reason == null) {
                c[2]++;
                (r.phase() == 1 ? measured1 : measured2).add(r);
                continue;
            }
            switch (reason) {
                case RunFilter.WARMUP -> c[1]++;
                case RunFilter.FAILED -> c[3]++;
                case RunFilter.DISCARDED -> c[4]++;
                case RunFilter.ERROR_RATE -> c[5]++;
                default -> c[6]++;
            }
            if (!reason.equals(RunFilter.WARMUP)) {
                exclusions.add(new Exclusion(id, r.campaign(), r.phase(), r.seq(), r.stack(), r.endpoint(), reason));
            }
        }
        exclusions.sort(Comparator.comparing(Exclusion::campaign).thenComparingInt(Exclusion::phase).thenComparingLong(Exclusion::seq));
        for (Map.Entry<String, int[]> e : counts.entrySet()) {
            String[] k = e.getKey().split("\u0000", 2);
            int[] c = e.getValue();
            runCounts.add(new RunCount(id, k[1], Integer.parseInt(k[0]), c[0], c[1], c[2], c[3], c[4], c[5], c[6]));
        }
        runCounts.sort(Comparator.comparing(RunCount::stack, order.comparator()).thenComparingInt(RunCount::phase));
    }

    private void planGroups(BootstrapPlan plan) {
        List<String> endpoints = sortedEndpoints(measured1.stream().map(RunRow::endpoint).toList());
        List<String> metrics = new ArrayList<>(Metrics.ALL);
        metrics.add(Metrics.MEAN_POWER_W);
        for (String stack : stacks1) {
            for (String endpoint : endpoints) {
                List<RunRow> runs = measured1.stream().filter(r -> r.stack().equals(stack) && r.endpoint().equals(endpoint)).toList();
                if (runs.isEmpty()) continue;
                for (String metric : metrics) {
                    double[] values = values(runs, metric);
                    if (values.length == 0) continue;
                    samples.add(new GroupSample(id, stack, endpoint, metric, values));
                    if (metric.equals(Metrics.MEAN_POWER_W)) continue; // descriptive only: no statistics
                    boolean keep = Endpoints.CRUD.contains(endpoint) && WEIGHTED_MEDIAN_METRICS.contains(metric);
                    int job = plan.median(values, keep, KEY_GROUP, id, stack, endpoint, metric);
                    GroupKey key = new GroupKey(stack, endpoint, metric);
                    groups.put(key, new Group(key, values, job));
                }
            }
        }
    }

    private void planPooled(BootstrapPlan plan) {
        for (String stack : stacks1) {
            List<RunRow> runs = measured1.stream().filter(r -> r.stack().equals(stack)).toList();
            double[] idle = values(runs, Metrics.IDLE_RSS_MIB);
            double[] startup = values(runs, Metrics.STARTUP_MS);
            int idleJob = idle.length == 0 ? -1 : plan.median(idle, false, KEY_POOLED, id, stack, Metrics.IDLE_RSS_MIB);
            int startupJob = startup.length == 0 ? -1 : plan.median(startup, false, KEY_POOLED, id, stack, Metrics.STARTUP_MS);
            pooled.add(new PooledStack(stack, runs.size(), idle, startup, idleJob, startupJob));
        }
    }

    /** analysis.md 5 groups phase 2 by (device, stack, concurrency): runs of every endpoint pool. */
    private void planSweep(BootstrapPlan plan) {
        for (String stack : sortedStacks(measured2.stream().map(RunRow::stack).toList())) {
            TreeSet<Integer> levels = new TreeSet<>();
            measured2.stream().filter(r -> r.stack().equals(stack)).forEach(r -> levels.add(r.concurrency()));
            for (int c : levels) {
                List<RunRow> runs = measured2.stream().filter(r -> r.stack().equals(stack) && r.concurrency() == c).toList();
                double[] rps = values(runs, Metrics.RPS);
                double[] p99 = values(runs, Metrics.LAT_P99_MS);
                double[] peak = values(runs, Metrics.PEAK_RSS_MIB);
                String level = Integer.toString(c);
                int rpsJob = rps.length == 0 ? -1 : plan.median(rps, false, KEY_SWEEP, id, stack, level, Metrics.RPS);
                int p99Job = p99.length == 0 ? -1 : plan.median(p99, false, KEY_SWEEP, id, stack, level, Metrics.LAT_P99_MS);
                List<String> endpoints = List.copyOf(new TreeSet<>(runs.stream().map(RunRow::endpoint).toList()));
                sweepGroups.add(new SweepGroup(stack, c, runs.size(), rps, p99, peak, rpsJob, p99Job, endpoints));
            }
        }
    }

    /**
     * w_energy_mj per (mix, stack), only when every CRUD endpoint of the stack has energy values
     * (analysis.md 4). Each endpoint is a stratum resampled from that group's own stream.
     */
    private void planEnergy(BootstrapPlan plan) {
        for (Mix mix : mixes) {
            Map<String, Integer> jobs = new LinkedHashMap<>();
            for (String stack : stacks1) {
                double[][] strata = energyStrata(stack);
                if (strata == null) continue;
                String[][] keys = new String[Endpoints.CRUD.size()][];
                for (int e = 0; e < keys.length; e++) {
                    keys[e] = new String[] {KEY_GROUP, id, stack, Endpoints.CRUD.get(e), Metrics.ENERGY_MJ_PER_REQ};
                }
                jobs.put(stack, plan.weightedMedian(strata, crudWeights(mix), keys));
            }
            energyJobs.put(mix.name(), jobs);
        }
    }

    private double[][] energyStrata(String stack) {
        double[][] strata = new double[Endpoints.CRUD.size()][];
        for (int e = 0; e < strata.length; e++) {
            Group g = groups.get(new GroupKey(stack, Endpoints.CRUD.get(e), Metrics.ENERGY_MJ_PER_REQ));
            if (g == null) return null;
            strata[e] = g.values();
        }
        return strata;
    }

    // ---------------------------------------------------------------- step 2: everything else

    DeviceResults finish(BootstrapPlan plan) {
        List<GroupStat> groupStats = groupStats(plan);
        List<Omnibus> omnibus = new ArrayList<>();
        List<Posthoc> posthoc = new ArrayList<>();
        tests(omnibus, posthoc);
        List<Posthoc> adjusted = holm(posthoc);
        PosthocSummary summary = summary(adjusted);
        Map<String, List<Weighted>> weightedByMix = weighted(plan);
        List<Weighted> weighted = new ArrayList<>();
        weightedByMix.values().forEach(weighted::addAll);
        List<Sensitivity> sensitivity = sensitivity(weightedByMix);
        List<StackPooled> stackPooled = stackPooled(plan);
        List<SweepPoint> sweep = sweep(plan);
        List<SweepSummary> sweepSummary = sweepSummary(sweep);
        List<MemorySummary> memory = memory();
        List<Weighted> declared = weightedByMix.getOrDefault(declaredMix(), List.of());
        List<String> frontier = pareto(declared);
        // stacks with measured runs in phase 1 or 2, or with a phase-3 series
        List<String> stacks = sortedStacks(concat(measured1.stream().map(RunRow::stack).toList(),
                measured2.stream().map(RunRow::stack).toList(), series.stream().map(MemorySeries::stack).toList()));
        List<MemorySeries> sortedSeries = new ArrayList<>(series);
        sortedSeries.sort(Comparator.comparing(MemorySeries::stack, order.comparator())
                .thenComparing(MemorySeries::endpoint, endpointComparator())
                .thenComparingInt(MemorySeries::run).thenComparing(MemorySeries::campaign).thenComparing(MemorySeries::file));
        DeviceResults partial = new DeviceResults(device, campaigns, stacks, declaredMix(), groupStats, List.copyOf(samples),
                omnibus, adjusted, summary, weighted, sensitivity, stackPooled, sweep, sweepSummary, memory, sortedSeries,
                List.copyOf(exclusions), List.copyOf(runCounts), List.of(), frontier);
        return new DeviceResults(device, campaigns, stacks, declaredMix(), groupStats, List.copyOf(samples), omnibus, adjusted,
                summary, weighted, sensitivity, stackPooled, sweep, sweepSummary, memory, sortedSeries, List.copyOf(exclusions),
                List.copyOf(runCounts), Implications.of(partial), frontier);
    }

    private String declaredMix() {
        return mixes.get(0).name();
    }

    private List<GroupStat> groupStats(BootstrapPlan plan) {
        List<GroupStat> out = new ArrayList<>();
        for (Group g : groups.values()) {
            Summary s = Summary.of(g.values());
            Interval ci = plan.interval(g.job());
            GroupKey k = g.key();
            out.add(new GroupStat(id, k.stack(), k.endpoint(), k.metric(), s.n(), s.median(), s.mean(), s.sd(), s.q1(), s.q3(),
                    s.min(), s.max(), ci.lo(), ci.hi()));
        }
        out.sort(Comparator.comparing(GroupStat::stack, order.comparator()).thenComparing(GroupStat::endpoint, endpointComparator())
                .thenComparing(GroupStat::metric, metricComparator()));
        return out;
    }

    /**
     * analysis.md 3: per (endpoint other than mixed, metric), the stacks with n &gt;= 2 enter; with
     * at least two of them, Kruskal-Wallis over them and every pair in stack order. Reading of the
     * spec: a stack with n &lt; 2 is left out of that endpoint's omnibus and pairs rather than
     * cancelling the test; only {@code mixed} is left out, so a {@code hello} endpoint is tested.
     * An (endpoint, metric) whose values are all equal keeps its omnibus row with H and p missing.
     */
    private void tests(List<Omnibus> omnibus, List<Posthoc> posthoc) {
        List<String> endpoints = sortedEndpoints(groups.keySet().stream().map(GroupKey::endpoint).toList());
        for (String endpoint : endpoints) {
            if (endpoint.equals(Endpoints.MIXED)) continue;
            for (String metric : Metrics.ALL) {
                List<Group> entering = new ArrayList<>();
                for (String stack : stacks1) {
                    Group g = groups.get(new GroupKey(stack, endpoint, metric));
                    if (g != null && g.values().length >= MIN_TEST_N) entering.add(g);
                }
                if (entering.size() < 2) continue;
                double[][] samples = entering.stream().map(Group::values).toArray(double[][]::new);
                KruskalWallis.Result kw = KruskalWallis.test(samples);
                omnibus.add(new Omnibus(id, endpoint, metric, kw.k(), kw.n(), kw.h(), kw.df(), kw.p(), kw.epsilonSq()));
                for (int i = 0; i < entering.size(); i++) {
                    for (int j = i + 1; j < entering.size(); j++) {
                        double[] a = samples[i];
                        double[] b = samples[j];
                        MannWhitney.Result mw = MannWhitney.test(a, b);
                        WelchT.Result wt = WelchT.test(a, b);
                        double d = EffectSizes.cohensD(a, b);
                        posthoc.add(new Posthoc(id, endpoint, metric, entering.get(i).key().stack(), entering.get(j).key().stack(),
                                a.length, b.length, mw.u(), mw.p(), wt.t(), wt.df(), wt.p(), d,
                                EffectSizes.hedgesG(d, a.length, b.length), EffectSizes.cliffsDelta(a, b), Double.NaN, false));
                    }
                }
            }
        }
    }

    /** One Holm family per device: every post-hoc pair; the configured p-value enters (analysis.md 3). */
    private List<Posthoc> holm(List<Posthoc> posthoc) {
        boolean welch = AnalysisConfig.WELCH.equals(cfg.posthocTest());
        if (!welch && !AnalysisConfig.MANN_WHITNEY.equals(cfg.posthocTest())) {
            throw new IllegalArgumentException("analysis.json posthoc_test: expected " + AnalysisConfig.MANN_WHITNEY + " or "
                    + AnalysisConfig.WELCH + ", found " + cfg.posthocTest());
        }
        double[] p = posthoc.stream().mapToDouble(x -> welch ? x.pWelch() : x.pMwu()).toArray();
        double[] adj = Holm.adjust(p);
        List<Posthoc> out = new ArrayList<>(posthoc.size());
        for (int i = 0; i < p.length; i++) {
            Posthoc x = posthoc.get(i);
            out.add(new Posthoc(x.device(), x.endpoint(), x.metric(), x.stackA(), x.stackB(), x.nA(), x.nB(), x.u(), x.pMwu(),
                    x.t(), x.df(), x.pWelch(), x.cohensD(), x.hedgesG(), x.cliffsDelta(), adj[i], adj[i] < cfg.alpha()));
        }
        return out;
    }

    /** Family size counts the comparisons whose p-value exists (a NaN p is not in the family). */
    private PosthocSummary summary(List<Posthoc> posthoc) {
        int comparisons = 0;
        int significant = 0;
        int large = 0;
        int largeAndSignificant = 0;
        for (Posthoc x : posthoc) {
            if (!Double.isNaN(x.pHolm())) comparisons++;
            if (x.significant()) significant++;
            if (Math.abs(x.cohensD()) > cfg.largeEffect()) {
                large++;
                if (x.significant()) largeAndSignificant++;
            }
        }
        return new PosthocSummary(id, comparisons, significant, large, largeAndSignificant);
    }

    /**
     * Weighted aggregates per mix, for every stack with measured phase-1 runs. Mixes are in
     * code-point order (outputs.md: "other text by code point"), not mixes.csv's order.
     */
    private Map<String, List<Weighted>> weighted(BootstrapPlan plan) {
        Map<String, List<Weighted>> out = new TreeMap<>();
        for (Mix mix : mixes) {
            double[] w = crudWeights(mix);
            List<Estimate[]> est = new ArrayList<>();
            for (String stack : stacks1) {
                Estimate energy = Estimate.MISSING;
                Integer job = energyJobs.get(mix.name()).get(stack);
                if (job != null) {
                    double point = StratifiedBootstrap.weightedMedian(energyStrata(stack), w);
                    Interval ci = plan.interval(job);
                    energy = new Estimate(point, ci.lo(), ci.hi());
                }
                est.add(new Estimate[] {
                    weightedMedians(plan, stack, Metrics.RPS, w), weightedMedians(plan, stack, Metrics.PEAK_RSS_MIB, w),
                    weightedMedians(plan, stack, Metrics.RPS_PER_MIB, w), weightedMedians(plan, stack, Metrics.LAT_P99_MS, w), energy});
            }
            double[] perMib = est.stream().mapToDouble(e -> e[2].value()).toArray();
            int[] rank = Ranks.competitionDescending(perMib);
            double best = java.util.Arrays.stream(perMib).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
            List<Weighted> rows = new ArrayList<>();
            for (int s = 0; s < stacks1.size(); s++) {
                Estimate[] e = est.get(s);
                rows.add(new Weighted(id, mix.name(), stacks1.get(s), e[0], e[1], e[2], e[3], e[4], rank[s], best / perMib[s]));
            }
            out.put(mix.name(), rows);
        }
        return out;
    }

    /**
     * sum_e w_e med_e(metric) with its stratified-bootstrap CI: replicate b combines the group
     * bootstraps' replicate b of each endpoint (independent streams per endpoint = strata).
     * Missing when an endpoint of positive weight has no value.
     */
    private Estimate weightedMedians(BootstrapPlan plan, String stack, String metric, double[] w) {
        int k = Endpoints.CRUD.size();
        double[] medians = new double[k];
        double[][] reps = new double[k][];
        for (int e = 0; e < k; e++) {
            if (w[e] == 0) continue;
            Group g = groups.get(new GroupKey(stack, Endpoints.CRUD.get(e), metric));
            if (g == null) return Estimate.MISSING;
            medians[e] = Quantiles.median(g.values());
            reps[e] = plan.replicates(g.job());
        }
        double point = WeightedStats.weightedSum(medians, w);
        Interval ci = plan.interval(StratifiedBootstrap.weightedSumReplicates(reps, w));
        return new Estimate(point, ci.lo(), ci.hi());
    }

    /**
     * Kendall's tau-b of each mix's ranking (competition ranks) against the declared mix's, over
     * the stacks ranked in both; a mix with fewer than two such stacks keeps its row with tau and
     * p missing.
     */
    private List<Sensitivity> sensitivity(Map<String, List<Weighted>> byMix) {
        List<Weighted> declared = byMix.get(declaredMix());
        List<Sensitivity> out = new ArrayList<>();
        for (Map.Entry<String, List<Weighted>> e : byMix.entrySet()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (int s = 0; s < declared.size(); s++) {
                int r0 = declared.get(s).rank();
                int r1 = e.getValue().get(s).rank();
                if (r0 > 0 && r1 > 0) {
                    x.add((double) r0);
                    y.add((double) r1);
                }
            }
            KendallTau.Result kt = KendallTau.test(x.stream().mapToDouble(Double::doubleValue).toArray(),
                    y.stream().mapToDouble(Double::doubleValue).toArray());
            out.add(new Sensitivity(id, e.getKey(), kt.tau(), kt.p()));
        }
        return out;
    }

    private List<StackPooled> stackPooled(BootstrapPlan plan) {
        List<StackPooled> out = new ArrayList<>();
        for (PooledStack p : pooled) {
            out.add(new StackPooled(id, p.stack(), p.n(), estimate(plan, p.idle(), p.idleJob()),
                    estimate(plan, p.startup(), p.startupJob()), order.artifactMib(p.stack())));
        }
        return out;
    }

    private List<SweepPoint> sweep(BootstrapPlan plan) {
        List<SweepPoint> out = new ArrayList<>();
        for (SweepGroup g : sweepGroups) {
            double peak = g.peak().length == 0 ? Double.NaN : Quantiles.median(g.peak());
            out.add(new SweepPoint(id, g.stack(), g.concurrency(), g.n(), estimate(plan, g.rps(), g.rpsJob()),
                    estimate(plan, g.p99(), g.p99Job()), peak, g.endpoints()));
        }
        return out;
    }

    private List<SweepSummary> sweepSummary(List<SweepPoint> sweep) {
        Map<String, List<SweepPoint>> byStack = new LinkedHashMap<>();
        for (SweepPoint p : sweep) {
            if (!p.rps().isMissing()) byStack.computeIfAbsent(p.stack(), k -> new ArrayList<>()).add(p);
        }
        List<SweepSummary> out = new ArrayList<>();
        for (Map.Entry<String, List<SweepPoint>> e : byStack.entrySet()) {
            int[] c = e.getValue().stream().mapToInt(SweepPoint::concurrency).toArray();
            double[] rps = e.getValue().stream().mapToDouble(p -> p.rps().value()).toArray();
            SweepCurve.Peak peak = SweepCurve.peak(c, rps);
            OptionalInt plateau = SweepCurve.plateau(c, rps, cfg.plateauGain());
            out.add(new SweepSummary(id, e.getKey(), peak.rps(), peak.concurrency(),
                    plateau.isPresent() ? plateau.getAsInt() : null));
        }
        return out;
    }

    /**
     * analysis.md 6: per (device, stack), series of all endpoints pooled: the median over series of
     * each per-series value (NaN slopes of one-sample series left out), drops summed.
     */
    private List<MemorySummary> memory() {
        Map<String, List<MemoryTrend.Series>> byStack = new TreeMap<>(order.comparator());
        for (MemorySeries s : series) {
            double[] t = new double[s.samples()];
            double[] rss = new double[s.samples()];
            for (int i = 0; i < t.length; i++) {
                t[i] = s.tMs()[i];
                rss[i] = s.rssKib()[i] / Metrics.KIB_PER_MIB;
            }
            byStack.computeIfAbsent(s.stack(), k -> new ArrayList<>()).add(MemoryTrend.summarize(t, rss, cfg.dropThresholdMib()));
        }
        List<MemorySummary> out = new ArrayList<>();
        for (Map.Entry<String, List<MemoryTrend.Series>> e : byStack.entrySet()) {
            List<MemoryTrend.Series> l = e.getValue();
            int drops = l.stream().mapToInt(MemoryTrend.Series::drops).sum();
            out.add(new MemorySummary(id, e.getKey(), l.size(),
                    medianOf(l.stream().mapToDouble(MemoryTrend.Series::samples).toArray()),
                    medianOf(l.stream().mapToDouble(MemoryTrend.Series::durationS).toArray()),
                    medianOf(l.stream().mapToDouble(MemoryTrend.Series::firstMib).toArray()),
                    medianOf(l.stream().mapToDouble(MemoryTrend.Series::minMib).toArray()),
                    medianOf(l.stream().mapToDouble(MemoryTrend.Series::maxMib).toArray()),
                    medianOf(l.stream().mapToDouble(MemoryTrend.Series::lastMib).toArray()),
                    medianOf(l.stream().mapToDouble(MemoryTrend.Series::growthMib).toArray()),
                    drops, medianOf(l.stream().mapToDouble(MemoryTrend.Series::slopeMibPerS).toArray())));
        }
        return out;
    }

    /** Stacks on the Pareto frontier of (lower w_peak_mib, higher w_rps) under the declared mix. */
    private List<String> pareto(List<Weighted> declared) {
        double[] cost = declared.stream().mapToDouble(w -> w.wPeakMib().value()).toArray();
        double[] benefit = declared.stream().mapToDouble(w -> w.wRps().value()).toArray();
        boolean[] on = Pareto.frontier(cost, benefit);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < on.length; i++) if (on[i]) out.add(declared.get(i).stack());
        return out;
    }

    // ---------------------------------------------------------------- helpers

    /** Weights of the five CRUD endpoints in Endpoints.CRUD order. */
    private static double[] crudWeights(Mix mix) {
        return Endpoints.CRUD.stream().mapToDouble(mix::weight).toArray();
    }

    private static Estimate estimate(BootstrapPlan plan, double[] values, int job) {
        if (values.length == 0) return Estimate.MISSING;
        Interval ci = plan.interval(job);
        return new Estimate(Quantiles.median(values), ci.lo(), ci.hi());
    }

    /** Non-missing values of a metric over runs, in run order. */
    private static double[] values(List<RunRow> runs, String metric) {
        return runs.stream().mapToDouble(r -> r.metric(metric)).filter(v -> !Double.isNaN(v)).toArray();
    }

    private static double medianOf(double[] v) {
        double[] present = java.util.Arrays.stream(v).filter(x -> !Double.isNaN(x)).toArray();
        return present.length == 0 ? Double.NaN : Quantiles.median(present);
    }

    @SafeVarargs
    private static List<String> concat(List<String>... lists) {
        List<String> out = new ArrayList<>();
        for (List<String> l : lists) out.addAll(l);
        return out;
    }

    private List<String> sortedStacks(List<String> stacks) {
        TreeSet<String> set = new TreeSet<>(order.comparator());
        set.addAll(stacks);
        return new ArrayList<>(set);
    }

    static Comparator<String> endpointComparator() {
        return Comparator.<String>comparingInt(Endpoints::order).thenComparing(Comparator.naturalOrder());
    }

    static Comparator<String> metricComparator() {
        return Comparator.<String>comparingInt(Metrics::order).thenComparing(Comparator.naturalOrder());
    }

    private static List<String> sortedEndpoints(List<String> endpoints) {
        TreeSet<String> set = new TreeSet<>(endpointComparator());
        set.addAll(endpoints);
        return new ArrayList<>(set);
    }
}
