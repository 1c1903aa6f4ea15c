package dev.tpm.tables;

import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.GroupStat;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Endpoint results: per endpoint and stack, throughput and p50/p99 latency, median with CI. */
public final class EndpointsTable implements DeviceTable {
    @Override
    public String name() {
        return "endpoints";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return Find.endpointsWith(d, Metrics.RPS).isEmpty()
                ? Optional.of("no phase-1 group statistics")
                : Optional.empty();
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Endpoint results (regenerated)",
                "throughput and latency per endpoint and stack at the phase-1 concurrency", d));
        t.text("endpoint").text("stack").number("n")
                .number(TableText.medianCiHeader(r, "rps", Quantity.RPS))
                .number(TableText.medianCiHeader(r, "p50", Quantity.LATENCY_MS))
                .number(TableText.medianCiHeader(r, "p99", Quantity.LATENCY_MS))
                .text(TableText.WHY);
        dev.tpm.results.LatencyResolution source = LatencySources.phases12(r, d);
        List<TableText.Coverage> printed = new ArrayList<>();
        for (String e : Find.endpointsWith(d, Metrics.RPS)) {
            t.group();
            for (String s : d.listedStacks()) {
                Optional<GroupStat> rps = Find.groupStat(d, s, e, Metrics.RPS);
                String flag = TableText.groupFlag(r, d, s, e, rps);
                if (rps.isEmpty()) {
                    t.row(e, s, "0", Rounding.MISSING, Rounding.MISSING, Rounding.MISSING, flag);
                    continue;
                }
                for (String m : List.of(Metrics.RPS, Metrics.LAT_P50_MS, Metrics.LAT_P99_MS)) {
                    Find.groupStat(d, s, e, m).map(TableText.Coverage::of).ifPresent(printed::add);
                }
                t.row(e, s, Integer.toString(rps.get().n()),
                        Rounding.ci(Quantity.RPS, rps.get().medianEstimate()),
                        Rounding.ci(Quantity.LATENCY_MS, estimate(d, s, e, Metrics.LAT_P50_MS), source),
                        Rounding.ci(Quantity.LATENCY_MS, estimate(d, s, e, Metrics.LAT_P99_MS), source), flag);
            }
        }
        return t.note("n: measured phase-1 runs of the group. The mixed endpoint, where present, is descriptive only.")
                .note(TableText.smallNNote(r))
                .note(TableText.ciNote(r))
                .notes(TableText.coverageNote(r, printed))
                .note(Rounding.note(List.of(Quantity.RPS, Quantity.LATENCY_MS), source))
                .note(TableText.sourceNote("group_stats.csv"))
                .build();
    }

    private static Estimate estimate(DeviceResults d, String stack, String endpoint, String metric) {
        return Find.groupStat(d, stack, endpoint, metric).map(GroupStat::medianEstimate).orElse(Estimate.MISSING);
    }
}
