package dev.tpm.results;

import dev.tpm.model.Device;
import dev.tpm.model.MemorySeries;
import java.util.List;

/**
 * Every result of one device (paper campaigns: analysis.md 1-7). Lists are sorted as their tidy
 * CSV is (outputs.md). Built by {@link Builder}.
 *
 * @param stacks the stacks of this device that have measured runs, in stack order
 * @param listedStacks every stack in the stacks lists of this device's paper campaigns, in stack
 *     order (each has its row in weighted.csv, with its reason when it has no value)
 * @param campaigns the campaign ids pooled into this device, in id order
 * @param declaredMix name of the first mix of mixes.csv
 * @param paretoFrontier stacks not dominated on (lower w_peak_mib, higher w_rps) under the declared
 *     mix, in stack order; a stack without both values is never on it
 * @param memorySeries the device's phase-3 series, for the memory figure
 * @param testsLeftOut stacks with fewer than min_n measured runs on an endpoint, left out of its tests
 * @param ratios ratios.csv's rows of this device: the pooled and sweep metrics (empty mix) first,
 *     then each mix in code-point order, metrics in analysis.md 4's order, stacks in stack order
 * @param drift the stability diagnostics of analysis.md 9 (drift.csv, the drift table and figure)
 * @param offeredLoad analysis.md 10: one row per (stack, endpoint, offered_rps) of measured phase-4 runs
 * @param capacity analysis.md 10: one row per (stack, endpoint) of {@code offeredLoad}
 * @param steadyStats analysis.md 12: group_stats' columns over measured phase-5 runs (steady_stats.csv)
 * @param warmCold analysis.md 12: each (stack, endpoint) with measured runs in phases 1 and 5
 * @param stealSensitivity analysis.md 4 (version 5): each mix and listed stack's w_rps and
 *     w_rps_per_mib with and without the phase-1 runs excluded for steal; empty when none was
 * @param probes version 6: every probe.csv row of the device's campaigns, in (campaign, probe_seq) order
 * @param roundStarts version 6: where each round of the device's campaigns in rounds began (the probe figure)
 * @param topology where and how the device's campaigns ran (cores, pinning, load generator, window,
 *     runs, host saturation), for the report's opening and the replication table's caption
 */
