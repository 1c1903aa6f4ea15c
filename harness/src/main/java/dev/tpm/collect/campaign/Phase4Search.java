package dev.tpm.collect.campaign;

import dev.tpm.codec.AnalysisJson;
import dev.tpm.codec.Problems;
import dev.tpm.codec.Seeds;
import dev.tpm.model.Preset;
import dev.tpm.model.Protocol;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.RunRow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.math3.random.RandomAdaptor;
import org.apache.commons.math3.stat.descriptive.rank.Median;

/**
 * Phase 4's search (servers.md version 4, {@code protocol.phase4.search}), as pure code. Capacity
 * is known only once a rate fails: after the declared rates of a (stack, endpoint), while the
 * highest rate run so far met the target (analysis.md section 10: its measured ok runs' median rps
 * at least kept_up_ratio x the rate and their median lat_p99_ms at most latency_slo_ms), the next
 * rate is factor x that rate, rounded to a whole request per second, with phase 4's runs and
 * warm-ups, until one fails or the rate would pass max_fraction x the stack's phase-1 median.
 *
 * <p>Each call plans one step: the next rate of every (stack, endpoint) still searching, from the
 * phase-4 rows so far. The runner measures the step, then asks again; a resumed campaign replays
 * the same steps from its rows (the rates are a function of them), so no run is made twice. A
 * step's runs are shuffled among themselves (warm-ups first) by the stream of rng_seed and
 * "phase4-search-" + the step's number, as the other phases are.
 */
public final class Phase4Search {
    /** The latency target of analysis.md section 10. */
    public record Target(double latencySloMs, double keptUpRatio) {}

    /**
     * @param runs the step's runs in execution order (empty when the search is over)
     * @param lines one line per (stack, endpoint): its next rate, or why its search stopped
     */
    public record Step(List<PlannedRun> runs, List<String> lines) {}

    private Phase4Search() {}

    /**
     * data/config/analysis.json's latency_slo_ms and kept_up_ratio (read by the contract's
     * {@link AnalysisJson}), analysis.md's defaults where absent or when {@code dataDir} has no
     * analysis.json.
     */
    public static Target target(java.nio.file.Path dataDir) throws java.io.IOException {
        AnalysisConfig c = AnalysisConfig.defaults();
        if (java.nio.file.Files.exists(dataDir.resolve(AnalysisJson.FILE))) {
            Problems problems = new Problems();
            c = AnalysisJson.read(dataDir, problems);
            if (!problems.isEmpty()) {
                throw new java.io.IOException(problems.all().stream().map(Object::toString)
                        .collect(java.util.stream.Collectors.joining("\n")));
            }
        }
        return new Target(c.latencySloMs(), c.keptUpRatio());
    }

    /** Whether {@code rate}'s measured ok rows of (stack, endpoint) met the target; false when it has none. */
    public static boolean met(List<RunRow> phase4, String stack, String endpoint, double rate, Target t) {
        List<RunRow> rows = phase4.stream().filter(r -> r.ok() && !r.warmup() && r.stack().equals(stack)
                && r.endpoint().equals(endpoint) && r.offeredRps() == rate).toList();
        double[] rps = rows.stream().mapToDouble(RunRow::rps).filter(x -> !Double.isNaN(x)).toArray();
        double[] p99 = rows.stream().mapToDouble(RunRow::latP99Ms).filter(x -> !Double.isNaN(x)).toArray();
        if (rps.length == 0 || p99.length == 0) return false;
        return new Median().evaluate(rps) >= t.keptUpRatio() * rate && new Median().evaluate(p99) <= t.latencySloMs();
    }

