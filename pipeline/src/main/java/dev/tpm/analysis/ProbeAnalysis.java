package dev.tpm.analysis;

import dev.tpm.model.ProbeRow;
import dev.tpm.results.MachineProbe;
import dev.tpm.stats.Quantiles;
import java.util.Comparator;
import java.util.List;

/** analysis.md 9, version 6: the machine over a session, from a campaign's probe.csv rows. */
final class ProbeAnalysis {
    private ProbeAnalysis() {}

    /** The campaign's probe from its rows (any order; read in probe_seq order); NONE for no rows. */
    static MachineProbe of(List<ProbeRow> rows, double tolerance) {
        if (rows.isEmpty()) return MachineProbe.NONE;
        List<ProbeRow> sorted = rows.stream().sorted(Comparator.comparingLong(ProbeRow::probeSeq)).toList();
        double[] cpu = values(sorted, ProbeRow.CPU);
        double[] memory = values(sorted, ProbeRow.MEMORY);
        double drift = cpu.length < 2 ? Double.NaN : cpu[cpu.length - 1] / cpu[0];
        return new MachineProbe(median(cpu), median(memory), drift, Double.isNaN(drift) ? null : Math.abs(drift - 1) > tolerance,
                cpu.length, sorted);
    }

    /** The values of one test, in probe_seq order. */
    static double[] values(List<ProbeRow> sorted, String test) {
        return sorted.stream().filter(r -> r.test().equals(test)).mapToDouble(ProbeRow::value).toArray();
    }

    private static double median(double[] v) {
        return v.length == 0 ? Double.NaN : Quantiles.median(v);
    }

    /** Seconds since the epoch of an ISO-8601 time (Z or an offset); NaN when it does not parse. */
    static double epochS(String iso) {
        if (iso == null) return Double.NaN;
        try {
            java.time.Instant t = java.time.OffsetDateTime.parse(iso).toInstant();
            return t.getEpochSecond() + t.getNano() / 1e9;
        } catch (java.time.format.DateTimeParseException e) {
            return Double.NaN;
        }
    }

    /**
     * A device's probe samples and round starts: times in seconds from each campaign's first
     * started_at, of a run (any phase) or a probe.
     *
     * @param runs the runs of every phase of the device's campaigns
     */
    static java.util.Map.Entry<List<dev.tpm.results.ProbeSample>, List<dev.tpm.results.RoundStart>> session(String device,
            List<String> campaigns, List<ProbeRow> probes, List<dev.tpm.model.RunRecord> runs) {
        List<dev.tpm.results.ProbeSample> samples = new java.util.ArrayList<>();
        List<dev.tpm.results.RoundStart> rounds = new java.util.ArrayList<>();
        for (String c : campaigns) {
            List<ProbeRow> mine = probes.stream().filter(p -> p.campaign().equals(c))
                    .sorted(Comparator.comparingLong(ProbeRow::probeSeq)).toList();
            List<dev.tpm.model.RunRecord> ofCampaign = runs.stream().filter(r -> r.campaign().equals(c)).toList();
            double origin = java.util.stream.Stream.concat(mine.stream().map(ProbeRow::startedAt),
                    ofCampaign.stream().map(r -> r.row().startedAt())).mapToDouble(ProbeAnalysis::epochS)
                    .filter(x -> !Double.isNaN(x)).min().orElse(Double.NaN);
            for (ProbeRow p : mine) samples.add(new dev.tpm.results.ProbeSample(device, p, epochS(p.startedAt()) - origin));
            if (mine.isEmpty()) continue;
            java.util.TreeMap<Integer, Double> first = new java.util.TreeMap<>();
            for (dev.tpm.model.RunRecord r : ofCampaign) {
                Integer round = r.row().round();
                double t = epochS(r.row().startedAt());
                if (round == null || Double.isNaN(t)) continue;
                first.merge(round, t, Math::min);
            }
            first.forEach((round, t) -> {
                if (round > 1) rounds.add(new dev.tpm.results.RoundStart(c, round, t - origin));
            });
        }
        return java.util.Map.entry(samples, rounds);
    }
}
