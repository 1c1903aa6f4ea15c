package dev.tpm.collect.campaign;

import dev.tpm.codec.RunCsv;
import dev.tpm.model.Endpoints;
import dev.tpm.model.RunRow;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a resumed campaign rebuilds from the files it wrote: the main queue's runs recorded earlier,
 * phase 4's and (outside rounds) phase 5's rows for their own queues, the memory series written,
 * the last seq, and the delete rates seen. A torn last line is cut first; a resumed {@code auto}
 * campaign stopped in the middle of a DELETE table's growth finishes its rewrite.
 */
final class ResumeState {
    final List<RunRow> phase4Rows = new ArrayList<>();
    final List<RunRow> phase5Rows = new ArrayList<>();
    long maxSeq;
    int rows;
    int series;

    private ResumeState() {}

    /**
     * @param queue the main queue, told of every run recorded earlier of its phases
     * @param table the DELETE table that may have grown, or null
     */
    static ResumeState read(CampaignFolder folder, List<PlannedRun> plan, Set<String> stackIds, RunQueue queue,
            boolean phase5InMain, DeleteTable table, RunMeasurement measurement, PrintStream log) throws IOException {
        ResumeState s = new ResumeState();
        Map<Long, String> seqs = new HashMap<>(); // seq is unique within the campaign, across phases
        for (int phase : CampaignFolder.RUN_FILE_PHASES) {
            Path csv = folder.csv(phase);
            long cut = RunCsv.truncateTornTail(csv);
            if (cut > 0) log.println("collect: " + csv + ": cut a torn last line (" + cut + " bytes) left by an interrupted run");
            if (!Files.exists(csv) || Files.size(csv) == 0) continue;
            if (table != null && phase != 4) table.finishRewrite(csv, phase, stackIds);
            for (RunRow r : CampaignFolder.readForResume(folder.dataDir(), csv, phase, stackIds, seqs)) {
                if (phase == 4) s.phase4Rows.add(r);
                else if (phase == 5 && !phase5InMain) s.phase5Rows.add(r);
                else queue.recordEarlier(new PlannedRun.Group(phase, r.stack(), r.endpoint(), r.concurrency(), r.warmup()), r.run(),
                        r.ok(), r.round(), DeleteTableGrowth.superseded(r));
                s.maxSeq = Math.max(s.maxSeq, r.seq());
                s.rows++;
                if (r.endpoint().equals(Endpoints.DELETE_ITEM) && r.seededRows() != null && r.requests() != null) {
                    measurement.deleteRows().observed(r.stack(), r.seededRows().intValue(), r.requests(), r.durationS(), false);
                }
            }
        }
        Path phase3 = folder.dir().resolve(CampaignFolder.PHASE3_DIR);
        if (Files.isDirectory(phase3)) {
            List<String> names;
            try (var files = Files.list(phase3)) {
                names = files.map(p -> p.getFileName().toString()).toList();
            }
            for (PlannedRun r : plan) {
                if (r.phase() == 3 && names.contains(MemorySeriesFile.fileName(r.stack(), r.endpoint(), r.run()))) {
                    queue.recordEarlier(r.group(), r.run(), true);
                    s.series++;
                }
            }
        }
        CampaignLock.removeOrphanLoadgen(folder.dir().resolve(CampaignFolder.LOADGEN_DIR), s.maxSeq);
        if (s.rows > 0 || s.series > 0) {
            log.println("collect: resuming " + folder.dir() + ": " + s.rows + " rows and " + s.series + " memory series kept, next seq "
                    + (s.maxSeq + 1));
        }
        return s;
    }
}
