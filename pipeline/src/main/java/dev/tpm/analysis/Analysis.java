package dev.tpm.analysis;

import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.MemorySeries;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.MemoryCheckpoint;
import dev.tpm.results.Results;
import dev.tpm.results.Verification;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

/**
 * Dataset to Results (analysis.md). Campaigns in {@code exclude_campaigns} are dropped before
 * anything else: their runs, series, stacks and artifact sizes take no part. Sections 1-7 read the
 * campaigns of the {@code paper} study only; loadgen_summary.csv (section 8) and the memory
 * checkpoints read every study. Devices are the
 * device ids of the remaining campaigns, in id order. Every bootstrap of every device runs in one
 * parallel pass; results do not depend on the thread count.
 */
public final class Analysis {
    private final int threads;
    private final Random submissionOrder;

    /** @param threads worker threads for the bootstrap (PipelineContext.threads()) */
    public Analysis(int threads) {
        this(threads, null);
    }

    /** For tests: bootstrap jobs are started in an order shuffled by this generator. */
    Analysis(int threads, Random submissionOrder) {
        if (threads < 1) throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        this.threads = threads;
        this.submissionOrder = submissionOrder;
    }

    public Results analyze(Dataset dataset, Verification verification) {
        AnalysisConfig cfg = dataset.config();
        if (dataset.mixes().isEmpty()) {
            throw new IllegalArgumentException(dataset.dataDir().resolve("config/mixes.csv") + ": expected at least one mix, found none");
        }
        Set<String> excluded = new HashSet<>(cfg.excludeCampaigns());
        List<Campaign> counted = new ArrayList<>(dataset.campaigns().stream().filter(c -> !excluded.contains(c.id())).toList());
        counted.sort(Comparator.comparing(Campaign::id));
        // analysis.md: only paper campaigns enter sections 1-7; section 8 and the memory checkpoints take every study
        List<Campaign> campaigns = counted.stream().filter(Campaign::isPaper).toList();
        StackOrder order = StackOrder.of(campaigns);
        StackOrder everyStudy = StackOrder.of(counted);

        Map<String, String> studyOfCampaign = new LinkedHashMap<>();
        Map<String, StealCpus> cpusOfCampaign = new LinkedHashMap<>();
        for (Campaign c : counted) {
            studyOfCampaign.put(c.id(), c.studyId());
            cpusOfCampaign.put(c.id(), StealCpus.of(c));
        }
        RunRules rules = RunRules.of(cfg);
        Map<String, List<Campaign>> byDevice = new TreeMap<>();
        for (Campaign c : campaigns) byDevice.computeIfAbsent(c.device().id(), k -> new ArrayList<>()).add(c);
        List<RunRow> rows = new ArrayList<>(RunRow.read(dataset.phase1(), studyOfCampaign, cpusOfCampaign));
        rows.addAll(RunRow.read(dataset.phase2(), studyOfCampaign, cpusOfCampaign));
        rows.removeIf(r -> !studyOfCampaign.containsKey(r.campaign()));
        // phase 4 (analysis.md 10) stays apart: never in loadgen_summary, never pooled with phase 1
        List<OfferedLoadAnalysis.Run> offered = new ArrayList<>(OfferedLoadAnalysis.read(dataset.phase4(), studyOfCampaign, cpusOfCampaign));
        offered.removeIf(r -> !studyOfCampaign.containsKey(r.row().campaign()));
        // phase 5 (analysis.md 12) stays apart too: its own groups, beside phase 1's cold starts
        List<RunRow> steady = new ArrayList<>(RunRow.read(dataset.phase5(), studyOfCampaign, cpusOfCampaign));
        steady.removeIf(r -> !studyOfCampaign.containsKey(r.campaign()));

        BootstrapPlan plan = new BootstrapPlan(cfg.rngSeed(), cfg.bootstrapResamples(), cfg.confidence());
        List<DeviceAnalysis> analyses = new ArrayList<>();
        for (Map.Entry<String, List<Campaign>> e : byDevice.entrySet()) {
            String device = e.getKey();
            List<String> ids = e.getValue().stream().map(Campaign::id).toList();
            Set<String> idSet = new HashSet<>(ids);
            List<RunRow> deviceRows = rows.stream().filter(r -> idSet.contains(r.campaign())).toList();
            List<MemorySeries> series = dataset.phase3().stream().filter(s -> idSet.contains(s.campaign())).toList();
            Set<String> listedSet = new HashSet<>();
            for (Campaign c : e.getValue()) c.stacks().forEach(s -> listedSet.add(s.id()));
            List<String> listed = order.stacks().stream().filter(listedSet::contains).toList();
            analyses.add(DeviceAnalysis.plan(new DeviceAnalysis.Inputs(device, e.getValue().get(0).device(), ids, cfg,
                    dataset.mixes(), order, listed, deviceRows, series,
                    offered.stream().filter(r -> idSet.contains(r.row().campaign())).toList(),
                    steady.stream().filter(r -> idSet.contains(r.campaign())).toList(), StackOrder.of(e.getValue())), plan));
        }
        Map<String, BootstrapPlan.Handle> studyGroups = LoadgenSummaries.planStudyGroups(rows, rules, cfg.minN(), plan);
        plan.run(threads, submissionOrder);
        Map<String, double[]> studyReplicates = new TreeMap<>();
        studyGroups.forEach((k, h) -> studyReplicates.put(k, plan.replicates(h)));
        dev.tpm.results.GroupReplicates groupReplicates = new dev.tpm.results.GroupReplicates(studyReplicates, reps -> {
            dev.tpm.stats.Interval ci = plan.interval(reps);
            return new double[] {ci.lo(), ci.hi()};
        }, cfg.minN());
        List<dev.tpm.results.LoadgenSummary> summaries =
                LoadgenSummaries.of(rows, rules, everyStudy.comparator(), sameHostCores(counted));
        List<DeviceResults> finished = analyses.stream().map(a -> a.results(plan)).toList();
        List<dev.tpm.results.Unit> units = units(dataset, analyses, finished, byDevice, order);
        List<dev.tpm.model.RunRecord> everyRun = new ArrayList<>(dataset.phase1());
        everyRun.addAll(dataset.phase2());
        everyRun.addAll(dataset.phase4());
        everyRun.addAll(dataset.phase5());
        List<DeviceResults> devices = finished.stream().map(d -> {
            // version 6: the device's probes and its rounds' starts, for the probe table and figure
            var session = ProbeAnalysis.session(d.id(), d.campaigns(), dataset.probes(), everyRun);
            return d.toBuilder().topology(Topologies.of(d.device(), byDevice.get(d.id()), summaries)).probes(session.getKey())
                    .roundStarts(session.getValue()).build();
        }).toList();
        // the seed studies' published values go to their own replication table (studies.md)
        List<dev.tpm.model.PublishedValue> paperPublished = dev.tpm.model.Studies.published(dataset.published(), dev.tpm.model.Studies.PAPER);
        Comparability comparability = new Comparability(dataset.setups(), byDevice,
                measuredCampaigns(rows, offered, dataset.phase3(), rules), order.comparator());
        return new Results(Handover.facts(dataset, summaries, groupReplicates), verification, order.stacks(), devices,
                Replications.rows(devices, paperPublished, order, comparability),
                Replications.taus(devices, paperPublished, comparability),
                summaries, checkpoints(dataset, counted, cfg, everyStudy),
                SessionAnalysis.of(counted, everyPhase(rows, offered, steady), rules, cfg.alpha(), dataset.probes(),
                        cfg.probeTolerance()), units, groupReplicates,
                studyVerdicts(dataset, counted, comparability), setups(dataset, analyses, finished, byDevice, order));
    }

