package dev.tpm.tables;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Exclusion;
import dev.tpm.results.Results;
import dev.tpm.results.RunCount;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Runs left out of the analysis: per stack and phase, how many rows were warm-ups, measured, or
 * excluded for each reason, the exclusion rate, and every excluded run by campaign and seq.
 */
public final class ExclusionsTable implements DeviceTable {
    @Override
    public String name() {
        return "exclusions";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.runCounts().isEmpty() ? Optional.of("no run rows") : Optional.empty();
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Run exclusions (new; no paper table)",
                "runs left out of the analysis and why", d));
        t.text("stack").number("phase").number("rows").number("warm-up").number("measured").number("failed")
                .number("discarded").number("error_rate").number("throttled").number("steal")
                .number(TableText.withUnit("excluded", Quantity.PERCENT));
        List<RunCount> counts = d.runCounts().stream()
                .sorted(Comparator.comparingInt((RunCount c) -> Find.stackOrder(d, c.stack()))
                        .thenComparing(RunCount::stack)
                        .thenComparingInt(RunCount::phase))
                .toList();
        String previous = null;
        Map<Integer, Integer> warmups = new TreeMap<>();
        for (RunCount c : counts) {
            if (!c.stack().equals(previous)) t.group();
            previous = c.stack();
            warmups.merge(c.phase(), c.warmup(), Integer::sum);
            t.row(c.stack(), Integer.toString(c.phase()), Integer.toString(c.rows()), Integer.toString(c.warmup()),
                    Integer.toString(c.measured()), Integer.toString(c.failed()), Integer.toString(c.discarded()),
                    Integer.toString(c.errorRate()), Integer.toString(c.throttled()), Integer.toString(c.steal()),
                    Rounding.value(Quantity.PERCENT, excludedPercent(c)));
        }
        List<String> warm = new ArrayList<>();
        warmups.forEach((phase, n) -> warm.add(n + " in phase " + phase));
        int totalWarmups = warmups.values().stream().mapToInt(Integer::intValue).sum();
        t.note("Warm-up runs are never analysed and not listed in exclusions.csv: " + totalWarmups + " in all"
                + (warm.isEmpty() ? "" : " (" + String.join(", ", warm) + ")") + ".");
        t.note("Reasons, the first that applies: failed (the server crashed), discarded (the harness rejected the"
                + " run), error_rate ((socket errors + non-2xx) / requests above "
                + Rounding.plain(TableText.config(r).maxErrorRate()) + "), throttled (throttling or undervoltage"
                + " flags), steal (" + stealRule(r) + "). excluded = excluded runs / runs that are not warm-ups.");
        t.notes(listing(d.exclusions()));
        return t.note(Rounding.note(List.of(Quantity.COUNT, Quantity.PERCENT)))
                .note(TableText.sourceNote("exclusions.csv"))
                .build();
    }

    /** Excluded runs / non-warm-up runs, in percent; NaN when every row is a warm-up. */
    static double excludedPercent(RunCount c) {
        int excluded = c.excluded();
        int considered = c.rows() - c.warmup();
        return considered == 0 ? Double.NaN : 100.0 * excluded / considered;
    }

    /** analysis.md 1, version 6: the steal rule as analysis.json sets it. */
    static String stealRule(Results r) {
        Double max = TableText.config(r).maxStealShare();
        if (max == null) return "off: analysis.json's max_steal_share is null";
        return "a steal share above " + Rounding.plain(max) + ", the largest of steal_s / (duration_s x device.cores) and the"
                + " same of the server's and the load generator's pinned CPUs (server_steal_s, loadgen_steal_s) that the run"
                + " records; a run that records none is never excluded for it";
    }

    /** One line per (campaign, phase, reason): the seq, stack and endpoint of each excluded run. */
    static List<String> listing(List<Exclusion> exclusions) {
        if (exclusions.isEmpty()) return List.of("No run was excluded.");
        Map<String, List<String>> byGroup = new LinkedHashMap<>();
        exclusions.stream()
                .sorted(Comparator.comparing(Exclusion::campaign).thenComparingInt(Exclusion::phase)
                        .thenComparing(Exclusion::reason).thenComparingLong(Exclusion::seq))
                .forEach(x -> byGroup.computeIfAbsent(
                                "Excluded, campaign " + x.campaign() + ", phase " + x.phase() + ", " + x.reason(),
                                k -> new ArrayList<>())
                        .add("seq " + x.seq() + " (" + x.stack() + ", " + x.endpoint() + ")"));
        List<String> lines = new ArrayList<>();
        byGroup.forEach((k, v) -> lines.add(k + ": " + String.join("; ", v) + "."));
        return lines;
    }
}
