package dev.tpm.tables;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.OfferedLoad;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Latency at offered load (new; analysis.md 10): per stack, endpoint and offered rate of phase 4,
 * the achieved rate, p50, p99 median [CI], p99.9, peak RSS and whether the server kept up.
 */
public final class OfferedLoadTable implements DeviceTable {
    @Override
    public String name() {
        return "offered_load";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.offeredLoad().isEmpty() ? Optional.of("no measured phase-4 runs (open loop at offered load)") : Optional.empty();
    }

    /** The stats stage's one line already says that phase 4 is absent. */
    @Override
    public boolean reportsLacking() {
        return false;
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Latency at offered load (new; no paper table)",
                "open-loop latency per stack, endpoint and offered rate (phase 4)", d));
        t.text("stack").text("endpoint").number(TableText.withUnit("offered", Quantity.RPS)).number("n")
                .number(TableText.withUnit("achieved, median", Quantity.RPS))
                .number(TableText.withUnit("p50, median", Quantity.LATENCY_MS))
                .number(TableText.medianCiHeader(r, "p99", Quantity.LATENCY_MS))
                .number(TableText.withUnit("p99.9, median", Quantity.LATENCY_MS))
                .number(TableText.withUnit("peak RSS, median", Quantity.MIB))
                .text("kept up").text("marks");
        int minN = TableText.config(r).minN();
        dev.tpm.results.LatencyResolution source = LatencySources.phase4(r, d);
        String previous = null;
        for (OfferedLoad p : d.offeredLoad()) {
            String cell = p.stack() + "/" + p.endpoint();
            if (!cell.equals(previous)) t.group();
            previous = cell;
            List<String> marks = new ArrayList<>();
            if (p.meetsTarget()) marks.add("meets target");
            if (p.n() < minN) marks.add("small n");
            t.row(p.stack(), p.endpoint(), Rounding.value(Quantity.RPS, p.offeredRps()), Integer.toString(p.n()),
                    Rounding.value(Quantity.RPS, p.rps()), Rounding.latency(p.latP50Ms(), source),
                    Rounding.ci(Quantity.LATENCY_MS, p.latP99Ms(), source), Rounding.latency(p.latP999Ms(), source),
                    Rounding.value(Quantity.MIB, p.peakRssMib()), p.keptUp() ? "yes" : "no", String.join(", ", marks));
        }
        for (String s : d.listedStacks()) {
            if (d.offeredLoad().stream().noneMatch(p -> p.stack().equals(s))) t.note("No measured phase-4 runs for " + s + ".");
        }
        t.note(OfferedLoadText.targetNote(r));
        t.note(OfferedLoadText.LOOP_NOTE);
        t.note("n: measured phase-4 runs at that rate. p50, p99, p99.9 and peak RSS: medians over the runs that have them."
                + " A rate at which no run was measured has no row (the capacity table names it).");
        if (d.offeredLoad().stream().anyMatch(p -> p.n() < minN)) {
            t.note("small n: fewer than min_n = " + minN + " measured runs at that rate: median only, no CI.");
        }
        return t.note(TableText.ciNote(r))
                .note(TableText.MIB_NOTE)
                .note(Rounding.note(List.of(Quantity.RPS, Quantity.LATENCY_MS, Quantity.MIB), source))
                .note(TableText.sourceNote("offered_load.csv"))
                .build();
    }
}
