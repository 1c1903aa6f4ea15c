package dev.tpm.analysis;

import dev.tpm.model.Metrics;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.stats.Quantiles;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * analysis.md 8: every campaign of every study as its load generator saw it. Pure: run rows in,
 * loadgen_summary.csv rows out.
 *
 * <p>host_busy and saturated_runs: a run's host use is (cpu_s + loadgen_cpu_s) / (duration_s x
 * device.cores), defined for runs of campaigns whose {@code load_generator.host} is {@code same}
 * and whose device records its cores, with both CPU columns present and duration_s &gt; 0. A group
 * may pool campaigns of both kinds (one device, one study): its values are then taken over the
 * same-host runs only. The spec counts every same-host campaign, pinned apart or not (the harness
 * flags only runs that shared the cores, servers.md); a pinned-apart run at 0.95 still used the
 * whole host.
 */
final class LoadgenSummaries {
    /** 100 % = one core busy. */
    private static final double PERCENT = 100.0;

    private record Key(String device, String study, int phase, String stack, String endpoint, int concurrency) {}

    private record Slot(String device, String study, int phase, String endpoint, int concurrency) {}

    private LoadgenSummaries() {}

    /**
     * @param rows phase-1 and phase-2 rows of every campaign that counts (any study)
     * @param stackOrder stack order over every such campaign
     */
    static List<LoadgenSummary> of(List<RunRow> rows, RunRules rules, Comparator<String> stackOrder) {
        return of(rows, rules, stackOrder, Map.of());
    }

    /**
     * @param sameHostCores device.cores of each campaign whose load generator ran on the device
     *     (campaign id to cores); campaigns absent have no host columns
     */
    static List<LoadgenSummary> of(List<RunRow> rows, RunRules rules, Comparator<String> stackOrder,
            Map<String, Integer> sameHostCores) {
        Map<Key, List<RunRow>> groups = new LinkedHashMap<>();
        for (RunRow r : rows) {
            if (!rules.measured(r)) continue;
            groups.computeIfAbsent(new Key(r.device(), r.study(), r.phase(), r.stack(), r.endpoint(), r.concurrency()),
                    k -> new ArrayList<>()).add(r);
        }
        // the slowest group of each slot: smallest median, ties to the smaller stack id
        Map<Slot, Key> slowest = new HashMap<>();
        Map<Key, Double> medians = new HashMap<>();
        for (Map.Entry<Key, List<RunRow>> e : groups.entrySet()) {
            Key k = e.getKey();
            double m = median(e.getValue(), RunRow::rps);
            medians.put(k, m);
            if (Double.isNaN(m)) continue;
            slowest.merge(new Slot(k.device(), k.study(), k.phase(), k.endpoint(), k.concurrency()), k, (a, b) -> {
                int c = Double.compare(medians.get(a), medians.get(b));
                return c < 0 || (c == 0 && a.stack().compareTo(b.stack()) <= 0) ? a : b;
            });
        }
        List<LoadgenSummary> out = new ArrayList<>();
        for (Map.Entry<Key, List<RunRow>> e : groups.entrySet()) {
            Key k = e.getKey();
            List<RunRow> runs = e.getValue();
            double m = medians.get(k);
            Key low = slowest.get(new Slot(k.device(), k.study(), k.phase(), k.endpoint(), k.concurrency()));
            out.add(new LoadgenSummary(k.device(), k.study(), k.phase(), k.stack(), k.endpoint(), k.concurrency(), runs.size(),
                    m, max(runs, RunRow::rps), median(runs, RunRow::latP50Ms), median(runs, RunRow::latP90Ms),
                    median(runs, RunRow::latP99Ms), max(runs, r -> r.peakRssKib() / Metrics.KIB_PER_MIB),
                    max(runs, r -> r.durationS() > 0 ? PERCENT * r.cpuS() / r.durationS() : Double.NaN),
                    low == null ? Double.NaN : m / medians.get(low), hostBusy(runs, sameHostCores), saturatedRuns(runs, sameHostCores),
                    low == null ? null : low.stack()));
        }
        out.sort(Comparator.comparing(LoadgenSummary::device).thenComparing(LoadgenSummary::study)
                .thenComparingInt(LoadgenSummary::phase).thenComparing(LoadgenSummary::stack, stackOrder)
                .thenComparing(LoadgenSummary::endpoint, DeviceAnalysis.endpointComparator())
                .thenComparingInt(LoadgenSummary::concurrency));
        return out;
    }