public record DeviceResults(
        Device device,
        List<String> campaigns,
        List<String> stacks,
        String declaredMix,
        List<GroupStat> groupStats,
        List<GroupSample> samples,
        List<Omnibus> omnibus,
        List<Posthoc> posthoc,
        PosthocSummary posthocSummary,
        List<Weighted> weighted,
        List<Sensitivity> sensitivity,
        List<StackPooled> stackPooled,
        List<SweepPoint> sweep,
        List<SweepSummary> sweepSummary,
        List<MemorySummary> memory,
        List<MemorySeries> memorySeries,
        List<Exclusion> exclusions,
        List<RunCount> runCounts,
        List<Implication> implications,
        List<String> paretoFrontier,
        List<String> listedStacks,
        List<TestLeftOut> testsLeftOut,
        List<Ratio> ratios,
        Drift drift,
        List<OfferedLoad> offeredLoad,
        List<Capacity> capacity,
        Topology topology,
        List<GroupStat> steadyStats,
        List<WarmCold> warmCold,
        List<StealSensitivity> stealSensitivity,
        List<ProbeSample> probes,
        List<RoundStart> roundStarts) {

    public DeviceResults {
        probes = List.copyOf(probes);
        roundStarts = List.copyOf(roundStarts);
        if (topology == null) topology = Topology.unknown(device.id());
        steadyStats = List.copyOf(steadyStats);
        warmCold = List.copyOf(warmCold);
        stealSensitivity = List.copyOf(stealSensitivity);
    }

    public String id() {
        return device.id();
    }

    /**
     * Where the data comes from, for captions and figure subtitles, e.g. "x86-vm-2c (campaign
     * 2026-11-29-x86-vm-2c-pilot): not a Raspberry Pi 5"; the last part is left out on a device whose
     * model names the paper's Raspberry Pi 5.
     */
    public String source() {
        String s = id() + " (" + (campaigns.size() == 1 ? "campaign " : "campaigns ") + String.join(", ", campaigns) + ")";
        return isPi5(device) ? s : s + ": not a Raspberry Pi 5";
    }

    /** True when the device's model names a Raspberry Pi 5, the paper's device. */
    public static boolean isPi5(Device device) {
        String model = device.model() == null ? "" : device.model().toLowerCase(java.util.Locale.ROOT);
        return model.contains("raspberry pi 5");
    }

    /** The declared mix's row of each listed stack, in stack order. */
    public List<Weighted> declaredWeighted() {
        return weighted.stream().filter(w -> w.mix().equals(declaredMix)).toList();
    }

    /** The rows of ratios.csv for one mix ("" for the pooled and sweep metrics) and metric, in stack order. */
    public List<Ratio> ratios(String mix, String metric) {
        return ratios.stream().filter(x -> x.mix().equals(mix) && x.metric().equals(metric)).toList();
    }

    /** A copy with the device's topology (known once loadgen_summary's host columns are). */
    public DeviceResults withTopology(Topology topology) {
        return toBuilder().topology(topology).build();
    }

    /** A copy with other implications (they are computed from the rest of the results). */
    public DeviceResults withImplications(List<Implication> implications) {
        return toBuilder().implications(implications).build();
    }

    public Builder toBuilder() {
        return new Builder(device).campaigns(campaigns).stacks(stacks).listedStacks(listedStacks).declaredMix(declaredMix)
                .groupStats(groupStats).samples(samples).omnibus(omnibus).posthoc(posthoc).posthocSummary(posthocSummary)
                .weighted(weighted).sensitivity(sensitivity).stackPooled(stackPooled).sweep(sweep)
                .sweepSummary(sweepSummary).memory(memory).memorySeries(memorySeries).exclusions(exclusions)
                .runCounts(runCounts).implications(implications).paretoFrontier(paretoFrontier).testsLeftOut(testsLeftOut)
                .ratios(ratios).drift(drift).offeredLoad(offeredLoad).capacity(capacity).topology(topology)
                .steadyStats(steadyStats).warmCold(warmCold).stealSensitivity(stealSensitivity).probes(probes)
                .roundStarts(roundStarts);
    }

    public static Builder builder(Device device) {
        return new Builder(device);
    }

    /** Assembles a {@link DeviceResults}; every list not set is empty. */
    public static final class Builder {
        private final Device device;
        private List<String> campaigns = List.of();
        private List<String> stacks = List.of();
        private List<String> listedStacks;
        private String declaredMix = "";
        private List<GroupStat> groupStats = List.of();
        private List<GroupSample> samples = List.of();
        private List<Omnibus> omnibus = List.of();
        private List<Posthoc> posthoc = List.of();
        private PosthocSummary posthocSummary;
        private List<Weighted> weighted = List.of();
        private List<Sensitivity> sensitivity = List.of();
        private List<StackPooled> stackPooled = List.of();
        private List<SweepPoint> sweep = List.of();
        private List<SweepSummary> sweepSummary = List.of();
        private List<MemorySummary> memory = List.of();
        private List<MemorySeries> memorySeries = List.of();
        private List<Exclusion> exclusions = List.of();
        private List<RunCount> runCounts = List.of();
        private List<Implication> implications = List.of();
        private List<String> paretoFrontier = List.of();
        private List<TestLeftOut> testsLeftOut = List.of();
        private List<Ratio> ratios = List.of();
        private Drift drift = Drift.NONE;
        private List<OfferedLoad> offeredLoad = List.of();
        private List<Capacity> capacity = List.of();
        private Topology topology;
        private List<GroupStat> steadyStats = List.of();
        private List<WarmCold> warmCold = List.of();
        private List<StealSensitivity> stealSensitivity = List.of();
        private List<ProbeSample> probes = List.of();
        private List<RoundStart> roundStarts = List.of();

        private Builder(Device device) {
            this.device = device;
        }

        public Builder campaigns(List<String> v) { campaigns = List.copyOf(v); return this; }
        public Builder stacks(List<String> v) { stacks = List.copyOf(v); return this; }
        public Builder listedStacks(List<String> v) { listedStacks = List.copyOf(v); return this; }
        public Builder declaredMix(String v) { declaredMix = v; return this; }
        public Builder groupStats(List<GroupStat> v) { groupStats = List.copyOf(v); return this; }
        public Builder samples(List<GroupSample> v) { samples = List.copyOf(v); return this; }
        public Builder omnibus(List<Omnibus> v) { omnibus = List.copyOf(v); return this; }
        public Builder posthoc(List<Posthoc> v) { posthoc = List.copyOf(v); return this; }
        public Builder posthocSummary(PosthocSummary v) { posthocSummary = v; return this; }
        public Builder weighted(List<Weighted> v) { weighted = List.copyOf(v); return this; }
        public Builder sensitivity(List<Sensitivity> v) { sensitivity = List.copyOf(v); return this; }
        public Builder stackPooled(List<StackPooled> v) { stackPooled = List.copyOf(v); return this; }
        public Builder sweep(List<SweepPoint> v) { sweep = List.copyOf(v); return this; }
        public Builder sweepSummary(List<SweepSummary> v) { sweepSummary = List.copyOf(v); return this; }
        public Builder memory(List<MemorySummary> v) { memory = List.copyOf(v); return this; }
        public Builder memorySeries(List<MemorySeries> v) { memorySeries = List.copyOf(v); return this; }
        public Builder exclusions(List<Exclusion> v) { exclusions = List.copyOf(v); return this; }
        public Builder runCounts(List<RunCount> v) { runCounts = List.copyOf(v); return this; }
        public Builder implications(List<Implication> v) { implications = List.copyOf(v); return this; }
        public Builder paretoFrontier(List<String> v) { paretoFrontier = List.copyOf(v); return this; }
        public Builder testsLeftOut(List<TestLeftOut> v) { testsLeftOut = List.copyOf(v); return this; }
        public Builder ratios(List<Ratio> v) { ratios = List.copyOf(v); return this; }
        public Builder drift(Drift v) { drift = v; return this; }
        public Builder offeredLoad(List<OfferedLoad> v) { offeredLoad = List.copyOf(v); return this; }
        public Builder capacity(List<Capacity> v) { capacity = List.copyOf(v); return this; }
        public Builder topology(Topology v) { topology = v; return this; }
        public Builder steadyStats(List<GroupStat> v) { steadyStats = List.copyOf(v); return this; }
        public Builder warmCold(List<WarmCold> v) { warmCold = List.copyOf(v); return this; }
        public Builder stealSensitivity(List<StealSensitivity> v) { stealSensitivity = List.copyOf(v); return this; }
        public Builder probes(List<ProbeSample> v) { probes = List.copyOf(v); return this; }
        public Builder roundStarts(List<RoundStart> v) { roundStarts = List.copyOf(v); return this; }

        public DeviceResults build() {
            PosthocSummary summary = posthocSummary != null ? posthocSummary : PosthocSummary.empty(device.id());
            return new DeviceResults(device, campaigns, stacks, declaredMix, groupStats, samples, omnibus, posthoc, summary,
                    weighted, sensitivity, stackPooled, sweep, sweepSummary, memory, memorySeries, exclusions, runCounts,
                    implications, paretoFrontier, listedStacks != null ? listedStacks : stacks, testsLeftOut, ratios,
                    drift, offeredLoad, capacity, topology, steadyStats, warmCold, stealSensitivity, probes, roundStarts);
        }
    }
}
