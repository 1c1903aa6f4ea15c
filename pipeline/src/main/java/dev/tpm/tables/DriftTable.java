package dev.tpm.tables;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Drift;
import dev.tpm.results.DriftTest;
import dev.tpm.results.Results;
import dev.tpm.results.Session;
import dev.tpm.results.Quantity;
import java.util.List;
import java.util.Optional;

/**
 * Stability diagnostics (analysis.md 9, no paper table): the groups whose rps drifts with run order
 * (Spearman's rho of rps on run position, Holm over the device's drift tests), or one row saying
 * that none does, with what the test means for the bootstrap CIs of the other tables.
 */
public final class DriftTable implements DeviceTable {
    public static final String NAME = "drift";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.drift().tests().isEmpty()
                ? Optional.of("no group has min_n = " + TableText.config(r).minN() + " measured phase-1 runs")
                : Optional.empty();
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        AnalysisConfig c = TableText.config(r);
        Drift drift = d.drift();
        List<DriftTest> drifting = drift.drifting();
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Run-order drift (new; no paper table)",
                "groups whose throughput drifts with the order of the runs (Spearman's rho of rps on run position)", d));
        t.text("stack").text("endpoint").number("n (runs)").number("rho").number("p (Holm)").text("later runs");
        for (DriftTest x : drifting) {
            t.row(x.stack(), x.endpoint(), Integer.toString(x.n()), Rounding.value(Quantity.EFFECT, x.rho()),
                    Rounding.p(x.pHolm()), x.rho() > 0 ? "faster" : "slower");
        }
        List<Session> sessions = driftingSessions(r, d);
        if (drifting.isEmpty()) {
            // outputs.md version 6: a test that found nothing says "no drift detected", not "none"
            t.row("none detected", sessions.isEmpty() ? "no drift detected in a tested group"
                    : "no drift detected in a tested group on its own", "", "", "", "");
        }
        t.note(summary(drift, c));
        if (!sessions.isEmpty()) t.note(sessionsNote(sessions));
        return t
                .note("What the test means: the bootstrap CIs of the other tables treat a group's runs as exchangeable,"
                        + " their order of no account. Where throughput rises or falls with run order (the machine warming"
                        + " up, caches, thermal or background load), the runs are not, and a group's CI describes the"
                        + " runs taken rather than the stack. The randomized run order spreads such a drift over the"
                        + " stacks; it does not remove it.")
                .note("x = the run's position among the device's measured phase-1 runs of every stack and endpoint,"
                        + " ordered by campaign id and then seq (1 = the first); y = its rps. rho: Spearman's rank"
                        + " correlation, p from the t distribution with n - 2 df (scipy.stats.spearmanr), two-sided;"
                        + " Holm over the device's drift tests; drifting = p_holm < " + Rounding.plain(c.alpha())
                        + ". Tested: every stack and endpoint (mixed included) with at least min_n = " + c.minN()
                        + " measured runs; a group whose rps is constant has no rho and is not tested."
                        + " later runs: faster where rho > 0.")
                .note("Rounded for reading (half away from zero): rho to 3 decimals; p-values to 3 decimals from "
                        + Rounding.plain(Rounding.P_FIXED_FROM) + ", below that to " + Rounding.P_SIGNIFICANT_DIGITS
                        + " significant digits.")
                .note(TableText.sourceNote("drift.csv"))
                .build();
    }

    /**
     * "2 of 42 tested groups drift (p_holm &lt; 0.05); the median rho over the 42 is 0.220, positive in
     * 30."
     */
    public static String summary(Drift drift, AnalysisConfig c) {
        double[] rho = drift.tests().stream().mapToDouble(DriftTest::rho).filter(v -> !Double.isNaN(v)).toArray();
        int tested = drift.tests().size();
        long positive = java.util.Arrays.stream(rho).filter(v -> v > 0).count();
        String s = drifting(drift.drifting().size()) + " of " + tested + " tested " + (tested == 1 ? "group" : "groups")
                + (drift.drifting().size() == 1 ? " drifts" : " drift") + " (p_holm < " + Rounding.plain(c.alpha()) + ")";
        if (rho.length == 0) return s + "; no group has a rho.";
        return s + "; the median rho over the " + rho.length + " with a rho is " + Rounding.value(Quantity.EFFECT,
                median(rho)) + ", positive in " + positive + ".";
    }

    /** The device's paper campaigns (those of its drift tests) that drift as a whole (sessions.csv), in its order. */
    public static List<Session> driftingSessions(Results r, DeviceResults d) {
        return r.sessions().stream().filter(s -> s.drifting() && s.device().equals(d.id()) && d.campaigns().contains(s.campaign()))
                .toList();
    }

    /**
     * "The session 2026-... drifts as a whole (rho 0.220, faster later; sessions table): a group
     * that does not drift on its own was still measured while the machine's speed changed."
     */
    public static String sessionsNote(List<Session> sessions) {
        String names = String.join(", ", sessions.stream().map(SessionsTable::describe).toList());
        return (sessions.size() == 1 ? "The session " + names + " drifts" : "The sessions " + names + " drift")
                + " as a whole (sessions table): a group that does not drift on its own was still measured while the"
                + " machine's speed changed, so no group here is free of drift.";
    }

    /** "go on get_item (rho 0.612, p_holm 6.9e-6, faster later)": one drifting group in words. */
    public static String describe(DriftTest x) {
        return x.stack() + " on " + x.endpoint() + " (rho " + Rounding.value(Quantity.EFFECT, x.rho()) + ", p_holm "
                + Rounding.p(x.pHolm()) + ", " + (x.rho() > 0 ? "faster" : "slower") + " later)";
    }

    /** The median of a sample (the mean of the two middle values of an even-sized one; analysis.md 2). */
    private static double median(double[] v) {
        double[] s = v.clone();
        java.util.Arrays.sort(s);
        int m = s.length / 2;
        return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
    }

    private static String drifting(int n) {
        return n == 0 ? "None" : Integer.toString(n);
    }
}