    /** A run's host use, NaN when not defined (see the class comment). */
    static double hostUse(RunRow r, Map<String, Integer> sameHostCores) {
        Integer cores = sameHostCores.get(r.campaign());
        if (cores == null || cores < 1 || !(r.durationS() > 0) || Double.isNaN(r.cpuS()) || Double.isNaN(r.loadgenCpuS())) {
            return Double.NaN;
        }
        return (r.cpuS() + r.loadgenCpuS()) / (r.durationS() * cores);
    }

    private static double hostBusy(List<RunRow> runs, Map<String, Integer> sameHostCores) {
        return median(runs, r -> hostUse(r, sameHostCores));
    }

    private static Integer saturatedRuns(List<RunRow> runs, Map<String, Integer> sameHostCores) {
        double[] use = present(runs, r -> hostUse(r, sameHostCores));
        if (use.length == 0) return null;
        int n = 0;
        for (double u : use) if (u >= LoadgenSummary.SATURATED) n++;
        return n;
    }

    private static double[] present(List<RunRow> runs, ToDoubleFunction<RunRow> f) {
        return runs.stream().mapToDouble(f).filter(v -> !Double.isNaN(v)).toArray();
    }

    /** The stream key of a seed-study group's rps median bootstrap (analysis.md 2). */
    static final String KEY_STUDY_GROUP = "study_group";

    /**
     * Registers the bootstrap of the median rps of every group of a seed study (every study but
     * paper) with at least min_n measured runs, keeping its replicates for the study tables' ratio
     * intervals (analysis.md 4's ratio_b); the stream is keyed by the group (device, study, phase,
     * stack, endpoint, concurrency). Groups below min_n get no job.
     *
     * @return the jobs by {@link dev.tpm.results.GroupReplicates#key}
     */
    static Map<String, BootstrapPlan.Handle> planStudyGroups(List<RunRow> rows, RunRules rules, int minN, BootstrapPlan plan) {
        Map<Key, List<RunRow>> groups = new java.util.TreeMap<>(Comparator.comparing(Key::toString));
        for (RunRow r : rows) {
            if (!rules.measured(r) || r.study().equals(dev.tpm.model.Studies.PAPER)) continue;
            groups.computeIfAbsent(new Key(r.device(), r.study(), r.phase(), r.stack(), r.endpoint(), r.concurrency()),
                    k -> new ArrayList<>()).add(r);
        }
        Map<String, BootstrapPlan.Handle> out = new LinkedHashMap<>();
        for (Map.Entry<Key, List<RunRow>> e : groups.entrySet()) {
            Key k = e.getKey();
            double[] rps = present(e.getValue(), RunRow::rps);
            if (rps.length < Math.max(1, minN)) continue;
            out.put(dev.tpm.results.GroupReplicates.key(k.device(), k.study(), k.phase(), k.stack(), k.endpoint(), k.concurrency()),
                    plan.median(rps, true, KEY_STUDY_GROUP, k.device(), k.study(), Integer.toString(k.phase()), k.stack(),
                            k.endpoint(), Integer.toString(k.concurrency()), Metrics.RPS));
        }
        return out;
    }

    private static double median(List<RunRow> runs, ToDoubleFunction<RunRow> f) {
        double[] v = present(runs, f);
        return v.length == 0 ? Double.NaN : Quantiles.median(v);
    }

    private static double max(List<RunRow> runs, ToDoubleFunction<RunRow> f) {
        double[] v = present(runs, f);
        return v.length == 0 ? Double.NaN : java.util.Arrays.stream(v).max().getAsDouble();
    }
}
