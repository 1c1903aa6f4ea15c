package dev.tpm.collect.importer;

import static dev.tpm.model.RunColumns.*;

import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.CsvText;
import dev.tpm.codec.RunCsv;
import dev.tpm.codec.Sha256Sums;
import dev.tpm.collect.loadgen.LoadResult;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.LoadGeneratorInfo;
import dev.tpm.model.Protocol;
import dev.tpm.model.RunRow;
import dev.tpm.model.RunStatus;
import dev.tpm.model.StackInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code tpm import} (studies.md "Importing saved outputs"): saved load-generator outputs named by
 * runs.csv become the campaign {@code data/raw/<id>/}: campaign.json (load_generator.imported
 * true, the study; a {@link Campaign} written by the contract's {@link CampaignJson}), phase1.csv
 * (one row per output, seq in runs.csv order), and every output kept as {@code loadgen/<seq>.txt}
 * or {@code .json}; the new files are added to SHA256SUMS. Every output is read before anything
 * is written; the campaign folder appears whole (written beside, then renamed) or not at all.
 */
public final class CampaignImport {
    /** campaign.json's {@code protocol.preset} of an imported campaign. */
    public static final String PRESET = "imported";

    /**
     * What to import.
     *
     * @param device campaign.json's device (at least an id; {@code CampaignJson.parseDevice} reads one)
     * @param stacks campaign.json's stacks ({@code CampaignJson.parseStacks}), or null: then one with
     *     just an id per stack of runs.csv
     * @param loadgenVersion the tool's version, or null when not known
     * @param loadgenHost {@code same} or {@code separate}, or null when not known
     */
    public record Request(Path data, String campaign, String study, Device device, List<StackInfo> stacks, Path runsCsv,
            String loadgenVersion, String loadgenHost) {}

    /** What was written. */
    public record Outcome(Path folder, List<String> rows, String tool, int failed) {}

    private CampaignImport() {}

    public static Outcome run(Request q) throws IOException {
        if (!q.campaign().matches("[A-Za-z0-9][A-Za-z0-9._+-]*")) {
            throw new IOException("--campaign: expected letters, digits, '.', '_', '+', '-', found '" + q.campaign() + "'");
        }
        if (q.study() == null || !q.study().matches("[a-z0-9][a-z0-9_-]*")) {
            throw new IOException("--study: expected an id such as hello-blog, app-servers or node-pi, found '" + q.study() + "'");
        }
        String id = q.device() == null ? null : q.device().id();
        if (id == null || !id.matches("[A-Za-z0-9][A-Za-z0-9._+-]*")) {
            throw new IOException("device: $.id: expected a device id of letters, digits, '.', '_', '+', '-', found "
                    + (id == null ? "null" : "\"" + id + "\""));
        }
        Path folder = q.data().resolve("raw").resolve(q.campaign());
        if (Files.exists(folder)) throw new IOException(folder + ": expected a new campaign, found an existing folder");

        List<SavedRun> runs = RunsFile.read(q.runsCsv());
        List<SavedReport> reports = new ArrayList<>();
        TreeSet<String> tools = new TreeSet<>();
        for (SavedRun r : runs) {
            String text = Files.readString(r.file(), StandardCharsets.UTF_8);
            SavedReport rep = SavedReport.read(text, r.file().toString());
            reports.add(rep);
            tools.add(rep.tool());
        }
        if (tools.size() > 1) {
            throw new IOException(q.runsCsv() + ": expected the outputs of one load generator (campaign.json has one), found " + tools);
        }
        String tool = tools.first();
        Set<String> stackIds = new LinkedHashSet<>();
        for (SavedRun r : runs) stackIds.add(r.stack());
        List<StackInfo> stacks = stacks(q, stackIds);

        Map<Integer, List<RunRow>> byPhase = new java.util.TreeMap<>();
        List<String> lines = new ArrayList<>();
        int failed = 0;
        for (int i = 0; i < runs.size(); i++) {
            RunRow row = row(i + 1, runs.get(i), reports.get(i));
            if (!row.ok()) failed++;
            byPhase.computeIfAbsent(Integer.parseInt(runs.get(i).extra().getOrDefault(RunsFile.PHASE, "1")),
                    k -> new ArrayList<>()).add(row);
            lines.add(CsvText.line(RunCsv.cells(row)).stripTrailing());
        }

        LoadGeneratorInfo lg = new LoadGeneratorInfo(tool, q.loadgenVersion(), null, q.loadgenHost(), null, null, null, true,
                Map.of());
        Protocol protocol = Protocol.builder().preset(PRESET)
                .runs(runs.stream().filter(r -> !r.warmup()).mapToInt(SavedRun::run).max().orElse(0))
                .warmups(runs.stream().filter(SavedRun::warmup).mapToInt(SavedRun::run).max().orElse(0))
                .build();
        Campaign campaign = Campaign.of(q.campaign(), q.study(), q.device(), lg, protocol, stacks);

        Path raw = q.data().resolve("raw");
        Files.createDirectories(raw);
        Path tmp = raw.resolve("." + q.campaign() + ".importing");
        deleteTree(tmp);
        try {
            Files.createDirectories(tmp.resolve("loadgen"));
            CampaignJson.write(tmp.resolve(CampaignJson.FILE_NAME), campaign);
            // each row in the file of its phase (version 4: phase1.csv may be absent when another phase has rows)
            for (var e : byPhase.entrySet()) {
                Files.writeString(tmp.resolve("phase" + e.getKey() + ".csv"), RunCsv.text(e.getValue()), StandardCharsets.UTF_8);
            }
            for (int i = 0; i < runs.size(); i++) {
                Files.copy(runs.get(i).file(), tmp.resolve("loadgen").resolve((i + 1) + "." + reports.get(i).extension()));
            }
            try {
                Files.move(tmp, folder, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, folder);
            }
        } catch (IOException e) {
            deleteTree(tmp);
            throw e;
        }
        try {
            Sha256Sums.addFiles(q.data(), "raw/" + q.campaign());
        } catch (IOException e) {
            deleteTree(folder);
            throw e;
        }
        return new Outcome(folder, lines, tool, failed);
    }

    /** campaign.json's stacks: the given ones (covering every stack of runs.csv) or one with just an id each. */
    private static List<StackInfo> stacks(Request q, Set<String> used) throws IOException {
        if (q.stacks() == null) {
            List<StackInfo> ids = new ArrayList<>();
            for (String s : used) ids.add(new StackInfo(s, null, null, null, null));
            return ids;
        }
        Set<String> listed = new LinkedHashSet<>();
        for (int i = 0; i < q.stacks().size(); i++) {
            String id = q.stacks().get(i).id();
            if (id == null) throw new IOException("stacks: $[" + i + "].id: expected a stack id, found null");
            listed.add(id);
        }
        for (String s : used) {
            if (!listed.contains(s)) throw new IOException("stacks: $: expected an entry for stack '" + s + "' of runs.csv, found " + listed);
        }
        return q.stacks();
    }

    /** The phase-1 row of one output: the tool's values, runs.csv's key and optional columns. */
    static RunRow row(long seq, SavedRun run, SavedReport report) {
        LoadResult r = report.result();
        Map<String, String> x = run.extra();
        RunRow.Builder b = new RunRow.Builder(seq, run.stack(), run.endpoint(), run.concurrency(), run.threads(), run.run(),
                run.warmup());
        b.startedAt = x.getOrDefault(STARTED_AT, report.startedAt());
        b.durationS = r.durationS();
        b.requests = r.requests();
        b.errorsConnect = r.errorsConnect();
        b.errorsRead = r.errorsRead();
        b.errorsWrite = r.errorsWrite();
        b.errorsTimeout = r.errorsTimeout();
        b.non2xx = r.non2xx();
        b.rps = r.rps();
        b.latMeanMs = r.latMeanMs();
        b.latP50Ms = r.latP50Ms();
        b.latP75Ms = r.latP75Ms();
        b.latP90Ms = r.latP90Ms();
        b.latP99Ms = r.latP99Ms();
        b.latMaxMs = r.latMaxMs();
        b.latP999Ms = r.latP999Ms(); // every percentile the tool printed (oha's p99.9)
        b.offeredRps = decimal(x.get(OFFERED_RPS));
        b.priorLoadS = decimal(x.get(PRIOR_LOAD_S));
        b.stealS = decimal(x.get(STEAL_S));
        b.peakCgroupKib = integer(x.get(PEAK_CGROUP_KIB));
        b.latencyCorrected = x.containsKey(LATENCY_CORRECTED) ? "1".equals(x.get(LATENCY_CORRECTED)) : null;
        b.startupMs = decimal(x.get(STARTUP_MS));
        b.idleRssKib = integer(x.get(IDLE_RSS_KIB));
        b.peakRssKib = integer(x.get(PEAK_RSS_KIB));
        b.idlePssKib = integer(x.get(IDLE_PSS_KIB));
        b.peakPssKib = integer(x.get(PEAK_PSS_KIB));
        b.cpuS = decimal(x.get(CPU_S));
        b.energyJ = decimal(x.get(ENERGY_J));
        b.meanPowerW = decimal(x.get(MEAN_POWER_W));
        b.throttled = x.get(THROTTLED);
        b.loadgenCpuS = decimal(x.get(LOADGEN_CPU_S));
        b.seededRows = integer(x.get(SEEDED_ROWS));
        b.tempMaxC = decimal(x.get(TEMP_MAX_C));
        b.freqMinMhz = decimal(x.get(FREQ_MIN_MHZ));
        boolean complete = r.requests() > 0 && !Double.isNaN(r.durationS()) && !Double.isNaN(r.rps())
                && !Double.isNaN(r.latP50Ms()) && !Double.isNaN(r.latP99Ms());
        b.status = complete ? RunStatus.OK : RunStatus.FAILED;
        b.note = x.get(NOTE);
        if (!complete) {
            String why = "imported: no response measured (" + r.requests() + " requests, socket errors connect "
                    + r.errorsConnect() + ", read " + r.errorsRead() + ", write " + r.errorsWrite() + ", timeout "
                    + r.errorsTimeout() + ")";
            b.note = b.note == null ? why : b.note + "; " + why;
        }
        return b.build();
    }

    private static double decimal(String s) {
        return s == null ? Double.NaN : Double.parseDouble(s);
    }

    private static Long integer(String s) {
        return s == null ? null : Long.parseLong(s);
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (var s = Files.walk(p)) {
            for (Path x : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(x);
        }
    }
}
