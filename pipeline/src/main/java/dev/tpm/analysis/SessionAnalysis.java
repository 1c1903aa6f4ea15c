package dev.tpm.analysis;

import dev.tpm.model.Campaign;
import dev.tpm.results.Session;
import dev.tpm.stats.Holm;
import dev.tpm.stats.Quantiles;
import dev.tpm.stats.Spearman;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sessions (analysis.md 9, version 4): each campaign of every study tested for a drift of its own.
 * Pure: run rows and campaigns in, sessions.csv's rows out.
 *
 * <p>Per campaign, its measured runs of phases 1 and 2 (analysis.md 1) in seq order (seq numbers
 * one campaign's phase files together, data.md): y = a run's rps over the median rps of its group
 * (phase, stack, endpoint, concurrency) within the campaign; runs of a group with one run are left
 * out. x = the run's position among the campaign's measured runs; leaving runs out leaves the
 * others' order, so the ranks that Spearman's rho reads do not depend on whether the left-out runs
 * take a position. A campaign with a rho NaN (fewer than two runs, or every ratio equal) keeps its
 * row and stays out of the Holm family, which is every campaign of the data folder.
 *
 * <p>Steal (version 5): the steal share (analysis.md 1) of every run of the campaign with warmup
 * = 0, status ok and a steal_s value, of every phase (1, 2, 4 and 5): its median, its largest
 * value, and how many of those runs section 1 excludes for steal (the reason that applies first;
 * a run already excluded for its error rate is not counted again). steal_excluded is a count, 0
 * when no run records steal_s or the rule is off.
 */
final class SessionAnalysis {
    private SessionAnalysis() {}

    private record Group(int phase, String stack, String endpoint, int concurrency) {}

    /**
     * @param campaigns every campaign that counts (any study), in any order
     * @param rows the rows of every phase (1, 2, 4 and 5) of those campaigns
     */
    static List<Session> of(List<Campaign> campaigns, List<RunRow> rows, RunRules rules, double alpha) {
        return of(campaigns, rows, rules, alpha, List.of(), dev.tpm.model.AnalysisConfig.DEFAULT_PROBE_TOLERANCE);
    }

    /**
     * @param probes every probe.csv row of the data folder (version 6): each session's probe columns
     * @param probeTolerance analysis.json's probe_tolerance, for machine_drifted
     */
    static List<Session> of(List<Campaign> campaigns, List<RunRow> rows, RunRules rules, double alpha,
            List<dev.tpm.model.ProbeRow> probes, double probeTolerance) {
        Map<String, List<RunRow>> byCampaign = new HashMap<>();
        Map<String, List<Double>> sharesOf = new HashMap<>();
        Map<String, Integer> stolen = new HashMap<>();
        for (RunRow r : rows) {
            ExclusionReason reason = rules.reason(r);
            if ((r.phase() == 1 || r.phase() == 2) && reason == null && !Double.isNaN(r.rps())) {
                byCampaign.computeIfAbsent(r.campaign(), k -> new ArrayList<>()).add(r);
            }
            if (!r.warmup() && r.status() == dev.tpm.model.RunStatus.OK && !Double.isNaN(r.stealShare())) {
                sharesOf.computeIfAbsent(r.campaign(), k -> new ArrayList<>()).add(r.stealShare());
                if (reason == ExclusionReason.STEAL) stolen.merge(r.campaign(), 1, Integer::sum);
            }
        }
        List<Campaign> sorted = new ArrayList<>(campaigns);
        sorted.sort(Comparator.comparing((Campaign c) -> c.device().id()).thenComparing(Campaign::id));
        List<Spearman.Result> tests = new ArrayList<>();
        List<double[]> steal = new ArrayList<>();
        List<Integer> ns = new ArrayList<>();
        for (Campaign c : sorted) {
            List<RunRow> runs = new ArrayList<>(byCampaign.getOrDefault(c.id(), List.of()));
            runs.sort(Comparator.comparingLong(RunRow::seq));
            List<RunRow> tested = tested(runs);
            double[] x = new double[tested.size()];
            double[] y = new double[tested.size()];
            Map<Group, Double> medians = medians(tested);
            for (int i = 0; i < tested.size(); i++) {
                RunRow r = tested.get(i);
                x[i] = i + 1;
                y[i] = r.rps() / medians.get(group(r));
            }
            tests.add(Spearman.test(x, y));
            ns.add(tested.size());
            steal.add(sharesOf.getOrDefault(c.id(), List.of()).stream().mapToDouble(Double::doubleValue).toArray());
        }
        double[] pHolm = Holm.adjust(tests.stream().mapToDouble(Spearman.Result::p).toArray());
        List<Session> out = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            Campaign c = sorted.get(i);
            Spearman.Result s = tests.get(i);
            double[] shares = steal.get(i); // steal_share and steal_max: empty when no run has a share
            out.add(new Session(c.device().id(), c.id(), c.studyId(), ns.get(i), s.rho(), s.p(), pHolm[i], pHolm[i] < alpha,
                    shares.length == 0 ? Double.NaN : Quantiles.median(shares),
                    shares.length == 0 ? Double.NaN : Arrays.stream(shares).max().getAsDouble(),
                    stolen.getOrDefault(c.id(), 0),
                    ProbeAnalysis.of(probes.stream().filter(x -> x.campaign().equals(c.id())).toList(), probeTolerance)));
        }
        return out;
    }

    /** The runs of groups with two or more runs, in the given (seq) order. */
    private static List<RunRow> tested(List<RunRow> runs) {
        Map<Group, Integer> count = new LinkedHashMap<>();
        for (RunRow r : runs) count.merge(group(r), 1, Integer::sum);
        return runs.stream().filter(r -> count.get(group(r)) > 1).toList();
    }

    private static Map<Group, Double> medians(List<RunRow> runs) {
        Map<Group, List<Double>> values = new LinkedHashMap<>();
        for (RunRow r : runs) values.computeIfAbsent(group(r), k -> new ArrayList<>()).add(r.rps());
        Map<Group, Double> out = new HashMap<>();
        values.forEach((g, v) -> out.put(g, Quantiles.median(v.stream().mapToDouble(Double::doubleValue).toArray())));
        return out;
    }

    private static Group group(RunRow r) {
        return new Group(r.phase(), r.stack(), r.endpoint(), r.concurrency());
    }
}
