package dev.tpm.tables;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.results.SweepPoint;
import dev.tpm.results.SweepSummary;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** Table 19: the phase-2 concurrency sweep - rps and p99 per stack and concurrency, peak and plateau. */
public final class SweepTable implements DeviceTable {
    @Override
    public String name() {
        return "sweep";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.sweep().isEmpty() ? Optional.of("no measured phase-2 (concurrency sweep) runs") : Optional.empty();
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Table 19 (regenerated)",
                "concurrency sweep (phase 2)" + endpointText(r, d), d));
        t.text("stack").number("concurrency").number("n")
                .number(TableText.medianCiHeader(r, "rps", Quantity.RPS))
                .number(TableText.medianCiHeader(r, "p99", Quantity.LATENCY_MS))
                .number(TableText.withUnit("peak RSS, median", Quantity.MIB))
                .text("marks");
        List<SweepPoint> points = d.sweep().stream()
                .sorted(Comparator.comparingInt((SweepPoint p) -> Find.stackOrder(d, p.stack()))
                        .thenComparing(SweepPoint::stack)
                        .thenComparingInt(SweepPoint::concurrency))
                .toList();
        dev.tpm.results.LatencyResolution source = LatencySources.phases12(r, d);
        String previous = null;
        List<String> noPlateau = new ArrayList<>();
        for (SweepPoint p : points) {
            if (!p.stack().equals(previous)) {
                t.group();
                Optional<SweepSummary> s = summary(d, p.stack());
                if (s.isPresent() && s.get().plateauConcurrency() == null) noPlateau.add(p.stack());
            }
            previous = p.stack();
            t.row(p.stack(), Integer.toString(p.concurrency()), Integer.toString(p.n()),
                    Rounding.ci(Quantity.RPS, p.rps()), Rounding.ci(Quantity.LATENCY_MS, p.p99Ms(), source),
                    Rounding.value(Quantity.MIB, p.peakRssMib()), marks(summary(d, p.stack()), p.concurrency(),
                            p.n() < TableText.config(r).minN()));
        }
        t.note("peak: the concurrency with the largest median rps. plateau: the smallest level from which every"
                + " gain to the next level is below " + Rounding.percentLabel(TableText.config(r).plateauGain())
                + " (gain = median rps at the next level / median rps here - 1).");
        if (!noPlateau.isEmpty()) t.note("No plateau within the sweep: " + String.join(", ", noPlateau) + ".");
        for (String s : d.listedStacks()) {
            if (points.stream().noneMatch(p -> p.stack().equals(s))) t.note("No measured sweep runs for " + s + ".");
        }
        if (points.stream().anyMatch(p -> p.n() < TableText.config(r).minN())) {
            t.note("marks: small n = fewer than min_n = " + TableText.config(r).minN() + " measured runs at that level:"
                    + " median only, no CI.");
        }
        return t.note(TableText.ciNote(r))
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(List.of(Quantity.RPS, Quantity.LATENCY_MS, Quantity.MIB), source))
                .note(TableText.sourceNote("sweep.csv and sweep_summary.csv"))
                .build();
    }

    private static Optional<SweepSummary> summary(DeviceResults d, String stack) {
        return d.sweepSummary().stream().filter(s -> s.stack().equals(stack)).findFirst();
    }

    static String marks(Optional<SweepSummary> s, int concurrency) {
        return marks(s, concurrency, false);
    }

    static String marks(Optional<SweepSummary> s, int concurrency, boolean smallN) {
        List<String> m = new ArrayList<>();
        if (smallN) m.add("small n");
        if (s.isEmpty()) return String.join(", ", m);
        if (s.get().peakConcurrency() == concurrency) m.add("peak");
        if (Objects.equals(s.get().plateauConcurrency(), concurrency)) m.add("plateau");
        return String.join(", ", m);
    }

    /** " on GET /items/{id}" when this device's measured phase-2 runs are all of one endpoint, else "". */
    static String endpointText(Results r, DeviceResults d) {
        Set<String> endpoints = new TreeSet<>();
        for (SweepPoint p : d.sweep()) endpoints.addAll(p.endpoints());
        if (endpoints.size() != 1) return "";
        String e = endpoints.iterator().next();
        return " on " + MixesTable.REQUESTS.getOrDefault(e, e);
    }
}
