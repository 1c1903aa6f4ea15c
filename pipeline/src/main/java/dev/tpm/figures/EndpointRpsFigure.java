package dev.tpm.figures;

import dev.tpm.model.Metrics;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;

/** Throughput of each measured phase-1 run, per endpoint and stack (DeviceResults.samples, metric rps). */
public final class EndpointRpsFigure implements FigureBuilder {
    public static final String NAME = "endpoint_rps";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String missingData(Results results, DeviceResults device) {
        return EndpointBoxes.endpoints(device, Metrics.RPS).isEmpty() ? "no measured phase-1 runs" : null;
    }

    @Override
    public String title(Results results, DeviceResults device) {
        return Layout.title(results, device, "Throughput per endpoint, phase 1 (paper: endpoint results)");
    }

    @Override
    public String caption(Results results, DeviceResults device) {
        return EndpointBoxes.caption("Throughput (requests per second)", EndpointBoxes.logAxis(device, Metrics.RPS));
    }

    @Override
    public Figure build(Results results, DeviceResults device, Theme theme) {
        return EndpointBoxes.build(results, device, theme, NAME, Metrics.RPS, title(results, device), "throughput (req/s)",
                caption(results, device));
    }
}
