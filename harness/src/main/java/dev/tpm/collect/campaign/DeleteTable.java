package dev.tpm.collect.campaign;

import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.Problems;
import dev.tpm.collect.stack.StackSpec;
import dev.tpm.model.Campaign;
import dev.tpm.model.Protocol;
import dev.tpm.model.RunRow;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;

/**
 * The DELETE table of an {@code auto} campaign, and the effects of its growth: it grows for every
 * stack when a run runs out of rows ({@link DeleteTableGrowth} decides by how much); campaign.json
 * records the new size first, then the delete runs kept on the old table are set aside in their
 * files and queued again, so a campaign stopped in between finishes the rewrite when it resumes.
 */
final class DeleteTable {
    private final CampaignOptions o;
    private final CampaignFolder folder;
    private final ServerSide servers;
    private final PrintStream log;
    /** concurrency -> the longest delete run at it */
    private final SortedMap<Integer, Integer> loads;
    private int rows;

    DeleteTable(CampaignOptions o, CampaignFolder folder, ServerSide servers, PrintStream log, int rows,
            SortedMap<Integer, Integer> loads) {
        this.o = o;
        this.folder = folder;
        this.servers = servers;
        this.log = log;
        this.rows = rows;
        this.loads = loads;
    }

    int rows() {
        return rows;
    }

    private int longestRunS() {
        return loads.values().stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /**
     * A resumed campaign stopped between campaign.json's new DELETE table and the rewrite of its
     * rows: the delete runs of {@code csv} kept on an earlier table are set aside now.
     */
    void finishRewrite(Path csv, int phase, Set<String> stackIds) throws IOException {
        List<RunRow> stale = DeleteTableGrowth.rewrite(csv, CampaignFolder.readForResume(o.dataDir(), csv, phase, stackIds,
                new HashMap<>()), rows);
        if (!stale.isEmpty()) log.println("collect: " + csv + ": " + stale.size() + " delete runs kept on an earlier"
                + " DELETE table set aside, to be measured again on the campaign's " + rows + " rows");
    }

    /** After {@code ranOut} ran out of rows: the table grows (unless at its largest) and the stale runs are queued again. */
    void grow(PlannedRun ranOut, RunRow row, RunQueue queue, RunMeasurement measurement) throws IOException {
        int next = DeleteTableGrowth.grown(rows, row.requests(), row.durationS(), longestRunS());
        if (next <= rows) return; // at its largest: a plain discard
        log.println("collect: " + ranOut + " ran out of rows on the campaign's DELETE table of " + rows
                + " rows: the table grows to " + next + " rows for every stack, and the delete runs kept on "
                + rows + " rows are measured again");
        Path campaignJson = folder.dir().resolve(CampaignFolder.CAMPAIGN_JSON);
        Problems problems = new Problems();
        Campaign c = CampaignJson.read(o.dataDir(), o.campaign(), problems).campaign();
        if (c == null || !problems.isEmpty()) throw new IOException(campaignJson + ": cannot be read back to record the new DELETE table");
        Protocol grown = c.protocol().toBuilder().seedRowsDelete(new Protocol.DeleteRows((long) next)).build();
        CampaignJson.write(campaignJson, new Campaign(c.id(), c.folder(), c.study(), c.device(), c.machine(), c.loadGenerator(),
                grown, c.stacks(), c.extra()));
        rows = next;
        measurement.deleteTableRows(next);
        servers.buildSeeded(RunMeasurement.database(o), next);
        Set<String> stackIds = new LinkedHashSet<>(o.stacks().stream().map(StackSpec::id).toList());
        for (int phase : CampaignFolder.RUN_FILE_PHASES) {
            Path csv = folder.csv(phase);
            if (phase == 4 || !Files.exists(csv) || Files.size(csv) == 0) continue;
            for (RunRow s : DeleteTableGrowth.rewrite(csv, CampaignFolder.readForResume(o.dataDir(), csv, phase, stackIds,
                    new HashMap<>()), next)) {
                int durationS = (phase == 5 ? o.preset().protocol().phase5().durationS() : o.preset().protocol().durationS()).intValue();
                queue.supersede(new PlannedRun(phase, s.stack(), s.endpoint(), s.concurrency(), s.run(), false, durationS, Double.NaN,
                        s.round() == null ? 0 : s.round()));
            }
        }
    }
}
