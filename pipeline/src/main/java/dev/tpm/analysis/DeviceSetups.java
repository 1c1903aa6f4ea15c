package dev.tpm.analysis;

import dev.tpm.model.Campaign;
import dev.tpm.model.Protocol;
import dev.tpm.model.RunRecord;
import dev.tpm.results.DeviceSetup;
import dev.tpm.results.DeviceSetup.CampaignSetup;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What else differs between devices' campaigns (outputs.md: a table that compares units or
 * devices states it): each paper campaign's preset, DELETE table size, kernel, CPU, dates and
 * whether it recorded steal, from campaign.json and its rows; and the device's requests per server
 * CPU-second over its measured phase-1 runs.
 */
final class DeviceSetups {
    /** A date at the start of a campaign id (yyyy-mm-dd), the fallback of a campaign without started_at. */
    private static final Pattern ID_DATE = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2})");

    private DeviceSetups() {}

    /**
     * @param campaigns the device's paper campaigns that count, in id order
     * @param rows every row of every phase file of those campaigns (for dates and steal_s)
     * @param measured1 the device's measured phase-1 runs (analysis.md 1)
     */
    static DeviceSetup of(String device, List<Campaign> campaigns, List<RunRecord> rows, List<RunRow> measured1,
            Comparator<String> stackOrder) {
        Map<String, List<RunRecord>> byCampaign = new TreeMap<>();
        for (RunRecord r : rows) byCampaign.computeIfAbsent(r.campaign(), k -> new ArrayList<>()).add(r);
        List<CampaignSetup> setups = new ArrayList<>();
        for (Campaign c : campaigns) setups.add(campaign(c, byCampaign.getOrDefault(c.id(), List.of())));
        Map<String, double[]> sums = new TreeMap<>(stackOrder);
        for (RunRow r : measured1) {
            // both recorded and a positive CPU time: a run without cpu_s says nothing of its efficiency
            if (!(r.cpuS() > 0) || !Double.isFinite(r.requests())) continue;
            double[] s = sums.computeIfAbsent(r.stack(), k -> new double[2]);
            s[0] += r.requests();
            s[1] += r.cpuS();
        }
        Map<String, Double> perStack = new LinkedHashMap<>();
        sums.forEach((stack, s) -> perStack.put(stack, s[0] / s[1]));
        return new DeviceSetup(device, setups, perStack);
    }

    static CampaignSetup campaign(Campaign c, List<RunRecord> rows) {
        Protocol p = c.protocol();
        String preset = p == null || p.preset() == null ? "" : p.preset();
        String delete = "";
        if (p != null && p.seedRowsDelete() != null) {
            delete = p.seedRowsDelete().auto() ? Protocol.DeleteRows.AUTO : String.valueOf(p.seedRowsDelete().rows());
        }
        String kernel = c.device().kernel() != null && !c.device().kernel().isBlank() ? c.device().kernel()
                : c.machine() != null && c.machine().kernel() != null && !c.machine().kernel().isBlank()
                        ? c.machine().kernel().trim().split("\\s+")[0] : "";
        String cpuId = c.machine() == null || c.machine().cpuId() == null ? "" : c.machine().cpuId();
        String first = null;
        String last = null;
        boolean steal = false;
        for (RunRecord r : rows) {
            String at = r.row().startedAt();
            String day = utcDate(at);
            if (day != null) {
                if (first == null || day.compareTo(first) < 0) first = day;
                if (last == null || day.compareTo(last) > 0) last = day;
            }
            steal |= !Double.isNaN(r.row().stealS());
        }
        if (first == null) {
            Matcher m = ID_DATE.matcher(c.id());
            first = m.find() ? m.group(1) : "";
            last = first;
        }
        return new CampaignSetup(c.id(), preset, delete, kernel, cpuId, first, last, steal);
    }

    /** The UTC date of an ISO-8601 instant (data.md's started_at); null when absent or unreadable. */
    static String utcDate(String at) {
        if (at == null || at.isBlank()) return null;
        try {
            return java.time.OffsetDateTime.parse(at).atZoneSameInstant(java.time.ZoneOffset.UTC).toLocalDate().toString();
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }
}
