package dev.tpm.tables;

import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.RatioInterval;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import dev.tpm.results.Quantity;
import java.util.List;
import java.util.Optional;

/**
 * A table of one seed study (studies.md), written at the top of tables/ only when a campaign of
 * that study exists; the report shows it under the study's heading.
 */
public abstract class StudyTable implements SharedTable {
    /** campaign.json's study this table belongs to. */
    public abstract String study();

    @Override
    public Optional<String> lacking(Results r) {
        return r.facts().study(study()).present()
                ? Optional.empty()
                : Optional.of("no campaign of study " + study());
    }

    /** What a table's "host saturated" column counts, for its notes (the cell is {@link #saturatedCell}). */
    static final String SATURATED_COLUMN = "host saturated: the measured runs whose server and load generator together"
            + " used at least 95 % of the device's cores, of all measured runs.";

    /**
     * A row's host-saturation cell: "3 of 5" (saturated_runs of the group's n measured runs), or
     * "n/a" when the load generator ran on another host or no run has both CPU columns.
     */
    static String saturatedCell(LoadgenSummary x) {
        return x.saturatedRuns() == null ? "n/a" : x.saturatedRuns() + " of " + x.n();
    }

    /**
     * The note on host saturation (analysis.md 8) over a table's rows: which stacks had saturated
     * runs, where and how busy the host was; that none had; or null when no row has the host
     * columns (load generator on another host, or no CPU columns).
     */
    static String saturationNote(List<LoadgenSummary> rows) {
        if (rows.stream().allMatch(x -> x.saturatedRuns() == null)) return null;
        List<String> hit = rows.stream().filter(LoadgenSummary::saturated)
                .map(x -> x.stack() + " (" + x.device() + ", " + x.endpoint() + " c=" + x.concurrency() + ": "
                        + x.saturatedRuns() + " of " + x.n() + " runs, host busy "
                        + Rounding.value(Quantity.PERCENT, 100 * x.hostBusy()) + " %)")
                .toList();
        String what = " (the load generator ran on the device: server CPU + load generator CPU >= 95 % of the device's"
                + " cores; host busy: the median of that share, loadgen_summary.csv host_busy and saturated_runs)";
        if (hit.isEmpty()) return "Host saturation" + what + ": no measured run saturated its host.";
        return "Host saturated" + what + ": " + String.join("; ", hit) + ". In these runs the server and the load"
                + " generator took turns on the same cores: their numbers describe the pair, not the server alone.";
    }

    /**
     * A ratio of a's median rps over b's as a cell: the rounded ratio with its percentile bootstrap
     * interval from the two groups' replicates (analysis.md 4, as ratios.csv), " (n < min_n)" where
     * a group is too small for one, the bare value for a group over itself (the reference, 1) and
     * n/a when the ratio is missing.
     */
    static String rpsRatioCell(Results r, LoadgenSummary a, LoadgenSummary b, double ratio) {
        String point = Rounding.value(Quantity.RATIO, ratio);
        if (Double.isNaN(ratio) || a == null || b == null || a.equals(b)) return point;
        return point + intervalText(r.studyReplicates().ratioInterval(a, b));
    }

    /** A ratio cell's tail: its interval ({@link RatioInterval}), or {@link #N_BELOW_MIN} when it has none. */
    static String intervalText(double[] ci) {
        return ci == null ? " " + N_BELOW_MIN : RatioInterval.bracket(ci);
    }

    /** What a ratio cell says where one of its groups has fewer runs than min_n. */
    static final String N_BELOW_MIN = "(n < min_n)";

    /** The note on the ratios' intervals, naming min_n. */
    static String ratioIntervalNote(Results r) {
        return "[lo, hi]: the " + TableText.ciLabel(r) + " of a ratio of two groups' median throughput, the percentile"
                + " interval of the ratios of the two groups' bootstrap replicates (analysis.md 4, as ratios.csv); (n <"
                + " min_n): " + tooFewForAnInterval(r);
    }

    /**
     * The note on the ratios' intervals in the words of the node-pi and hello-blog-next tables:
     * {@code opening} (what the interval belongs to), the level, how ratio_b is formed, {@code keyTail}
     * inside the parenthesis on the streams, then what n &lt; min_n means.
     */
    static String replicateIntervalNote(Results r, String opening, String keyTail) {
        return opening + Rounding.value(Quantity.PERCENT, 100 * r.facts().config().confidence()).replaceAll("\\.0$", "")
                + " % percentile bootstrap interval, from replicate b of one group's median rps over replicate b of the"
                + " other's (each group's own stream, seeded from rng_seed and the group key" + keyTail + "); n < min_n: "
                + tooFewForAnInterval(r);
    }

    private static String tooFewForAnInterval(Results r) {
        return "a group has fewer than min_n = " + r.studyReplicates().minN() + " measured runs, too few for one.";
    }

    /** The caption's tail naming the devices and campaigns, and that they are not the seed's machines. */
    static String from(StudyScope s) {
        return " Devices: " + s.describe() + "." + (s.imported() ? " Some campaigns were imported from saved load-generator outputs." : "");
    }
}
