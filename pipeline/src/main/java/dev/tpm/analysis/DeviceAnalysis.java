package dev.tpm.analysis;

import dev.tpm.results.Metric;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Device;
import dev.tpm.model.Endpoints;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.Metrics;
import dev.tpm.model.Mix;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.GroupSample;
import dev.tpm.results.GroupStat;
import dev.tpm.results.Omnibus;
import dev.tpm.results.Posthoc;
import dev.tpm.results.PosthocSummary;
import dev.tpm.results.Ratio;
import dev.tpm.results.Sensitivity;
import dev.tpm.results.StackPooled;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.TestLeftOut;
import dev.tpm.results.Weighted;
import dev.tpm.stats.EffectSizes;
import dev.tpm.stats.Holm;
import dev.tpm.stats.Interval;
import dev.tpm.stats.KendallTau;
import dev.tpm.stats.KruskalWallis;
import dev.tpm.stats.MannWhitney;
import dev.tpm.stats.MedianCoverage;
import dev.tpm.stats.Pareto;
import dev.tpm.stats.Quantiles;
import dev.tpm.stats.Summary;
import dev.tpm.stats.WelchT;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The analysis of one device's paper campaigns (analysis.md 2-7), as two pure steps around the
 * parallel bootstrap: {@link #plan} classifies and groups the runs of its {@link Inputs} and
 * registers every bootstrap, giving an immutable plan; {@link #results} computes the rest from
 * the plan and the drawn replicates and assembles the {@link DeviceResults}. Run classification,
 * weighted aggregates, the sweep and memory are classes of their own.
 */
final class DeviceAnalysis {
    /** Stream-key prefixes: each bootstrap family has its own streams. */
    static final String KEY_GROUP = "group";
    static final String KEY_POOLED = "pooled";

    /**
     * Group medians the weighted aggregates of analysis.md 4 combine (w_rps, w_peak_mib, w_rps_per_mib,
     * w_p99_ms; w_energy_mj is a bootstrap of its own).
     */
    private static final List<String> WEIGHTED_MEDIAN_METRICS = Metric.withRole(Metric.Role.WEIGHTED).stream()
            .filter(m -> m != Metric.W_ENERGY_MJ).map(m -> m.base().id()).toList();

    record GroupKey(String stack, String endpoint, String metric) {}

    /** The values of one group and its median bootstrap (null below min_n, where the CI is empty). */
    record Group(GroupKey key, double[] values, BootstrapPlan.Handle job) {}

    private record PooledStack(String stack, int n, double[] idle, double[] startup, BootstrapPlan.Handle idleJob,
            BootstrapPlan.Handle startupJob) {}

    /**
     * What one device's analysis reads.
     *
     * @param listed every stack in the stacks lists of this device's paper campaigns, in stack order
     * @param rows every phase-1 and phase-2 row of this device's paper campaigns that count
     * @param series this device's phase-3 series of paper campaigns that count
     * @param offered this device's phase-4 rows of paper campaigns that count (analysis.md 10)
     * @param steady this device's phase-5 rows of paper campaigns that count (analysis.md 12)
     * @param own the stack order of this device's own paper campaigns, for its artifact sizes
     *     (analysis.md 1, version 6: an arm64 board's binary is not an x86 VM's build)
     */
    record Inputs(String id, Device device, List<String> campaigns, AnalysisConfig cfg, List<Mix> mixes, StackOrder order,
            List<String> listed, List<RunRow> rows, List<MemorySeries> series, List<OfferedLoadAnalysis.Run> offered,
            List<RunRow> steady, StackOrder own) {
        Inputs {
            campaigns = List.copyOf(campaigns);
            mixes = List.copyOf(mixes);
            listed = List.copyOf(listed);
            rows = List.copyOf(rows);
            series = List.copyOf(series);
            offered = List.copyOf(offered);
            steady = List.copyOf(steady);
        }
    }

    private final String id;
    private final Device device;
    private final List<String> campaigns;
    private final AnalysisConfig cfg;
    private final List<Mix> mixes;
    private final StackOrder order;
    private final List<String> listed;
    private final List<MemorySeries> series;
    private final StackOrder own;
    // the plan: every field below is computed by plan() and never changes
    private final RunClassification runs;
    private final List<String> stacks1;
    private final Map<GroupKey, Group> groups;
    private final List<GroupSample> samples;
    private final List<PooledStack> pooled;
    private final SweepAnalysis sweep;
    private final OfferedLoadAnalysis offeredLoad;
    private final WeightedAggregates weighted;
    private final SteadyAnalysis steady;

    private DeviceAnalysis(Inputs in, RunClassification runs, List<String> stacks1, Map<GroupKey, Group> groups,
            List<GroupSample> samples, List<PooledStack> pooled, SweepAnalysis sweep, OfferedLoadAnalysis offeredLoad,
            WeightedAggregates weighted, SteadyAnalysis steady) {
        this.id = in.id();
        this.device = in.device();
        this.campaigns = in.campaigns();
        this.cfg = in.cfg();
        this.mixes = in.mixes();
        this.order = in.order();
        this.listed = in.listed();
        this.series = in.series();
        this.own = in.own();
        this.runs = runs;
        this.stacks1 = List.copyOf(stacks1);
        this.groups = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(groups));
        this.samples = List.copyOf(samples);
        this.pooled = List.copyOf(pooled);
        this.sweep = sweep;
        this.offeredLoad = offeredLoad;
        this.weighted = weighted;
        this.steady = steady;
    }

    // ---------------------------------------------------------------- step 1: group, plan bootstraps

    /** Step 1: the device's plan, with every bootstrap it needs registered in {@code plan}. */
    static DeviceAnalysis plan(Inputs in, BootstrapPlan plan) {
        List<RunRow> classified = new ArrayList<>(in.rows());
        classified.addAll(OfferedLoadAnalysis.rows(in.offered()));
        classified.addAll(in.steady());
        RunClassification runs = RunClassification.of(in.id(), classified, RunRules.of(in.cfg()));
        List<String> stacks1 = sortedStacks(in.order(), runs.measured1().stream().map(RunRow::stack).toList());
        SteadyAnalysis steady = SteadyAnalysis.plan(in.id(), in.cfg().minN(), runs.measured5(), in.order().comparator(), plan);
        Map<GroupKey, Group> groups = new LinkedHashMap<>();
        List<GroupSample> samples = new ArrayList<>();
        planGroups(in, runs, stacks1, steady, plan, groups, samples);
        List<PooledStack> pooled = planPooled(in, runs, stacks1, plan);
        SweepAnalysis sweep = SweepAnalysis.plan(in.id(), in.cfg().minN(), runs.measured2(),
                sortedStacks(in.order(), runs.measured2().stream().map(RunRow::stack).toList()), plan);
        WeightedAggregates weighted = WeightedAggregates.plan(in.id(), in.mixes(), in.listed(), groups, runs, in.cfg().minN(), plan);
        OfferedLoadAnalysis offeredLoad = OfferedLoadAnalysis.plan(in.id(), in.cfg(), in.order().comparator(), in.offered(), plan);
        return new DeviceAnalysis(in, runs, stacks1, groups, samples, pooled, sweep, offeredLoad, weighted, steady);
    }

    /**
     * Every (stack, endpoint, metric) with values: the metrics of analysis.md 2 (the descriptive
     * ones included) and mean power (a sample only, for the energy table). The median bootstrap is
     * registered for every group, its CI reported only from min_n values on.
     */
    private static void planGroups(Inputs in, RunClassification runs, List<String> stacks1, SteadyAnalysis steady,
            BootstrapPlan plan, Map<GroupKey, Group> groups, List<GroupSample> samples) {
        String id = in.id();
        List<RunRow> measured1 = runs.measured1();
        List<String> endpoints = sortedEndpoints(measured1.stream().map(RunRow::endpoint).toList());
        // group_stats.csv's metrics in analysis.md's order, then mean power (a sample only)
        List<Metric> metrics = java.util.Arrays.stream(Metric.values()).filter(Metric::perRun).toList();
        for (String stack : stacks1) {
            for (String endpoint : endpoints) {
                List<RunRow> cell = measured1.stream().filter(r -> r.stack().equals(stack) && r.endpoint().equals(endpoint)).toList();
                if (cell.isEmpty()) continue;
                for (Metric m : metrics) {
                    String metric = m.id();
                    double[] values = values(cell, metric);
                    if (values.length == 0) continue;
                    samples.add(new GroupSample(id, stack, endpoint, metric, values));
                    if (m.role() == Metric.Role.SAMPLE) continue; // descriptive only: no statistics
                    boolean keep = Endpoints.CRUD.contains(endpoint) && WEIGHTED_MEDIAN_METRICS.contains(metric)
                            || steady.needsCold(stack, endpoint, metric);
                    boolean inferred = m.role() == Metric.Role.TESTED;
                    BootstrapPlan.Handle job = inferred || values.length >= in.cfg().minN()
                            ? plan.median(values, keep, KEY_GROUP, id, stack, endpoint, metric) : null;
                    GroupKey key = new GroupKey(stack, endpoint, metric);
                    groups.put(key, new Group(key, values, job));
                }
            }
        }
    }

    private static List<PooledStack> planPooled(Inputs in, RunClassification runs, List<String> stacks1, BootstrapPlan plan) {
        String id = in.id();
        int minN = in.cfg().minN();
        List<PooledStack> pooled = new ArrayList<>();
        for (String stack : stacks1) {
            List<RunRow> mine = runs.measured1().stream().filter(r -> r.stack().equals(stack)).toList();
            double[] idle = values(mine, Metrics.IDLE_RSS_MIB);
            double[] startup = values(mine, Metrics.STARTUP_MS);
            BootstrapPlan.Handle idleJob = idle.length == 0 || idle.length < minN ? null
                    : plan.median(idle, true, KEY_POOLED, id, stack, Metrics.IDLE_RSS_MIB);
            BootstrapPlan.Handle startupJob = startup.length == 0 || startup.length < minN ? null
                    : plan.median(startup, true, KEY_POOLED, id, stack, Metrics.STARTUP_MS);
            pooled.add(new PooledStack(stack, mine.size(), idle, startup, idleJob, startupJob));
        }
        return pooled;
    }

    // ---------------------------------------------------------------- step 2: everything else

    /** Step 2: the device's results from this plan and the replicates {@code plan} has drawn. */
    DeviceResults results(BootstrapPlan plan) {
        List<Omnibus> omnibus = new ArrayList<>();
        List<Posthoc> posthoc = new ArrayList<>();
        tests(omnibus, posthoc);
        List<Posthoc> adjusted = holm(posthoc);
        WeightedAggregates.Rows weightedRows = weighted.rows(plan);
        Map<String, List<Weighted>> byMix = weightedRows.byMix();
        List<Weighted> all = new ArrayList<>();
        byMix.values().forEach(all::addAll);
        List<SweepPoint> points = sweep.points(plan);
        List<Weighted> declared = byMix.getOrDefault(declaredMix(), List.of());
        List<dev.tpm.results.SweepSummary> sweepSummaries = SweepAnalysis.summaries(id, points, cfg.plateauGain());
        List<Ratio> ratios = new ArrayList<>(pooledRatios(plan));
        ratios.addAll(sweep.ratios(sweepSummaries, plan));
        ratios.addAll(weighted.ratios(weightedRows, plan));
        List<dev.tpm.results.OfferedLoad> atOfferedLoad = offeredLoad.points(plan);
        // stacks with measured runs in phase 1 or 2, or with a phase-3 series
        List<String> stacks = sortedStacks(concat(runs.measured1().stream().map(RunRow::stack).toList(),
                runs.measured2().stream().map(RunRow::stack).toList(), series.stream().map(MemorySeries::stack).toList()));
        List<MemorySeries> sortedSeries = new ArrayList<>(series);
        sortedSeries.sort(Comparator.comparing(MemorySeries::stack, order.comparator())
                .thenComparing(MemorySeries::endpoint, endpointComparator())
                .thenComparingInt(MemorySeries::run).thenComparing(MemorySeries::campaign).thenComparing(MemorySeries::file));
        DeviceResults partial = DeviceResults.builder(device)
                .campaigns(campaigns).stacks(stacks).listedStacks(listed).declaredMix(declaredMix())
                .groupStats(groupStats(plan)).samples(samples).omnibus(omnibus).posthoc(adjusted).posthocSummary(summary(adjusted))
                .weighted(all).sensitivity(sensitivity(byMix)).stackPooled(stackPooled(plan)).sweep(points)
                .sweepSummary(sweepSummaries).ratios(ratios)
                .memory(MemoryAnalysis.summaries(id, series, cfg, order.comparator())).memorySeries(sortedSeries)
                .exclusions(runs.exclusions()).runCounts(runs.runCounts(order.comparator()))
                .paretoFrontier(pareto(declared)).testsLeftOut(testsLeftOut())
                .drift(DriftAnalysis.of(id, runs.measured1(), cfg.minN(), cfg.alpha(), order.comparator()))
                .offeredLoad(atOfferedLoad).capacity(offeredLoad.capacity(atOfferedLoad))
                .steadyStats(steady.stats(plan))
                .warmCold(steady.warmCold(plan, k -> groups.get(new GroupKey(k.get(0), k.get(1), k.get(2)))))
                .stealSensitivity(StealSensitivityAnalysis.of(id, mixes, runs.measured1(), runs.stolen1(), all, cfg.minN()))
                .build();
        return partial.withImplications(Implications.of(partial));
    }

    /**
     * analysis.md 11: this device's value of each metric of ratios.csv but the sweep, per stack,
     * with its CI (weighted.csv's and stack_pooled.csv's), from its results.
     */
    static List<UnitsAnalysis.UnitValue> unitValues(DeviceResults results) {
        List<UnitsAnalysis.UnitValue> out = new ArrayList<>();
        for (StackPooled sp : results.stackPooled()) {
            out.add(new UnitsAnalysis.UnitValue("", Metric.POOLED_IDLE_RSS_MIB.id(), sp.stack(), sp.idleRssMib()));
            out.add(new UnitsAnalysis.UnitValue("", Metric.POOLED_STARTUP_MS.id(), sp.stack(), sp.startupMs()));
        }
        for (Weighted w : results.weighted()) {
            for (Metric metric : Metric.withRole(Metric.Role.WEIGHTED)) {
                out.add(new UnitsAnalysis.UnitValue(w.mix(), metric.id(), w.stack(), metric.in(w)));
            }
        }
        return out;
    }

    /** The device's measured phase-1 runs (analysis.md 1), for its setup's requests per CPU-second. */
    List<RunRow> measured1() {
        return runs.measured1();
    }

    private String declaredMix() {
        return mixes.get(0).name();
    }

    private List<GroupStat> groupStats(BootstrapPlan plan) {
        List<GroupStat> out = new ArrayList<>();
        for (Group g : groups.values()) {
            Summary s = Summary.of(g.values());
            boolean small = s.n() < cfg.minN();
            Interval ci = small || g.job() == null ? Interval.MISSING : plan.interval(g.job());
            GroupKey k = g.key();
            out.add(new GroupStat(id, k.stack(), k.endpoint(), k.metric(), s.n(), s.median(), s.mean(), s.sd(), s.q1(), s.q3(),
                    s.min(), s.max(), ci.lo(), ci.hi(), small, MedianCoverage.of(g.values(), ci.lo(), ci.hi())));
        }
        out.sort(Comparator.comparing(GroupStat::stack, order.comparator()).thenComparing(GroupStat::endpoint, endpointComparator())
                .thenComparing(GroupStat::metric, metricComparator()));
        return out;
    }

    /** The endpoints the tests cover: every measured phase-1 endpoint but mixed, in endpoint order. */
    private List<String> testedEndpoints() {
        List<String> out = new ArrayList<>(sortedEndpoints(groups.keySet().stream().map(GroupKey::endpoint).toList()));
        out.remove(Endpoints.MIXED);
        return out;
    }

    /**
     * analysis.md 3: per (endpoint other than mixed, metric), the stacks with n &gt;= min_n enter;
     * with at least two of them, Kruskal-Wallis over them and every pair in stack order. An
     * (endpoint, metric) whose values are all equal keeps its omnibus row with H and p missing.
     */
    private void tests(List<Omnibus> omnibus, List<Posthoc> posthoc) {
        for (String endpoint : testedEndpoints()) {
            for (Metric tested : Metric.withRole(Metric.Role.TESTED)) {
                String metric = tested.id();
                List<Group> entering = new ArrayList<>();
                for (String stack : stacks1) {
                    Group g = groups.get(new GroupKey(stack, endpoint, metric));
                    if (g != null && g.values().length >= cfg.minN()) entering.add(g);
                }
                if (entering.size() < 2) continue;
                double[][] x = entering.stream().map(Group::values).toArray(double[][]::new);
                KruskalWallis.Result kw = KruskalWallis.test(x);
                omnibus.add(new Omnibus(id, endpoint, metric, kw.k(), kw.n(), kw.h(), kw.df(), kw.p(), kw.epsilonSq()));
                for (int i = 0; i < entering.size(); i++) {
                    for (int j = i + 1; j < entering.size(); j++) {
                        double[] a = x[i];
                        double[] b = x[j];
                        MannWhitney.Result mw = MannWhitney.test(a, b);
                        WelchT.Result wt = WelchT.test(a, b);
                        double d = EffectSizes.cohensD(a, b);
                        posthoc.add(new Posthoc(id, endpoint, metric, entering.get(i).key().stack(), entering.get(j).key().stack(),
                                a.length, b.length, mw.u(), mw.p(), mw.method().id(), wt.t(), wt.df(), wt.p(), d,
                                EffectSizes.hedgesG(d, a.length, b.length), EffectSizes.cliffsDelta(a, b), Double.NaN, false));
                    }
                }
            }
        }
    }

    /** The listed stacks with fewer than min_n measured runs on a tested endpoint, with the reason. */
    private List<TestLeftOut> testsLeftOut() {
        List<TestLeftOut> out = new ArrayList<>();
        for (String endpoint : testedEndpoints()) {
            for (String stack : sortedStacks(concat(listed, stacks1))) {
                int n = runs.measured(stack, endpoint);
                if (n < cfg.minN()) out.add(new TestLeftOut(id, endpoint, stack, n, runs.shortfall(stack, endpoint)));
            }
        }
        return out;
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
                    x.pMethod(), x.t(), x.df(), x.pWelch(), x.cohensD(), x.hedgesG(), x.cliffsDelta(), adj[i], adj[i] < cfg.alpha()));
        }
        return out;
    }

    /**
     * Family size counts the comparisons whose p-value exists (a NaN p is not in the family). The
     * resolution (analysis.md 3): holm_threshold = alpha / family size, and min_attainable_p =
     * 2 / C(n_a + n_b, n_a) of the pair with the fewest runs (smallest n_a + n_b, then smallest
     * min(n_a, n_b); the first such pair in the family's order) among the pairs in the family.
     * It is the floor of the exact p; an asymptotic p of a pair with ties has no smaller floor
     * worth stating, so the one number is the pair's resolution whatever p_method it got.
     */
    private PosthocSummary summary(List<Posthoc> posthoc) {
        int comparisons = 0;
        int significant = 0;
        int large = 0;
        int largeAndSignificant = 0;
        Posthoc fewest = null;
        for (Posthoc x : posthoc) {
            if (!Double.isNaN(x.pHolm())) {
                comparisons++;
                if (fewest == null || fewerRuns(x, fewest)) fewest = x;
            }
            if (x.significant()) significant++;
            if (Math.abs(x.cohensD()) > cfg.largeEffect()) {
                large++;
                if (x.significant()) largeAndSignificant++;
            }
        }
        if (fewest == null) {
            return new PosthocSummary(id, comparisons, significant, large, largeAndSignificant, Double.NaN, Double.NaN, 0, 0);
        }
        return new PosthocSummary(id, comparisons, significant, large, largeAndSignificant, cfg.alpha() / comparisons,
                MannWhitney.minAttainableP(fewest.nA(), fewest.nB()), fewest.nA(), fewest.nB());
    }

    /** Fewer runs: smaller n_a + n_b, then smaller min(n_a, n_b). */
    private static boolean fewerRuns(Posthoc x, Posthoc than) {
        int sx = x.nA() + x.nB();
        int st = than.nA() + than.nB();
        if (sx != st) return sx < st;
        return Math.min(x.nA(), x.nB()) < Math.min(than.nA(), than.nB());
    }

    /**
     * Kendall's tau-b of each mix's ranking (competition ranks) against the declared mix's, over
     * the stacks ranked in both; a mix with fewer than two such stacks keeps its row with tau and
     * p missing. (The three-stack floor of analysis.md 7 is the replication's.) The declared
     * mix's own row keeps its tau (1) and has an empty p.
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
            // analysis.md 4: the declared mix against itself has tau = 1 and an empty p (it tests nothing)
            boolean itself = e.getKey().equals(declaredMix());
            out.add(new Sensitivity(id, e.getKey(), kt.tau(), itself ? Double.NaN : kt.p()));
        }
        return out;
    }

    /**
     * ratios.csv's pooled rows (analysis.md 4, empty mix): idle_rss_mib and startup_ms, lower is
     * better, from the replicates of stack_pooled.csv's CIs; a stack below min_n has no CI and so
     * a ratio without interval.
     */
    private List<Ratio> pooledRatios(BootstrapPlan plan) {
        List<RatioAnalysis.Candidate> idle = new ArrayList<>();
        List<RatioAnalysis.Candidate> startup = new ArrayList<>();
        for (PooledStack p : pooled) {
            if (p.idle().length > 0) {
                idle.add(new RatioAnalysis.Candidate(p.stack(), Quantiles.median(p.idle()),
                        p.idleJob() == null ? null : plan.replicates(p.idleJob())));
            }
            if (p.startup().length > 0) {
                startup.add(new RatioAnalysis.Candidate(p.stack(), Quantiles.median(p.startup()),
                        p.startupJob() == null ? null : plan.replicates(p.startupJob())));
            }
        }
        List<Ratio> out = new ArrayList<>(RatioAnalysis.of(id, "", Metric.POOLED_IDLE_RSS_MIB, idle, plan::interval));
        out.addAll(RatioAnalysis.of(id, "", Metric.POOLED_STARTUP_MS, startup, plan::interval));
        return out;
    }

    private List<StackPooled> stackPooled(BootstrapPlan plan) {
        List<StackPooled> out = new ArrayList<>();
        for (PooledStack p : pooled) {
            Estimate idle = estimate(plan, p.idle(), p.idleJob());
            Estimate startup = estimate(plan, p.startup(), p.startupJob());
            out.add(new StackPooled(id, p.stack(), p.n(), idle, startup, own.artifactMib(p.stack()),
                    MedianCoverage.of(p.idle(), idle.lo(), idle.hi()), MedianCoverage.of(p.startup(), startup.lo(), startup.hi())));
        }
        return out;
    }

    /** Stacks on the Pareto frontier of (lower w_peak_mib, higher w_rps) under the declared mix; a stack without both never is. */
    private static List<String> pareto(List<Weighted> declared) {
        double[] cost = declared.stream().mapToDouble(w -> w.wPeakMib().value()).toArray();
        double[] benefit = declared.stream().mapToDouble(w -> w.wRps().value()).toArray();
        boolean[] on = Pareto.frontier(cost, benefit);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < on.length; i++) if (on[i]) out.add(declared.get(i).stack());
        return out;
    }

    // ---------------------------------------------------------------- helpers

    /** The median of values with the CI of its bootstrap; CI empty without one (below min_n). */
    static Estimate estimate(BootstrapPlan plan, double[] values, BootstrapPlan.Handle job) {
        if (values.length == 0) return Estimate.MISSING;
        Interval ci = job == null ? Interval.MISSING : plan.interval(job);
        return new Estimate(Quantiles.median(values), ci.lo(), ci.hi());
    }

    /** Non-missing values of a metric over runs, in run order. */
    static double[] values(List<RunRow> runs, String metric) {
        return runs.stream().mapToDouble(r -> r.metric(metric)).filter(v -> !Double.isNaN(v)).toArray();
    }

    @SafeVarargs
    private static List<String> concat(List<String>... lists) {
        List<String> out = new ArrayList<>();
        for (List<String> l : lists) out.addAll(l);
        return out;
    }

    private List<String> sortedStacks(List<String> stacks) {
        return sortedStacks(order, stacks);
    }

    private static List<String> sortedStacks(StackOrder order, List<String> stacks) {
        TreeSet<String> set = new TreeSet<>(order.comparator());
        set.addAll(stacks);
        return new ArrayList<>(set);
    }

    static Comparator<String> endpointComparator() {
        return Comparator.<String>comparingInt(Endpoints::order).thenComparing(Comparator.naturalOrder());
    }

    static Comparator<String> metricComparator() {
        return Comparator.<String>comparingInt(Metric::order).thenComparing(Comparator.naturalOrder());
    }

    private static List<String> sortedEndpoints(List<String> endpoints) {
        TreeSet<String> set = new TreeSet<>(endpointComparator());
        set.addAll(endpoints);
        return new ArrayList<>(set);
    }
}
