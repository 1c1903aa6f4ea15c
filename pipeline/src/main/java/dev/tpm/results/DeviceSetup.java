package dev.tpm.results;

import java.util.List;
import java.util.Map;

/**
 * What else differs between devices' campaigns, besides the device itself (outputs.md: every
 * table that compares units or devices states it): read from each paper campaign's campaign.json
 * and its rows, never from prose.
 *
 * @param device the device id
 * @param campaigns the device's paper campaigns that count, in id order
 * @param requestsPerCpuS per stack (stack order): sum of requests / sum of cpu_s over the device's
 *     measured phase-1 runs that record both (analysis.md 1); a stack without such a run is absent
 */
public record DeviceSetup(String device, List<CampaignSetup> campaigns, Map<String, Double> requestsPerCpuS) {

    public DeviceSetup {
        campaigns = List.copyOf(campaigns);
        requestsPerCpuS = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(requestsPerCpuS));
    }

    /**
     * One campaign's setup as recorded.
     *
     * @param preset protocol.preset; empty when not recorded
     * @param seedRowsDelete protocol.seed_rows_delete as recorded (a number of rows, or {@code auto}); empty when not recorded
     * @param kernel device.kernel, else the release (first word) of machine.kernel; empty when neither is recorded
     * @param cpuId machine.cpu_id; empty when not recorded
     * @param firstDate the UTC date of its earliest row's started_at (any phase), else the date its id begins with; empty without either
     * @param lastDate the UTC date of its latest row's started_at, else firstDate
     * @param stealRecorded whether any of its rows (any phase) records steal_s
     */
    public record CampaignSetup(String id, String preset, String seedRowsDelete, String kernel, String cpuId,
            String firstDate, String lastDate, boolean stealRecorded) {}
}
