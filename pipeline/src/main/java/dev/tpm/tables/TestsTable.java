package dev.tpm.tables;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Omnibus;
import dev.tpm.results.Posthoc;
import dev.tpm.results.PosthocSummary;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.List;
import java.util.Optional;

/**
 * Endpoint tests: Kruskal-Wallis per endpoint and metric with the number of Holm-significant
 * post-hoc pairs, and the Holm summary sentence of the paper's section 6.4.
 */
public final class TestsTable implements DeviceTable {
    @Override
    public String name() {
        return "tests";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.omnibus().isEmpty()
                ? Optional.of("no endpoint and metric has two or more stacks with n >= 2")
                : Optional.empty();
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Endpoint tests (regenerated)",
                "Kruskal-Wallis omnibus test per endpoint and metric, with Holm-corrected post-hoc pairs", d));
        t.text("endpoint").text("metric").number("k (stacks)").number("n (runs)").number("H").number("df")
                .number("p").number("epsilon-squared").number("pairs significant (Holm)");
        String previous = null;
        for (Omnibus o : d.omnibus()) {
            if (!o.endpoint().equals(previous)) t.group();
            previous = o.endpoint();
            List<Posthoc> pairs = d.posthoc().stream()
                    .filter(p -> p.endpoint().equals(o.endpoint()) && p.metric().equals(o.metric()))
                    .toList();
            long significant = pairs.stream().filter(Posthoc::significant).count();
            t.row(o.endpoint(), o.metric(), Integer.toString(o.k()), Integer.toString(o.n()),
                    Rounding.value(Quantity.STATISTIC, o.h()), Rounding.value(Quantity.COUNT, o.df()),
                    Rounding.p(o.p()), Rounding.value(Quantity.EFFECT, o.epsilonSq()),
                    significant + " of " + pairs.size());
        }
        AnalysisConfig c = TableText.config(r);
        if (d.posthocSummary() != null) {
            t.note(holmSentence(d.posthocSummary(), c));
            resolutionSentence(d.posthocSummary()).ifPresent(t::note);
        }
        methodSentence(d.posthoc()).ifPresent(t::note);
        for (dev.tpm.results.TestLeftOut o : d.testsLeftOut()) {
            t.note("Left out of the tests of " + o.endpoint() + ": " + o.stack() + " (" + o.reason() + "; fewer than min_n = "
                    + c.minN() + " measured runs).");
        }
        return t.note("H: Kruskal-Wallis statistic with tie correction, p from chi-square with k - 1 df;"
                        + " epsilon-squared = H / (n - 1); df = k - 1.")
                .note("Post-hoc: every pair of stacks; the Holm family is every pair over all endpoints and metrics"
                        + " of the device, using the " + testName(c) + " p-values; significant = p_holm < "
                        + Rounding.plain(c.alpha()) + "; d = Cohen's d.")
                .note(Rounding.note(List.of(Quantity.STATISTIC, Quantity.EFFECT)) + " p-values to 3 decimals from "
                        + Rounding.plain(Rounding.P_FIXED_FROM) + ", below that to " + Rounding.P_SIGNIFICANT_DIGITS
                        + " significant digits.")
                .note(TableText.sourceNote("omnibus.csv, posthoc.csv and posthoc_summary.csv"))
                .build();
    }

    /**
     * "Of N post-hoc comparisons, S remain significant under Holm-Bonferroni correction (family-wise
     * alpha = 0.05); L have |d| &gt; 0.8, of which M are significant."
     */
    public static String holmSentence(PosthocSummary s, AnalysisConfig c) {
        return "Of " + s.comparisons() + " post-hoc comparisons, " + s.significant()
                + " remain significant under Holm-Bonferroni correction (family-wise alpha = "
                + Rounding.plain(c.alpha()) + "); " + s.largeEffect() + " have |d| > "
                + Rounding.plain(c.largeEffect()) + ", of which " + s.largeAndSignificant() + " are significant.";
    }

    /**
     * The family's resolution in words (analysis.md 3), e.g. "Holm's first threshold is 0.05 / 735 =
     * 6.8e-5; the pair with the fewest runs (10 and 10) can reach at best p = 1.1e-5 (an exact rank
     * test, the two samples apart), so it can pass." Empty for an empty family.
     */
    public static Optional<String> resolutionSentence(PosthocSummary s) {
        if (s.comparisons() == 0 || Double.isNaN(s.holmThreshold())) return Optional.empty();
        String verdict = s.fewestRunPairCanPass()
                ? "so it can pass when its two samples do not overlap."
                : "so no pair of that size can be significant, whatever the data.";
        return Optional.of("Holm's first threshold is alpha / " + s.comparisons() + " = " + Rounding.p(s.holmThreshold())
                + "; the pair with the fewest runs (" + s.fewestRunsA() + " and " + s.fewestRunsB()
                + ") can reach at best p = " + Rounding.p(s.minAttainableP())
                + " (2 / C(n_a + n_b, n_a): an exact rank test, the two samples apart), " + verdict);
    }

    /** How many Mann-Whitney p-values are exact and how many asymptotic (analysis.md 3, p_method). */
    static Optional<String> methodSentence(List<Posthoc> posthoc) {
        if (posthoc.isEmpty()) return Optional.empty();
        long exact = posthoc.stream().filter(p -> "exact".equals(p.pMethod())).count();
        return Optional.of("Mann-Whitney p: exact for " + exact + " of " + posthoc.size()
                + " pairs (no tied value, at most 50 runs a side), otherwise the normal approximation with tie and"
                + " continuity correction (p_method in posthoc.csv).");
    }

    private static String testName(AnalysisConfig c) {
        return AnalysisConfig.WELCH.equals(c.posthocTest()) ? "Welch t-test" : "Mann-Whitney U";
    }
}
