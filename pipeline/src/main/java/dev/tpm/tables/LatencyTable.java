package dev.tpm.tables;

import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.List;

/** Latency (new): p50, p90 and p99 medians [CI] per endpoint and stack at the phase-1 concurrency. */
public final class LatencyTable extends PerEndpointTable {
    @Override
    public String name() {
        return "latency";
    }

    @Override
    List<Metric> metrics() {
        return List.of(new Metric(Metrics.LAT_P50_MS, "p50", Quantity.LATENCY_MS),
                new Metric(Metrics.LAT_P90_MS, "p90", Quantity.LATENCY_MS),
                new Metric(Metrics.LAT_P99_MS, "p99", Quantity.LATENCY_MS));
    }

    @Override
    String caption(DeviceResults d) {
        return TableText.caption("Latency (new; no paper table)",
                "p50, p90 and p99 latency per endpoint and stack at the phase-1 concurrency", d);
    }

    @Override
    List<String> notes(Results r) {
        return List.of("Latency percentiles as the load generator reports them per run; the table gives the median"
                + " over runs of each. p90 is descriptive only (no test, no aggregate).");
    }
}
