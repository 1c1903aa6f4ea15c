package dev.tpm.ingest;

import dev.tpm.codec.AnalysisJson;
import dev.tpm.codec.BadInputException;
import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.CsvFile;
import dev.tpm.codec.FileHashes;
import dev.tpm.codec.MemorySeriesJson;
import dev.tpm.codec.MixesCsv;
import dev.tpm.codec.ProbeCsv;
import dev.tpm.codec.Problem;
import dev.tpm.codec.Problems;
import dev.tpm.codec.PublishedCsv;
import dev.tpm.codec.RunCsv;
import dev.tpm.codec.Sha256Sums;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.model.MemorySeries;
import dev.tpm.model.Mix;
import dev.tpm.model.PublishedValue;
import dev.tpm.model.RunRecord;
import dev.tpm.model.InventoryEntry;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads a data folder into a {@link Dataset}, exactly as spec/data.md describes it, checking every
 * rule on the way. All problems of the whole folder are collected in one pass and thrown together
 * as a {@link BadInputException}; nothing is returned unless the folder is clean.
 *
 * <pre>{@code
 * Dataset d = Ingest.read(Path.of("data"));            // warnings to stderr
 * Dataset d = Ingest.read(dataDir, log::println);      // warnings elsewhere
 * }</pre>
 */
public final class Ingest {
    static final String MIXES = "config/mixes.csv";
    static final String PUBLISHED = "reference/published.csv";
    static final String SETUP = "reference/setup.json";
    /** The phases whose runs are rows of a CSV (phase 3's are JSON series), in the order they are read. */
    private static final int[] RUN_PHASES = {1, 2, 4, 5};

    private Ingest() {}

    /** Reads {@code dataDir}; warnings (unknown columns) go to stderr. */
    public static Dataset read(Path dataDir) throws BadInputException {
        return read(dataDir, System.err::println);
    }

    /** Reads {@code dataDir}; each warning is one line handed to {@code warn}. */
    public static Dataset read(Path dataDir, Consumer<String> warn) throws BadInputException {
        Problems problems = new Problems();
        Dataset d = read(dataDir, warn, problems);
        problems.throwIfAny();
        return d;
    }

    /**
     * Reads {@code dataDir}, adding every problem to {@code problems} (so that a caller can add the
     * manifest's problems to the same report). Returns null when any problem was found.
     */
    public static Dataset read(Path dataDir, Consumer<String> warn, Problems problems) {
        return read(dataDir, warn, problems, new FileHashes());
    }

