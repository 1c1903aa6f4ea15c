package dev.tpm.tables;

import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import dev.tpm.results.Quantity;
import java.util.List;

/**
 * Efficiency (new): peak PSS, CPU cores used and requests per CPU-second per endpoint and stack,
 * where collected; descriptive only.
 */
public final class EfficiencyTable extends PerEndpointTable {
    @Override
    public String name() {
        return "efficiency";
    }

    @Override
    List<Metric> metrics() {
        return List.of(new Metric(Metrics.PEAK_PSS_MIB, "peak PSS", Quantity.MIB),
                new Metric(Metrics.CPU_CORES, "CPU", Quantity.CPU_CORES),
                new Metric(Metrics.RPS_PER_CPU_S, "requests per CPU-second", Quantity.RPS_PER_CPU_S));
    }

    @Override
    String caption(DeviceResults d) {
        return TableText.caption("Efficiency (new; no paper table)",
                "peak PSS, CPU cores used and requests per CPU-second per endpoint and stack", d);
    }

    @Override
    List<String> notes(Results r) {
        return List.of("Peak PSS: proportional set size of the server's process tree, shared pages divided among the"
                        + " processes that share them, so a multi-worker stack is not counted once per worker as summed"
                        + " RSS counts it. CPU: cpu_s / duration_s of the server's process tree (1 = one core busy)."
                        + " Requests per CPU-second: requests / cpu_s. Descriptive only: no test, no aggregate.",
                TableText.MIB_NOTE);
    }
}
