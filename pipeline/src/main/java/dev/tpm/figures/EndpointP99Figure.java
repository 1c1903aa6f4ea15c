package dev.tpm.figures;

import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;

/** p99 latency of each measured phase-1 run, per endpoint and stack (DeviceResults.samples, metric lat_p99_ms). */
public final class EndpointP99Figure implements FigureBuilder {
    public static final String NAME = "endpoint_p99";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return EndpointBoxes.endpoints(device, Metrics.LAT_P99_MS).isEmpty() ? "no measured phase-1 runs" : null;
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device, "p99 latency per endpoint, phase 1 (paper: endpoint results)");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return EndpointBoxes.caption("99th-percentile latency", EndpointBoxes.logAxis(device, Metrics.LAT_P99_MS));
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        return EndpointBoxes.build(results, device, theme, NAME, Metrics.LAT_P99_MS, title(results, device), "p99 latency (ms)",
                caption(results, device));
    }
}