    /**
     * As {@link #read(Path, Consumer, Problems)}, the inventory's hashes from {@code hashes}, the
     * run's one hash of each file (verification checks SHA256SUMS with the same).
     */
    public static Dataset read(Path dataDir, Consumer<String> warn, Problems problems, FileHashes hashes) {
        int before = problems.size();
        if (!Files.isDirectory(dataDir)) {
            problems.atFile(dataDir.toString(), "a data folder (spec/data.md)", "no such folder");
            return null;
        }
        AnalysisConfig config = AnalysisJson.read(dataDir, problems);
        List<Mix> mixes = MixesCsv.read(dataDir.resolve(MIXES), MIXES, problems, warn);
        List<PublishedValue> published = published(dataDir, problems, warn);
        List<dev.tpm.model.SourceSetup> setups = dev.tpm.codec.SetupJson.read(dataDir.resolve(SETUP), SETUP, problems);

        List<Campaign> campaigns = new ArrayList<>();
        List<RunRecord> phase1 = new ArrayList<>();
        List<RunRecord> phase2 = new ArrayList<>();
        List<RunRecord> phase4 = new ArrayList<>();
        List<RunRecord> phase5 = new ArrayList<>();
        List<MemorySeries> phase3 = new ArrayList<>();
        List<dev.tpm.model.ProbeRow> probes = new ArrayList<>();
        Map<Integer, List<RunRecord>> runs = Map.of(1, phase1, 2, phase2, 4, phase4, 5, phase5);
        List<String> folders = campaignFolders(dataDir, problems);
        // data rows of each run file read, for the inventory: when the folder is clean (the only
        // case in which the inventory is used) every data record of the file is one row read
        Map<String, Long> runRows = new HashMap<>();
        for (String folder : folders) {
            CampaignJson.Read c = CampaignJson.read(dataDir, folder, problems);
            if (c.campaign() != null) campaigns.add(c.campaign());
            String campaignId = folder;
            Map<Long, String> seqs = new HashMap<>();
            String base = "raw/" + folder + "/";
            // phases 2, 4 and 5 continue the numbering of the phases before them: one map for the files
            boolean phase1File = true;
            int rowsRead = 0;
            boolean rounds = RoundRules.inRounds(c.campaign());
            Map<Object, Long> measuredInRound = new HashMap<>();
            for (int phase : RUN_PHASES) {
                String file = base + "phase" + phase + ".csv";
                if (!Files.isRegularFile(dataDir.resolve(file))) {
                    if (phase == 1) phase1File = false;
                    continue;
                }
                List<RunCsv.Line> rows = RunCsv.read(dataDir.resolve(file), file, phase, c.isPaper(), c.stackIds(), seqs,
                        problems, warn);
                if (rows == null) continue;
                // data.md v5: round on every row of a campaign in rounds, on none of another; one measured run per group and round
                if (c.campaign() != null) RoundRules.check(file, phase, rounds, rows, measuredInRound, problems);
                for (var r : rows) runs.get(phase).add(new RunRecord(campaignId, c.deviceId(), phase, r.line(), r.row()));
                runRows.put(file, (long) rows.size());
                rowsRead += rows.size();
            }
            // data.md version 6: probe.csv, checked against the campaign's runs and protocol.probe
            String probeFile = base + ProbeCsv.FILE_NAME;
            if (Files.isRegularFile(dataDir.resolve(probeFile))) {
                long maxSeq = seqs.keySet().stream().mapToLong(Long::longValue).max().orElse(-1);
                boolean hasProbe = c.campaign() != null && c.campaign().protocol() != null && c.campaign().protocol().probe() != null;
                List<ProbeCsv.Line> lines = ProbeCsv.read(dataDir.resolve(probeFile), probeFile, folder,
                        c.campaign() == null ? -1 : maxSeq, hasProbe, problems);
                lines.stream().map(ProbeCsv.Line::row).sorted(Comparator.comparingLong(dev.tpm.model.ProbeRow::probeSeq))
                        .forEach(probes::add);
            }
            boolean series = false;
            Path p3 = dataDir.resolve(base + "phase3");
            if (Files.isDirectory(p3)) {
                Map<String, String> seen = new HashMap<>();
                for (String name : sortedNames(p3, problems, base + "phase3")) {
                    String file = base + "phase3/" + name;
                    if (!Files.isRegularFile(p3.resolve(name))) continue;
                    if (!name.endsWith(".json")) {
                        warn.accept("warning: " + file + ": ignoring a file that is not a .json series");
                        continue;
                    }
                    MemorySeries s = MemorySeriesJson.read(dataDir, file, campaignId, c.deviceId(), c.stackIds(),
                            seen, problems);
                    if (s != null) phase3.add(s);
                    series = true;
                }
            }
            // data.md v4: phase1.csv may be absent when another phase file has rows or a series exists
            if (!phase1File && rowsRead == 0 && !series) {
                problems.atFile(base + "phase1.csv",
                        "the campaign's phase-1 runs, or rows in another phase file or a phase-3 series (spec/data.md)",
                        "no such file");
            }
        }
        deviceModels(config, campaigns, problems);
        RoundRules.cpuIds(campaigns, problems);
        for (int i = 0; i < config.excludeCampaigns().size(); i++) {
            String ex = config.excludeCampaigns().get(i);
            if (!folders.contains(ex)) {
                problems.atJson(AnalysisJson.FILE, AnalysisJson.excludePath(i),
                        "a campaign folder under raw/ (" + String.join(", ", folders) + ")", Problem.quote(ex));
            }
        }
        List<InventoryEntry> inventory = inventory(dataDir, problems, hashes, runRows);
        if (problems.size() > before) return null;
        return new Dataset(dataDir, config, mixes, campaigns, table(phase1), table(phase2),
                phase3, published, inventory, table(phase4), table(phase5), setups, probes);
    }