    /** Per device, what else differs between its campaigns and other devices' (the units and devices tables). */
    private static List<dev.tpm.results.DeviceSetup> setups(Dataset dataset, List<DeviceAnalysis> analyses,
            List<DeviceResults> finished, Map<String, List<Campaign>> byDevice, StackOrder order) {
        List<dev.tpm.model.RunRecord> rows = new ArrayList<>(dataset.phase1());
        rows.addAll(dataset.phase2());
        rows.addAll(dataset.phase4());
        rows.addAll(dataset.phase5());
        List<dev.tpm.results.DeviceSetup> out = new ArrayList<>();
        for (int i = 0; i < analyses.size(); i++) {
            String device = finished.get(i).id();
            List<Campaign> campaigns = byDevice.getOrDefault(device, List.of());
            Set<String> ids = new HashSet<>(campaigns.stream().map(Campaign::id).toList());
            out.add(DeviceSetups.of(device, campaigns, rows.stream().filter(r -> ids.contains(r.campaign())).toList(),
                    analyses.get(i).measured1(), order.comparator()));
        }
        return out;
    }

    /**
     * analysis.md 7 for the seed studies: each published value of a study beside each device with
     * campaigns of it, judged on that device's campaigns of the study.
     */
    private static List<dev.tpm.results.StudyVerdict> studyVerdicts(Dataset dataset, List<Campaign> counted,
            Comparability comparability) {
        Map<String, Map<String, List<Campaign>>> byStudy = new TreeMap<>();
        for (Campaign c : counted) {
            if (c.isPaper()) continue;
            byStudy.computeIfAbsent(c.studyId(), k -> new TreeMap<>()).computeIfAbsent(c.device().id(), k -> new ArrayList<>()).add(c);
        }
        List<dev.tpm.results.StudyVerdict> out = new ArrayList<>();
        for (Map.Entry<String, Map<String, List<Campaign>>> s : byStudy.entrySet()) {
            List<dev.tpm.model.PublishedValue> published = dev.tpm.model.Studies.published(dataset.published(), s.getKey());
            for (Map.Entry<String, List<Campaign>> d : s.getValue().entrySet()) {
                for (dev.tpm.model.PublishedValue p : published) {
                    Comparability.Verdict v = comparability.ofStudy(d.getValue(), p);
                    out.add(new dev.tpm.results.StudyVerdict(d.getKey(), p, v.comparable(), v.differs()));
                }
            }
        }
        return out;
    }

