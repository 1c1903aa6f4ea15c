package dev.tpm.tables;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.results.Results;
import dev.tpm.results.Session;
import dev.tpm.results.Quantity;
import java.util.List;
import java.util.Optional;

/**
 * Sessions (analysis.md 9, version 4; no paper table): each campaign of every study, tested for a
 * drift that moves every group together, with the CPU time its hypervisor took where the runs record
 * it. The caption names the campaigns that drift.
 */
public final class SessionsTable implements SharedTable {
    public static final String NAME = "sessions";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> lacking(Results r) {
        return r.sessions().isEmpty() ? Optional.of("no campaign") : Optional.empty();
    }

    @Override
    public TableModel build(Results r) {
        AnalysisConfig c = TableText.config(r);
        TableModel.Builder t = TableModel.builder(name(), "Sessions (new; no paper table): each campaign's drift as a whole"
                + " (Spearman's rho of each run's rps over its group's median on run position). " + caption(r.sessions(), c));
        t.text("device").text("campaign").text("study").number("runs").number("rho").number("p (Holm)").text("drifting")
                .number(TableText.withUnit("CPU steal, median", Quantity.PERCENT))
                .number(TableText.withUnit("CPU steal, max", Quantity.PERCENT)).number("excluded for steal");
        // version 6: the probe's columns, where any campaign has a probe.csv
        boolean probes = r.sessions().stream().anyMatch(s -> s.probe().present());
        if (probes) t.number("probe cpu (events/s)").number("probe drift (last / first)").text("machine drifted");
        for (Session s : r.sessions()) {
            java.util.List<String> cells = new java.util.ArrayList<>(java.util.List.of(s.device(), s.campaign(), s.study(),
                    Integer.toString(s.n()), Rounding.value(Quantity.EFFECT, s.rho()),
                    Double.isNaN(s.pHolm()) ? Rounding.MISSING : Rounding.p(s.pHolm()), drifting(s),
                    steal(s.stealShare()), steal(s.stealMax()), Integer.toString(s.stealExcluded())));
            if (probes) {
                cells.add(Rounding.fixed(s.probe().cpu(), 1));
                cells.add(Rounding.fixed(s.probe().drift(), 3));
                cells.add(s.probe().drifted() == null ? Rounding.MISSING : s.probe().drifted() ? "yes" : "no");
            }
            t.row(cells);
        }
        if (probes) {
            t.note("Probe (analysis.md 9, version 6): probe cpu = the median of the campaign's sysbench cpu tests (probe.csv);"
                    + " probe drift = its last cpu test over its first; machine drifted = the drift is more than probe_tolerance = "
                    + Rounding.plain(c.probeTolerance()) + " from 1: the session's last rounds ran on another machine state"
                    + " than its first. n/a: no probe.csv (or fewer than two cpu tests).");
        }
        return t.note("What the test means: a drift shared by every stack (a neighbour on the host, heat, the host's"
                        + " own schedule) moves every group of a session a little, which no group's own test (the drift"
                        + " table) sees. A drifting session's groups were measured at different speeds of the machine;"
                        + " the randomized run order spreads that over the stacks, and the CIs do not include it.")
                .note("Per campaign, its measured runs of phases 1 and 2 in seq order: x = the run's position, y = its"
                        + " rps over the median rps of its group (phase, stack, endpoint, concurrency) within the campaign;"
                        + " groups of one run are left out. rho and p: scipy.stats.spearmanr; Holm over every campaign of"
                        + " the data folder; drifting = p_holm < " + Rounding.plain(c.alpha()) + ". rho > 0: the session"
                        + " sped up; rho < 0: it slowed down.")
                .note("CPU steal: each run's steal share (analysis.md 1, version 6: the largest of the shares of the"
                        + " device's, the server's and the load generator's CPUs the run records, the CPU time the hypervisor"
                        + " gave to others), over the campaign's runs of every phase (1, 2, 4 and 5) with warm-up 0, status ok"
                        + " and steal_s (" + Rounding.MISSING + ": no run records steal_s); excluded for steal: how many of"
                        + " those runs the steal rule leaves out (" + ExclusionsTable.stealRule(r) + ").")
                .note("Rounded for reading (half away from zero): rho to 3 decimals; p-values to 3 decimals from "
                        + Rounding.plain(Rounding.P_FIXED_FROM) + ", below that to " + Rounding.P_SIGNIFICANT_DIGITS
                        + " significant digits; " + Quantity.PERCENT.rule() + ".")
                .note(TableText.sourceNote("sessions.csv"))
                .build();
    }

    /** "2 of 9 sessions drift as a whole (p_holm &lt; 0.05): a (faster later), b (slower later)." */
    public static String caption(List<Session> sessions, AnalysisConfig c) {
        List<Session> drifting = sessions.stream().filter(Session::drifting).toList();
        long tested = sessions.stream().filter(s -> !Double.isNaN(s.pHolm())).count();
        if (drifting.isEmpty()) {
            return "No drift detected as a whole in the " + tested + " tested " + (tested == 1 ? "session" : "sessions")
                    + " (p_holm < " + Rounding.plain(c.alpha()) + " in none).";
        }
        String head = drifting.size() + " of " + tested + " tested "
                + (tested == 1 ? "session" : "sessions") + (drifting.size() == 1 ? " drifts" : " drift") + " as a whole (p_holm < "
                + Rounding.plain(c.alpha()) + ")";
        if (drifting.isEmpty()) return head + ".";
        return head + ": " + String.join(", ", drifting.stream().map(SessionsTable::describe).toList()) + ".";
    }

    /** "2026-12-02-x86-vm-2c-c-pilot-v3 (rho 0.220, faster later)". */
    public static String describe(Session s) {
        return s.campaign() + " (rho " + Rounding.value(Quantity.EFFECT, s.rho()) + ", " + (s.rho() > 0 ? "faster" : "slower")
                + " later)";
    }

    private static String drifting(Session s) {
        if (Double.isNaN(s.pHolm())) return "not tested";
        if (!s.drifting()) return "no";
        return s.rho() > 0 ? "yes, faster later" : "yes, slower later";
    }

    private static String steal(double share) {
        return Rounding.value(Quantity.PERCENT, 100 * share);
    }
}