    /**
     * data.md v4: the campaigns of one device record one model_id or none; analysis.json's
     * device_models names only devices that exist.
     */
    private static void deviceModels(AnalysisConfig config, List<Campaign> campaigns, Problems problems) {
        Map<String, Campaign> modelOf = new HashMap<>();
        for (Campaign c : campaigns) {
            if (c.modelId() == null) continue;
            Campaign first = modelOf.putIfAbsent(c.device().id(), c);
            if (first != null && !first.modelId().equals(c.modelId())) {
                problems.atJson("raw/" + c.folder() + "/campaign.json", "$.device.model_id",
                        "the model id of device " + c.device().id() + " in its other campaigns ('" + first.modelId()
                                + "' in " + first.id() + "): a device is a unit of one model",
                        Problem.quote(c.modelId()));
            }
        }
        java.util.Set<String> devices = new java.util.TreeSet<>();
        for (Campaign c : campaigns) devices.add(c.device().id());
        for (String device : config.deviceModels().keySet()) {
            if (!devices.contains(device)) {
                problems.atJson(AnalysisJson.FILE, AnalysisJson.deviceModelPath(device),
                        "the id of a device of some campaign (" + String.join(", ", devices) + ")", Problem.quote(device));
            }
        }
    }

    private static List<String> campaignFolders(Path dataDir, Problems problems) {
        Path raw = dataDir.resolve("raw");
        if (!Files.isDirectory(raw)) {
            problems.atFile("raw/", "a folder with one folder per campaign", "no such folder");
            return List.of();
        }
        List<String> folders = new ArrayList<>();
        for (String name : sortedNames(raw, problems, "raw")) {
            if (Files.isDirectory(raw.resolve(name))) folders.add(name);
        }
        if (folders.isEmpty()) problems.atFile("raw/", "at least one campaign folder", "none");
        return folders;
    }

    private static List<String> sortedNames(Path dir, Problems problems, String shown) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) names.add(p.getFileName().toString());
        } catch (IOException e) {
            problems.atFile(shown, "a readable folder", e.getMessage());
        }
        names.sort(null);
        return names;
    }

    private static List<PublishedValue> published(Path dataDir, Problems problems, Consumer<String> warn) {
        return PublishedCsv.read(dataDir.resolve(PUBLISHED), PUBLISHED, problems, warn);
    }

    /**
     * One entry per file SHA256SUMS lists and data/ holds, by path; hashes are of the bytes on disk.
     * A CSV's rows are its data records: the run files' from {@code runRows} (read once, above),
     * any other CSV's counted here.
     */
    private static List<InventoryEntry> inventory(Path dataDir, Problems problems, FileHashes hashes,
            Map<String, Long> runRows) {
        List<InventoryEntry> out = new ArrayList<>();
        List<Sha256Sums.Entry> entries;
        try {
            entries = Sha256Sums.entries(dataDir);
        } catch (IOException e) {
            return out; // the verifier reports an unreadable manifest
        }
        for (Sha256Sums.Entry e : entries) {
            Path p = dataDir.resolve(e.path());
            if (!Files.isRegularFile(p)) continue;
            try {
                Long rows = runRows.get(e.path());
                if (rows == null && e.path().endsWith(".csv")) {
                    Problems ignored = new Problems(); // the file's own reader reports its problems
                    String text = CsvFile.readUtf8(p, e.path(), ignored);
                    CsvFile csv = text == null ? null : CsvFile.parse(text, e.path(), ignored);
                    rows = csv == null ? null : (long) csv.dataRecords();
                }
                out.add(new InventoryEntry(e.path(), hashes.of(p), Files.size(p), rows));
            } catch (IOException | java.io.UncheckedIOException ex) {
                problems.atFile(e.path(), "a readable file", ex.getMessage());
            }
        }
        out.sort(Comparator.comparing(InventoryEntry::path));
        return out;
    }

    /** The run rows with where they came from, in (campaign, seq) order. */
    private static List<RunRecord> table(List<RunRecord> records) {
        List<RunRecord> sorted = new ArrayList<>(records);
        sorted.sort(Comparator.comparing(RunRecord::campaign).thenComparingLong(r -> r.row().seq()));
        return sorted;
    }
}