    /**
     * analysis.md 11: every model with at least min_units units (devices with paper campaigns that
     * count), by model id; each unit's values are its device's, its hardware the machine.cpu_id its
     * campaigns record (data.md: one per device; the first recorded, campaigns in id order).
     */
    private static List<dev.tpm.results.Unit> units(Dataset dataset, List<DeviceAnalysis> analyses, List<DeviceResults> finished,
            Map<String, List<Campaign>> byDevice, StackOrder order) {
        AnalysisConfig cfg = dataset.config();
        Map<String, Map<String, List<UnitsAnalysis.UnitValue>>> byModel = new TreeMap<>();
        Map<String, String> cpuIds = new TreeMap<>();
        for (int i = 0; i < analyses.size(); i++) {
            String device = finished.get(i).id();
            byModel.computeIfAbsent(dataset.modelOf(device), k -> new TreeMap<>())
                    .put(device, DeviceAnalysis.unitValues(finished.get(i)));
            for (Campaign c : byDevice.getOrDefault(device, List.of())) {
                if (c.machine() != null && c.machine().cpuId() != null && !c.machine().cpuId().isEmpty()) {
                    cpuIds.putIfAbsent(device, c.machine().cpuId());
                }
            }
        }
        UnitsAnalysis.Settings settings = new UnitsAnalysis.Settings(cfg.confidence(), cfg.minUnitsCi(), cfg.probeTolerance());
        // analysis.md 11, version 6: a unit's probe_cpu, the median cpu value over its paper campaigns' probe.csv rows
        Map<String, Double> probeCpu = new TreeMap<>();
        byDevice.forEach((device, campaigns) -> {
            Set<String> ids = new HashSet<>(campaigns.stream().map(Campaign::id).toList());
            double[] cpu = dataset.probes().stream().filter(p -> ids.contains(p.campaign()) && p.test().equals(dev.tpm.model.ProbeRow.CPU))
                    .mapToDouble(dev.tpm.model.ProbeRow::value).toArray();
            if (cpu.length > 0) probeCpu.put(device, dev.tpm.stats.Quantiles.median(cpu));
        });
        List<dev.tpm.results.Unit> out = new ArrayList<>();
        for (Map.Entry<String, Map<String, List<UnitsAnalysis.UnitValue>>> e : byModel.entrySet()) {
            if (e.getValue().size() < Math.max(2, cfg.minUnits())) continue; // a model with one unit has no rows
            out.addAll(UnitsAnalysis.of(e.getKey(), e.getValue(), cpuIds, probeCpu, settings, order.comparator()));
        }
        return out;
    }

