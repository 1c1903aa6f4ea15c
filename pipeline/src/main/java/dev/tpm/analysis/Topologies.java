package dev.tpm.analysis;

import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.Protocol;
import dev.tpm.results.LoadGenerator;
import dev.tpm.results.LoadgenSummary;
import dev.tpm.results.Topology;
import dev.tpm.results.Topology.Setup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A device's {@link Topology}: where and how its paper campaigns ran (outputs.md "Report"). */
final class Topologies {
    private Topologies() {}

    /**
     * A device's topology from its paper campaigns (campaign.json's protocol.server_cpus, or the
     * older protocol.pinning.server_cpus; load_generator and its cpus, or
     * protocol.pinning.load_generator_cpus; protocol.runs, warmups, duration_s, concurrency) and
     * its paper rows of loadgen_summary.csv (host_busy, saturated_runs).
     */
    static Topology of(Device device, List<Campaign> campaigns, List<LoadgenSummary> summaries) {
        Map<List<Object>, Setup> byKey = new LinkedHashMap<>();
        for (Campaign c : campaigns.stream().sorted(Comparator.comparing(Campaign::id)).toList()) {
            Protocol p = c.protocol() == null ? Protocol.builder().build() : c.protocol();
            LoadGenerator lg = LoadGenerator.of(c.loadGenerator());
            String serverCpus = p.serverCpus();
            if (serverCpus == null && p.pinning() != null) serverCpus = p.pinning().serverCpus();
            String lgCpus = lg.cpus() != null ? lg.cpus() : p.pinning() == null ? null : p.pinning().loadGeneratorCpus();
            Setup s = new Setup(List.of(c.id()), serverCpus, lg, lgCpus, p.runs(), p.warmups(), p.durationS(),
                    p.singleConcurrency());
            Setup seen = byKey.get(key(s));
            if (seen == null) {
                byKey.put(key(s), s);
            } else {
                List<String> ids = new ArrayList<>(seen.campaigns());
                ids.add(c.id());
                byKey.put(key(s), new Setup(ids, seen.serverCpus(), seen.loadGenerator(), seen.loadGeneratorCpus(), seen.runs(),
                        seen.warmups(), seen.windowS(), seen.concurrency()));
            }
        }
        int hostRuns = 0;
        int saturated = 0;
        double busiest = Double.NaN;
        for (LoadgenSummary x : summaries) {
            if (!x.device().equals(device.id()) || !x.study().equals(Campaign.PAPER) || Double.isNaN(x.hostBusy())) continue;
            hostRuns += x.n();
            saturated += x.saturatedRuns() == null ? 0 : x.saturatedRuns();
            busiest = Double.isNaN(busiest) ? x.hostBusy() : Math.max(busiest, x.hostBusy());
        }
        return new Topology(device.id(), device.cores(), List.copyOf(byKey.values()), hostRuns, saturated, busiest);
    }

    /** Everything but the campaign ids: campaigns with the same key ran the same way. */
    private static List<Object> key(Setup s) {
        return Arrays.asList(s.serverCpus(), s.loadGenerator().tool(), s.loadGenerator().version(), s.loadGenerator().host(),
                s.loadGeneratorCpus(), s.runs(), s.warmups(), s.windowS(), s.concurrency());
    }
}