    /**
     * The next step.
     *
     * @param declared the declared rates of each "stack endpoint" (Phase4Plan's)
     * @param medians the phase-1 median rps of each "stack endpoint"
     * @param phase4 every phase-4 row so far
     * @param step 1 for the first step after the declared rates
     */
    public static Step next(Preset p, List<String> stacks, Map<String, TreeSet<Double>> declared,
            Map<String, Double> medians, List<RunRow> phase4, Target t, int step) {
        Protocol.Phase4 q = p.protocol().phase4();
        Protocol.Search s = q.search();
        List<PlannedRun> warm = new ArrayList<>();
        List<PlannedRun> measured = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        if (s == null) return new Step(List.of(), List.of());
        for (String stack : stacks) {
            for (String e : q.endpoints()) {
                String key = stack + " " + e;
                Double median = medians.get(key);
                TreeSet<Double> rates = new TreeSet<>(declared.getOrDefault(key, new TreeSet<>()));
                for (RunRow r : phase4) {
                    if (r.stack().equals(stack) && r.endpoint().equals(e) && !Double.isNaN(r.offeredRps())) rates.add(r.offeredRps());
                }
                if (rates.isEmpty()) continue;
                if (median == null || Double.isNaN(median)) {
                    lines.add("phase 4 search " + key + ": no ok phase-1 run, so no ceiling (max_fraction of its median);"
                            + " not searched");
                    continue;
                }
                double highest = rates.last();
                if (!met(phase4, stack, e, highest, t)) {
                    lines.add("phase 4 search " + key + ": " + PlannedRun.rate(highest) + " req/s did not meet the target"
                            + " (p99 <= " + PlannedRun.rate(t.latencySloMs()) + " ms, kept up), the first failing rate; search over");
                    continue;
                }
                long next = Math.round(s.factor() * highest);
                if (next <= highest) next = (long) highest + 1;
                double ceiling = s.maxFraction() * median;
                if (next > ceiling) {
                    lines.add(String.format(Locale.ROOT, "phase 4 search %s: %s req/s met the target; %d req/s would pass"
                            + " max_fraction %s x the phase-1 median %.1f rps, search over", key, PlannedRun.rate(highest),
                            next, s.maxFraction(), median));
                    continue;
                }
                lines.add("phase 4 search " + key + ": " + PlannedRun.rate(highest) + " req/s met the target; next "
                        + next + " req/s");
                for (int r = 1; r <= q.warmups(); r++) warm.add(new PlannedRun(4, stack, e, q.concurrency(), r, true, q.durationS().intValue(), next));
                for (int r = 1; r <= q.runs(); r++) measured.add(new PlannedRun(4, stack, e, q.concurrency(), r, false, q.durationS().intValue(), next));
            }
        }
        if (Rounds.on(p.protocol().order())) {
            // version 5: each step is rounds of its own over the stacks still searching
            List<PlannedRun> both = new ArrayList<>(warm);
            both.addAll(measured);
            return new Step(Rounds.order(p.protocol().rngSeed(), "phase4-search-" + step + "-rounds", both), lines);
        }
        RandomAdaptor rng = new RandomAdaptor(Seeds.stream(p.protocol().rngSeed(), "phase4-search-" + step));
        Collections.shuffle(warm, rng);
        Collections.shuffle(measured, rng);
        List<PlannedRun> all = new ArrayList<>(warm);
        all.addAll(measured);
        return new Step(all, lines);
    }

    /**
     * The phase-1 median rps of each "stack endpoint" of phase 4 ({@link Phase4Plan#median}, at the
     * preset's first phase-1 level), the base of max_fraction; left out where phase 1 has no ok run.
     */
    public static Map<String, Double> medians(Preset p, List<String> stacks, List<RunRow> phase1) {
        Map<String, Double> out = new TreeMap<>();
        for (String stack : stacks) {
            for (String e : p.protocol().phase4().endpoints()) {
                double m = Phase4Plan.median(phase1, stack, e, p.concurrency());
                if (!Double.isNaN(m)) out.put(stack + " " + e, m);
            }
        }
        return out;
    }

    /** The declared rates of each "stack endpoint" in a phase-4 plan. */
    public static Map<String, TreeSet<Double>> declaredRates(List<PlannedRun> plan) {
        Map<String, TreeSet<Double>> out = new TreeMap<>();
        for (PlannedRun r : plan) out.computeIfAbsent(r.stack() + " " + r.endpoint(), k -> new TreeSet<>()).add(r.offeredRps());
        return out;
    }
}
