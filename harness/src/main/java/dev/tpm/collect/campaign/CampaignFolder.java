package dev.tpm.collect.campaign;

import dev.tpm.codec.Problems;
import dev.tpm.codec.RunCsv;
import dev.tpm.codec.Sha256Sums;
import dev.tpm.model.RunRow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A campaign's folder, {@code data/raw/<campaign>/} (data.md): the names of its files, and its run
 * files read back for a resume with ingest's own reader.
 */
public final class CampaignFolder {
    public static final String CAMPAIGN_JSON = "campaign.json";
    public static final String PHASE1_CSV = "phase1.csv";
    public static final String PHASE2_CSV = "phase2.csv";
    public static final String PHASE3_DIR = "phase3";
    public static final String PHASE4_CSV = "phase4.csv";
    public static final String PHASE5_CSV = "phase5.csv";
    public static final String LOADGEN_DIR = "loadgen";
    static final String CHILDREN_FILE = CampaignLock.CHILDREN_FILE;
    /** The phases with a run file (phase 3 writes one file per series). */
    static final int[] RUN_FILE_PHASES = {1, 2, 4, 5};

    private final Path dataDir;
    private final Path dir;

    CampaignFolder(Path dataDir, String campaign) {
        this.dataDir = dataDir;
        this.dir = dataDir.resolve("raw").resolve(campaign);
    }

    Path dir() {
        return dir;
    }

    Path dataDir() {
        return dataDir;
    }

    /** The run file of a phase with one. */
    Path csv(int phase) {
        return dir.resolve(csvName(phase));
    }

    /** The rows of a phase's run file; none when it is absent or empty. */
    List<RunRow> rows(int phase, Set<String> stacks) throws IOException {
        Path csv = csv(phase);
        return Files.exists(csv) && Files.size(csv) > 0 ? readForResume(dataDir, csv, phase, stacks, new HashMap<>()) : List.of();
    }

    /** At the end: a run file that holds only its header (no run of that phase made) is removed. */
    void removeHeaderOnlyRunFiles() throws IOException {
        for (int phase : RUN_FILE_PHASES) {
            Path csv = csv(phase);
            if (Files.exists(csv) && Files.readString(csv, StandardCharsets.UTF_8).strip().indexOf('\n') < 0) Files.delete(csv);
        }
    }

    /**
     * The rows of a run file this harness wrote, read back for a resume with ingest's own reader
     * (the contract's {@link RunCsv}): a row ingest would reject stops the resume with ingest's
     * message, naming the file relative to data/, the line and the column.
     *
     * @param stacks the campaign's stack ids (campaign.json's), or null not to check them
     * @param seqs seq values of the campaign's files read so far (phase 2 continues phase 1)
     */
    public static List<RunRow> readForResume(Path dataDir, Path csv, int phase, Set<String> stacks,
            Map<Long, String> seqs) throws IOException {
        Problems problems = new Problems();
        String shown = Sha256Sums.relative(dataDir, csv);
        List<RunCsv.Line> lines = RunCsv.read(csv, shown, phase, stacks, seqs, problems, w -> {});
        if (!problems.isEmpty()) {
            throw new IOException(problems.all().stream().map(Object::toString).collect(Collectors.joining("\n")));
        }
        List<RunRow> rows = new ArrayList<>();
        for (RunCsv.Line l : lines) rows.add(l.row());
        return rows;
    }

    static String csvName(int phase) {
        return switch (phase) {
            case 1 -> PHASE1_CSV;
            case 2 -> PHASE2_CSV;
            case 4 -> PHASE4_CSV;
            case 5 -> PHASE5_CSV;
            default -> throw new IllegalArgumentException("phase " + phase + " has no run file");
        };
    }
}
