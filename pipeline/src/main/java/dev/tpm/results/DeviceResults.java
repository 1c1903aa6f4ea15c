package dev.tpm.results;

import dev.tpm.model.Device;
import dev.tpm.model.MemorySeries;
import java.util.List;

/**
 * Every result of one device. Lists are sorted as their tidy CSV is (outputs.md).
 *
 * @param stacks the stacks of this device that have measured runs, in stack order
 * @param campaigns the campaign ids pooled into this device, in id order
 * @param declaredMix name of the first mix of mixes.csv
 * @param paretoFrontier stacks not dominated on (lower w_peak_mib, higher w_rps) under the declared
 *     mix, in stack order
 * @param memorySeries the device's phase-3 series, for the memory figure
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
        List<String> paretoFrontier) {

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
}
