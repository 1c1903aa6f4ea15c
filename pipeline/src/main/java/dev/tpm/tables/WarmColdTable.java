package dev.tpm.tables;

import dev.tpm.results.DeviceResults;
import dev.tpm.results.Estimate;
import dev.tpm.results.Results;
import dev.tpm.results.WarmCold;
import dev.tpm.results.Quantity;
import java.util.List;
import java.util.Optional;

/**
 * Warm against cold (new; analysis.md 12): per stack and endpoint with phase 5, phase 1's cold
 * start beside the steady state after prior load in the same process, for rps and p99, with the
 * ratios' intervals.
 */
public final class WarmColdTable implements DeviceTable {
    @Override
    public String name() {
        return "warm_cold";
    }

    @Override
    public Optional<String> lacking(Results r, DeviceResults d) {
        return d.warmCold().isEmpty() ? Optional.of("no (stack, endpoint) with measured runs in both phase 1 and phase 5")
                : Optional.empty();
    }

    /** The stats stage says in one line that phase 5 is absent, or which device lacks it. */
    @Override
    public boolean reportsLacking() {
        return false;
    }

    @Override
    public TableModel build(Results r, DeviceResults d) {
        TableModel.Builder t = TableModel.builder(name(), TableText.caption("Warm against cold (new; no paper table)",
                "per stack and endpoint, the median of phase 1's cold starts beside phase 5's runs measured after prior load in"
                        + " the same server process", d));
        String ci = TableText.ciLabel(r);
        t.text("stack").text("endpoint").number(TableText.withUnit("cold rps", Quantity.RPS))
                .number(TableText.withUnit("warm rps", Quantity.RPS)).number("warm / cold [" + ci + "]")
                .number(TableText.withUnit("cold p99", Quantity.LATENCY_MS)).number(TableText.withUnit("warm p99", Quantity.LATENCY_MS))
                .number("p99 warm / cold [" + ci + "]");
        String previous = null;
        for (WarmCold w : d.warmCold()) {
            if (!w.stack().equals(previous)) t.group();
            previous = w.stack();
            t.row(w.stack(), w.endpoint(), Rounding.value(Quantity.RPS, w.coldRps()), Rounding.value(Quantity.RPS, w.warmRps()),
                    Rounding.ci(Quantity.RATIO, new Estimate(w.warmOverCold(), w.warmOverColdLo(), w.warmOverColdHi())),
                    Rounding.value(Quantity.LATENCY_MS, w.coldP99Ms()), Rounding.value(Quantity.LATENCY_MS, w.warmP99Ms()),
                    Rounding.ci(Quantity.RATIO, new Estimate(w.p99WarmOverCold(), w.p99WarmOverColdLo(), w.p99WarmOverColdHi())));
        }
        return t.note("Phase 1 measures each server's first load (a cold start); phase 5 measures a server that has served"
                        + " the same endpoint and concurrency for prior_load_s first, as a long-running service is. warm / cold"
                        + " above 1 (p99 warm / cold below 1) is what the server gained by serving first: a JIT's compiled"
                        + " code, warmed caches and pools. Intervals: replicate b of phase 5's median bootstrap over replicate b"
                        + " of phase 1's, independent streams; empty when either group has fewer than min_n = "
                        + TableText.config(r).minN() + " runs.")
                .note(Rounding.note(List.of(Quantity.RPS, Quantity.LATENCY_MS, Quantity.RATIO)))
                .note(TableText.sourceNote("warm_cold.csv and steady_stats.csv"))
                .build();
    }
}
