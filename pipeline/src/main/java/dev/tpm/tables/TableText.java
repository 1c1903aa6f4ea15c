package dev.tpm.tables;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.GroupStat;
import dev.tpm.results.TestLeftOut;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.List;

/** Headers, captions and notes that several tables share, worded once. */
final class TableText {
    static final String MIB_NOTE = "MiB = KiB / 1024; the paper writes MB for the same quantity.";

    private TableText() {}

    static AnalysisConfig config(Results r) {
        return r.facts().config();
    }

    /** "95% CI" for the configured confidence. */
    static String ciLabel(Results r) {
        return Rounding.percentLabel(config(r).confidence()) + " CI";
    }

    /** "rps (req/s), median [95% CI]". */
    static String medianCiHeader(Results r, String label, Quantity q) {
        return withUnit(label, q) + ", median [" + ciLabel(r) + "]";
    }

    /** "w_rps (req/s) [95% CI]": a weighted value with its CI. */
    static String valueCiHeader(Results r, String label, Quantity q) {
        return withUnit(label, q) + " [" + ciLabel(r) + "]";
    }

    /** "w_rps (req/s) [95% CI]": a metric's value with its CI. */
    static String valueCiHeader(Results r, dev.tpm.results.Metric m) {
        return valueCiHeader(r, m.id(), m.quantity());
    }

    /** "w_rps (req/s)": a metric with its unit. */
    static String withUnit(dev.tpm.results.Metric m) {
        return withUnit(m.id(), m.quantity());
    }

    /** "label (unit)", or the label alone for a unitless quantity. */
    static String withUnit(String label, Quantity q) {
        return q.unit().isEmpty() ? label : label + " (" + q.unit() + ")";
    }

    /** Caption of a per-device table: what it regenerates, what it shows, the device and its campaigns. */
    static String caption(String regenerates, String what, DeviceResults d) {
        return regenerates + ": " + what + ". " + d.source() + ".";
    }

    /** Every device's {@link DeviceResults#source}, joined by "; ", for the caption of a table of all devices. */
    static String devicesSource(Results r) {
        return r.devices().stream().map(DeviceResults::source).reduce((a, b) -> a + "; " + b).orElse("no device");
    }

    /** The CI level and how the intervals were computed. */
    static String ciNote(Results r) {
        AnalysisConfig c = config(r);
        return "Brackets: " + ciLabel(r) + ", percentile bootstrap with B = " + c.bootstrapResamples()
                + " resamples (seeded from rng_seed " + c.rngSeed() + " and the group key).";
    }

    /** A printed median CI: its ci_coverage (analysis.md 2, version 6) and the number of values behind it. */
    record Coverage(double coverage, int n) {
        static Coverage of(GroupStat g) {
            return new Coverage(g.ciCoverage(), g.n());
        }
    }

    /**
     * outputs.md version 6: where a printed median CI holds the median with a probability below
     * {@code confidence}, a note with the lowest such coverage and its n (ties: the smaller n);
     * nothing otherwise.
     */
    static List<String> coverageNote(Results r, java.util.Collection<Coverage> printed) {
        double confidence = config(r).confidence();
        Coverage low = printed.stream().filter(c -> !Double.isNaN(c.coverage()) && c.coverage() < confidence)
                .min(java.util.Comparator.comparingDouble(Coverage::coverage).thenComparingInt(Coverage::n)).orElse(null);
        if (low == null) return List.of();
        return List.of("Coverage: a percentile interval of a median from few runs is made of their order statistics and"
                + " holds the median less often than " + Rounding.percentLabel(confidence) + ": intervals of " + low.n()
                + " runs hold the median with probability " + Rounding.fixed(low.coverage(), 3)
                + " (the lowest in this table; ci_coverage in the tidy CSVs, analysis.md 2).");
    }

    static String sourceNote(String csv) {
        return "Full precision: tables/" + csv + ".";
    }

    /** Header of the column that says why a row has no value or no CI. */
    static final String WHY = "no value / no CI because";

    /**
     * Why a (stack, endpoint) group has no value or no CI: empty for a group of at least min_n runs;
     * "small n" for a smaller group (descriptive only); the reason for a stack without runs there.
     */
    static String groupFlag(Results r, DeviceResults d, String stack, String endpoint, java.util.Optional<GroupStat> g) {
        if (g.isPresent() && !g.get().smallN()) return "";
        if (g.isPresent()) return "small n (" + g.get().n() + " < min_n " + config(r).minN() + "): no CI";
        return d.testsLeftOut().stream().filter(x -> x.stack().equals(stack) && x.endpoint().equals(endpoint))
                .map(TestLeftOut::reason).findFirst().orElse(endpoint + ": no measured runs");
    }

    /** The note on groups below min_n. */
    static String smallNNote(Results r) {
        return "small n: a group of fewer than min_n = " + config(r).minN() + " measured runs keeps its median"
                + " but gets no CI, enters no test and feeds no weighted aggregate (a percentile bootstrap of"
                + " two or three runs is not an interval estimate).";
    }

    /** The note on stacks without a weighted value: never ranked, never best, never on the frontier. */
    static final String UNRANKED_NOTE = "A stack without a weighted value (an endpoint of positive weight has fewer"
            + " than min_n measured runs) keeps its row with the reason, is not ranked, is never a criterion's best"
            + " and never on the Pareto frontier.";
}