    /**
     * device.cores of each campaign whose load generator ran on the device ({@code
     * load_generator.host} = {@code same}), for loadgen_summary's host_busy (analysis.md 8); a
     * campaign without device.cores has no host columns.
     */
    static Map<String, Integer> sameHostCores(List<Campaign> campaigns) {
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Campaign c : campaigns) {
            boolean same = c.loadGenerator() != null && c.loadGenerator().sameHost();
            if (same && c.device().cores() != null) out.put(c.id(), c.device().cores());
        }
        return out;
    }

    /** Per phase (1, 2, 3, 4), the campaigns with measured rows of it (phase 3: with a series), for comparability. */
    private static Map<Integer, Set<String>> measuredCampaigns(List<RunRow> rows, List<OfferedLoadAnalysis.Run> offered,
            List<MemorySeries> series, RunRules rules) {
        Map<Integer, Set<String>> out = new TreeMap<>();
        for (RunRow r : rows) {
            if (rules.measured(r)) out.computeIfAbsent(r.phase(), k -> new HashSet<>()).add(r.campaign());
        }
        for (OfferedLoadAnalysis.Run r : offered) {
            if (rules.measured(r.row())) out.computeIfAbsent(4, k -> new HashSet<>()).add(r.row().campaign());
        }
        for (MemorySeries s : series) out.computeIfAbsent(3, k -> new HashSet<>()).add(s.campaign());
        return out;
    }

    /** The rows of phases 1, 2, 4 and 5 together (sessions, analysis.md 9 version 5). */
    private static List<RunRow> everyPhase(List<RunRow> rows, List<OfferedLoadAnalysis.Run> offered, List<RunRow> steady) {
        List<RunRow> out = new ArrayList<>(rows);
        out.addAll(OfferedLoadAnalysis.rows(offered));
        out.addAll(steady);
        return out;
    }

    /** memory_checkpoints.csv: every series of every counted campaign, per device (id order). */
    private static List<MemoryCheckpoint> checkpoints(Dataset dataset, List<Campaign> counted, AnalysisConfig cfg, StackOrder order) {
        Map<String, List<String>> campaignsOf = new TreeMap<>();
        for (Campaign c : counted) campaignsOf.computeIfAbsent(c.device().id(), k -> new ArrayList<>()).add(c.id());
        List<MemoryCheckpoint> out = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : campaignsOf.entrySet()) {
            Set<String> ids = new HashSet<>(e.getValue());
            List<MemorySeries> series = dataset.phase3().stream().filter(s -> ids.contains(s.campaign())).toList();
            out.addAll(MemoryAnalysis.checkpoints(e.getKey(), series, cfg, order.comparator()));
        }
        return out;
    }
}
