package dev.tpm.tables;

import dev.tpm.model.Campaign;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.LatencyResolution;
import dev.tpm.results.LoadGenerator;
import dev.tpm.results.Results;
import java.util.List;

/**
 * The latency resolution behind a paper table's numbers: the coarsest load generator of the
 * device's campaigns (phases 1 and 2: campaign.json's load_generator; phase 4: its
 * protocol.phase4.load_generator), so that no table prints digits its source does not have.
 */
final class LatencySources {
    private LatencySources() {}

    private static List<Campaign> campaigns(Results r, DeviceResults d) {
        return r.facts().campaigns(d.campaigns());
    }

    /** Phases 1 and 2 of the device. */
    static LatencyResolution phases12(Results r, DeviceResults d) {
        return LatencyResolution.coarsest(campaigns(r, d).stream()
                .map(c -> LoadGenerator.of(c.loadGenerator()).latencyResolution()).toList());
    }

    /** Phase 4 of the device (its own load generator, oha by default). */
    static LatencyResolution phase4(Results r, DeviceResults d) {
        return LatencyResolution.coarsest(campaigns(r, d).stream()
                .filter(c -> c.protocol() != null && c.protocol().phase4() != null)
                .map(c -> LoadGenerator.of(c.protocol().phase4().loadGenerator()).latencyResolution()).toList());
    }
}
