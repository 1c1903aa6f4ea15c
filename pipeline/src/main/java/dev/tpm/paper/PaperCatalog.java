package dev.tpm.paper;

import dev.tpm.analysis.OfferedLoadCsvs;
import dev.tpm.analysis.V4Csvs;
import dev.tpm.analysis.TidyCsvs;
import dev.tpm.catalog.Catalog;
import dev.tpm.catalog.Figure;
import dev.tpm.catalog.Inventory;
import dev.tpm.catalog.Report;
import dev.tpm.catalog.Table;
import dev.tpm.catalog.TidyCsv;
import dev.tpm.figures.DriftFigure;
import dev.tpm.figures.WarmColdFigure;
import dev.tpm.figures.EndpointP99Figure;
import dev.tpm.figures.EndpointRpsFigure;
import dev.tpm.figures.EnergyFigure;
import dev.tpm.figures.HelloBlogFigure;
import dev.tpm.figures.HelloBlogNextFigure;
import dev.tpm.figures.MemoryFigure;
import dev.tpm.figures.NodePiMemoryFigure;
import dev.tpm.figures.OfferedLoadFigure;
import dev.tpm.figures.ParetoFigure;
import dev.tpm.figures.RatioFigure;
import dev.tpm.figures.SensitivityFigure;
import dev.tpm.figures.StartupFigure;
import dev.tpm.figures.SweepFigure;
import dev.tpm.figures.UnitsFigure;
import dev.tpm.model.Studies;
import dev.tpm.pipeline.InventoryStage;
import dev.tpm.report.ReportStage;
import dev.tpm.tables.AppServersTable;
import dev.tpm.tables.UnitsTable;
import dev.tpm.tables.WarmColdTable;
import dev.tpm.tables.CapacityTable;
import dev.tpm.tables.DevicesTable;
import dev.tpm.tables.DriftTable;
import dev.tpm.tables.EfficiencyTable;
import dev.tpm.tables.EndpointsTable;
import dev.tpm.tables.EnergyTable;
import dev.tpm.tables.ExclusionsTable;
import dev.tpm.tables.HelloBlogNextTable;
import dev.tpm.tables.HelloBlogTable;
import dev.tpm.tables.ImplicationsTable;
import dev.tpm.tables.LatencyTable;
import dev.tpm.tables.MemoryTable;
import dev.tpm.tables.MixesTable;
import dev.tpm.tables.NodePiMemoryTable;
import dev.tpm.tables.NodePiTable;
import dev.tpm.tables.OfferedLoadTable;
import dev.tpm.tables.RamTable;
import dev.tpm.tables.RatioTable;
import dev.tpm.tables.RatiosTable;
import dev.tpm.tables.ReplicationTable;
import dev.tpm.tables.SensitivityTable;
import dev.tpm.tables.SessionsTable;
import dev.tpm.tables.StartupTable;
import dev.tpm.tables.StealSensitivityTable;
import dev.tpm.tables.StudyReplicationTable;
import dev.tpm.tables.SweepTable;
import dev.tpm.tables.TestsTable;
import java.util.List;

/**
 * Every artifact {@code make paper} writes, in one place: for each, its kind, the class that builds
 * it and what it reads (components of Results, DeviceResults or Facts). From an output's
 * name to its code: search this file for the name ({@code tables/pi5-a/ram.md} is {@code ram}).
 * The stages run the builders listed here ({@link Stages#ALL}), the report shows them in this
 * order (each figure right after the table it plots), {@code make verify} names the builder of a
 * file that differs, and the end-to-end tests check that a run writes these files and no other.
 */
