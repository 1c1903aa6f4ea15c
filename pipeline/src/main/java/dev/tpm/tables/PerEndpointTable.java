package dev.tpm.tables;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.GroupStat;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A table of group medians [CI] per endpoint and stack for a few metrics of group_stats.csv: every
 * listed stack has its row on every endpoint, with the reason where it has no value or no CI.
 */
abstract class PerEndpointTable implements DeviceTable {
    /** One column: a metric of group_stats.csv, its header label and quantity. */
    record Metric(String id, String label, Quantity quantity) {}

    abstract List<Metric> metrics();

    abstract String caption(DeviceResults d);

    abstract List<String> notes(Results r);

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return endpoints(d).isEmpty()
                ? Optional.of("no group statistics of " + String.join(", ", metrics().stream().map(Metric::id).toList()))
                : Optional.empty();
    }

    /** The endpoints where any of the metrics has a group, in endpoint order. */
    List<String> endpoints(DeviceResults d) {
        Set<String> e = new LinkedHashSet<>();
        for (Metric m : metrics()) e.addAll(Find.endpointsWith(d, m.id()));
        List<String> ordered = new ArrayList<>();
        for (String any : Find.endpointsWith(d, dev.tpm.model.Metrics.RPS)) if (e.remove(any)) ordered.add(any);
        ordered.addAll(e);
        return ordered;
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), caption(d));
        t.text("endpoint").text("stack").number("n");
        for (Metric m : metrics()) t.number(TableText.medianCiHeader(r, m.label(), m.quantity()));
        t.text(TableText.WHY);
        Set<Quantity> used = new LinkedHashSet<>();
        dev.tpm.results.LatencyResolution source = LatencySources.phases12(r, d);
        List<TableText.Coverage> printed = new ArrayList<>();
        for (String e : endpoints(d)) {
            t.group();
            for (String s : d.listedStacks()) {
                List<String> cells = new ArrayList<>(List.of(e, s));
                Optional<GroupStat> first = Optional.empty();
                int n = 0;
                for (Metric m : metrics()) {
                    Optional<GroupStat> g = Find.groupStat(d, s, e, m.id());
                    g.map(TableText.Coverage::of).ifPresent(printed::add);
                    if (g.isPresent() && first.isEmpty()) first = g;
                    n = Math.max(n, g.map(GroupStat::n).orElse(0));
                }
                cells.add(Integer.toString(n));
                for (Metric m : metrics()) {
                    used.add(m.quantity());
                    cells.add(Rounding.ci(m.quantity(),
                            Find.groupStat(d, s, e, m.id()).map(GroupStat::medianEstimate).orElse(null), source));
                }
                cells.add(TableText.groupFlag(r, d, s, e, first));
                t.row(cells);
            }
        }
        return t.notes(notes(r))
                .note("n: measured phase-1 runs of the group that have the value. n/a: not collected for the stack"
                        + " or no measured runs.")
                .note(TableText.smallNNote(r))
                .note(TableText.ciNote(r))
                .notes(TableText.coverageNote(r, printed))
                .note(Rounding.note(List.copyOf(used), source))
                .note(TableText.sourceNote("group_stats.csv"))
                .build();
    }
}
