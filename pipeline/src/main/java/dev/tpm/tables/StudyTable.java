package dev.tpm.tables;

import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import dev.tpm.tables.Rounding.Quantity;
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
        return StudyScope.of(r, study()).present()
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

    /** The caption's tail naming the devices and campaigns, and that they are not the seed's machines. */
    static String from(StudyScope s) {
        return " Devices: " + s.describe() + "." + (s.imported() ? " Some campaigns were imported from saved load-generator outputs." : "");
    }
}