public final class PaperCatalog {
    public static final Catalog CATALOG = new Catalog(List.of(
            // one device's part of the paper, in report order
            Table.device(new RamTable(), "Table 9 (regenerated)", "stackPooled"),
            Table.device(new EndpointsTable(), "Endpoint results (regenerated)", "groupStats"),
            Figure.device(new EndpointRpsFigure(), "samples", "groupStats"),
            Figure.device(new EndpointP99Figure(), "samples", "groupStats"),
            Table.device(new LatencyTable(), "Latency (new; no paper table)", "groupStats"),
            Table.device(new TestsTable(), "Endpoint tests (regenerated)", "omnibus", "posthoc", "posthocSummary", "testsLeftOut"),
            Table.device(new RatioTable(), "Table 14 (regenerated)", "weighted", "paretoFrontier"),
            Table.device(new RatiosTable(), "Ratios to the best (new)", "ratios"),
            Figure.device(new ParetoFigure(), "weighted", "paretoFrontier"),
            Figure.device(new RatioFigure(), "weighted"),
            Table.device(new StartupTable(), "Table 16 (regenerated)", "stackPooled"),
            Figure.device(new StartupFigure(), "stackPooled"),
            Table.device(new EnergyTable(), "Table 17 (regenerated)", "samples", "weighted"),
            Figure.device(new EnergyFigure(), "weighted"),
            Table.device(new SweepTable(), "Table 19 (regenerated)", "sweep", "sweepSummary"),
            Figure.device(new SweepFigure(), "sweep"),
            Table.device(new MemoryTable(), "Table 20 (regenerated)", "memory", "samples"),
            Figure.device(new MemoryFigure(), "memorySeries"),
            Table.device(new ImplicationsTable(), "Table 21 (regenerated)", "implications"),
            Table.device(new SensitivityTable(), "Table 22 (regenerated)", "weighted", "sensitivity"),
            Figure.device(new SensitivityFigure(), "weighted"),
            Table.device(new EfficiencyTable(), "Efficiency (new; no paper table)", "groupStats"),
            Table.device(new OfferedLoadTable(), "Latency at offered load (new; no paper table)", "offeredLoad"),
            Figure.device(new OfferedLoadFigure(), "offeredLoad"),
            Table.device(new CapacityTable(), "Capacity at the p99 target (new; no paper table)", "capacity"),
            Table.device(new ExclusionsTable(), "Run exclusions (new; no paper table)", "exclusions", "runCounts"),
            Table.device(new StealSensitivityTable(), "Steal sensitivity (new; no paper table)", "stealSensitivity", "exclusions"),
            Table.device(new DriftTable(), "Run-order drift (new; no paper table)", "drift"),
            Figure.device(new DriftFigure(), "drift"),
            Table.device(new WarmColdTable(), "Warm against cold (new; no paper table)", "warmCold"),
            Figure.device(new WarmColdFigure(), "warmCold", "groupStats", "steadyStats"),
            Table.device(new dev.tpm.tables.ProbeTable(), "Probe of the machine (new; no paper table)", "probes"),
            Figure.device(new dev.tpm.figures.ProbeFigure(), "probes", "roundStarts"),
            // across devices, or none
            Table.once(new MixesTable(), "Table 7 (illustrative weights of this package)", "mixes"),
            Table.once(new DevicesTable(), "Devices side by side (new; no paper table)", "devices", "weighted", "stackPooled"),
            Table.once(new ReplicationTable(), "Replication (new; no paper table)", "replication", "replicationTau"),
            Table.once(new SessionsTable(), "Sessions (new; no paper table)", "sessions"),
            Table.once(new UnitsTable(), "Units of one model (new; no paper table)", "units"),
            Figure.once(new UnitsFigure(), "units"),
            // the seed studies (studies.md): each study's own tables and figures, then the replication of its
            // published numbers; each written only when a campaign of its study exists
            Table.once(new HelloBlogTable(), "hello-blog (the wrk blog post's table, seed 001)", "loadgenSummary"),
            Figure.study(new HelloBlogFigure(), "loadgenSummary"),
            Table.once(new StudyReplicationTable(Studies.HELLO_BLOG), "hello-blog beside its published numbers (blog-014, studies.md)", "loadgenSummary", "published"),
            Table.once(new AppServersTable(), "app-servers (costajob/app-servers' results table, seed 002)", "loadgenSummary"),
            Table.once(new StudyReplicationTable(Studies.APP_SERVERS), "app-servers beside its published numbers (costajob/app-servers, studies.md)", "loadgenSummary", "published"),
            Table.once(new HelloBlogNextTable(), "hello-blog-next (seed 001's \"Things we didn't test\")", "loadgenSummary"),
            Figure.study(new HelloBlogNextFigure(), "loadgenSummary"),
            Table.once(new NodePiTable(), "node-pi (the Node.js on Raspberry Pi guide's per-model table, seed 003)", "loadgenSummary"),
            Table.once(new NodePiMemoryTable(), "node-pi memory growth (the guide's \"start / after 1 min / after 5 min\", seed 003)", "memoryCheckpoints"),
            Figure.study(new NodePiMemoryFigure(), "memoryCheckpoints"),
            Table.once(new StudyReplicationTable(Studies.NODE_PI), "node-pi beside its published numbers (node-pi-guide, studies.md)", "loadgenSummary", "memoryCheckpoints", "published"),
            // the tidy CSVs of the stats stage, in outputs.md's order
            new TidyCsv("group_stats", TidyCsvs::groupStats, TidyCsvs.class, List.of("groupStats")),
            new TidyCsv("omnibus", TidyCsvs::omnibus, TidyCsvs.class, List.of("omnibus")),
            new TidyCsv("posthoc", TidyCsvs::posthoc, TidyCsvs.class, List.of("posthoc")),
            new TidyCsv("posthoc_summary", TidyCsvs::posthocSummary, TidyCsvs.class, List.of("posthocSummary")),
            new TidyCsv("weighted", TidyCsvs::weighted, TidyCsvs.class, List.of("weighted")),
            new TidyCsv("sensitivity", TidyCsvs::sensitivity, TidyCsvs.class, List.of("sensitivity")),
            new TidyCsv("ratios", TidyCsvs::ratios, TidyCsvs.class, List.of("ratios")),
            new TidyCsv("stack_pooled", TidyCsvs::stackPooled, TidyCsvs.class, List.of("stackPooled")),
            new TidyCsv("sweep", TidyCsvs::sweep, TidyCsvs.class, List.of("sweep")),
            new TidyCsv("sweep_summary", TidyCsvs::sweepSummary, TidyCsvs.class, List.of("sweepSummary")),
            new TidyCsv("memory", TidyCsvs::memory, TidyCsvs.class, List.of("memory")),
            new TidyCsv("memory_checkpoints", TidyCsvs::memoryCheckpoints, TidyCsvs.class, List.of("memoryCheckpoints")),
            new TidyCsv("loadgen_summary", TidyCsvs::loadgenSummary, TidyCsvs.class, List.of("loadgenSummary")),
            new TidyCsv("drift", TidyCsvs::drift, TidyCsvs.class, List.of("drift")),
            new TidyCsv("exclusions", TidyCsvs::exclusions, TidyCsvs.class, List.of("exclusions")),
            new TidyCsv("replication", TidyCsvs::replication, TidyCsvs.class, List.of("replication")),
            new TidyCsv("sessions", TidyCsvs::sessions, TidyCsvs.class, List.of("sessions")),
            new TidyCsv("steal_sensitivity", TidyCsvs::stealSensitivity, TidyCsvs.class, List.of("stealSensitivity")),
            new TidyCsv("offered_load", OfferedLoadCsvs::offeredLoad, OfferedLoadCsvs.class, List.of("offeredLoad"))
                    .when(OfferedLoadCsvs::any),
            new TidyCsv("capacity", OfferedLoadCsvs::capacity, OfferedLoadCsvs.class, List.of("capacity")).when(OfferedLoadCsvs::any),
            new TidyCsv("units", V4Csvs::units, V4Csvs.class, List.of("units")),
            new TidyCsv("probe", TidyCsvs::probe, TidyCsvs.class, List.of("sessions")).when(TidyCsvs::anyProbe),
            new TidyCsv("steady_stats", V4Csvs::steadyStats, V4Csvs.class, List.of("steadyStats")).when(V4Csvs::anySteady),
            new TidyCsv("warm_cold", V4Csvs::warmCold, V4Csvs.class, List.of("warmCold")).when(V4Csvs::anySteady),
            new Inventory("inventory", InventoryStage.class, List.of("inventory")),
            new Report("index", ReportStage.class, ReportStage.TEMPLATE,
                    List.of("facts", "verification", "devices"))));

    private PaperCatalog() {}
}
