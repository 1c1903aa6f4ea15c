package dev.tpm.report;

import dev.tpm.catalog.Artifact;
import dev.tpm.catalog.Catalog;
import dev.tpm.catalog.Figure;
import dev.tpm.catalog.Inventory;
import dev.tpm.catalog.Scope;
import dev.tpm.catalog.Table;
import dev.tpm.catalog.TidyCsv;
import dev.tpm.codec.CampaignJson;
import dev.tpm.codec.Num;
import dev.tpm.figures.DrawnFigures;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.model.Device;
import dev.tpm.model.InventoryEntry;
import dev.tpm.model.LoadGeneratorInfo;
import dev.tpm.model.Protocol;
import dev.tpm.model.StackInfo;
import dev.tpm.model.Studies;
import dev.tpm.output.Outputs;
import dev.tpm.report.ReportModel.CampaignFacts;
import dev.tpm.report.ReportModel.CsvLink;
import dev.tpm.report.ReportModel.DeviceSetup;
import dev.tpm.report.ReportModel.DriftLine;
import dev.tpm.report.ReportModel.Fact;
import dev.tpm.report.ReportModel.FigureItem;
import dev.tpm.report.ReportModel.InventoryRow;
import dev.tpm.report.ReportModel.Item;
import dev.tpm.report.ReportModel.NavEntry;
import dev.tpm.report.ReportModel.NavGroup;
import dev.tpm.report.ReportModel.Provenance;
import dev.tpm.report.ReportModel.Section;
import dev.tpm.report.ReportModel.SetupRow;
import dev.tpm.report.ReportModel.StackRow;
import dev.tpm.report.ReportModel.TableItem;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Facts;
import dev.tpm.results.Results;
import dev.tpm.results.StudyScope;
import dev.tpm.results.Topology;
import dev.tpm.results.Verification;
import dev.tpm.tables.DriftTable;
import dev.tpm.tables.HtmlFormatter;
import dev.tpm.tables.TableModel;
import dev.tpm.tables.WrittenTables;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * Builds the {@link ReportModel} of a run: the results sections walk the catalog in its order and
 * show each table and figure from the model its stage handed on (a table or figure that stage did
 * not write is not shown), the navigation names each by the catalog's words (a table by what it
 * regenerates, a figure by its title), and the machine-readable files are the catalog's tidy CSVs
 * and inventory this run wrote. Nothing here re-builds a table or reads a figure's text back.
 */
final class ReportModels {
    private static final double BYTES_PER_MIB = 1024.0 * 1024.0;
    private static final Properties BUILD = build();

    /** The paper's Raspberry Pi 5 is an aarch64 machine; its runs and load window are {@link Topology#PAPER}'s. */
    static final String PAPER_ARCH = "aarch64";
    static final int PAPER_RUNS = Topology.PAPER.setups().get(0).runs();
    static final double PAPER_DURATION_S = Topology.PAPER.setups().get(0).windowS();

    private final Catalog catalog;
    private final Results results;
    private final WrittenTables tables;
    private final DrawnFigures figures;
    private final Outputs out;

    private ReportModels(Catalog catalog, Results results, WrittenTables tables, DrawnFigures figures, Outputs out) {
        this.catalog = catalog;
        this.results = results;
        this.tables = tables;
        this.figures = figures;
        this.out = out;
    }

    static ReportModel of(Catalog catalog, Results results, WrittenTables tables, DrawnFigures figures, Outputs out) {
        return new ReportModels(catalog, results, tables, figures, out).model();
    }

    private ReportModel model() {
        List<Section> sections = new ArrayList<>();
        List<NavGroup> resultsNav = new ArrayList<>();
        for (DeviceResults d : results.devices()) {
            List<NavEntry> nav = new ArrayList<>();
            List<Item> items = items(catalog.perDevice(), d, nav);
            String anchor = deviceAnchor(d);
            sections.add(new Section(anchor, "Results: " + d.source(), "Stacks: " + String.join(", ", d.stacks())
                    + ". Declared mix: " + d.declaredMix() + ".", items));
            resultsNav.add(new NavGroup(anchor, "Results: " + d.source(), nav));
        }
        List<Artifact> acrossDevices = catalog.artifacts().stream().filter(a -> a.scope() == Scope.RUN
                && (a instanceof Table || a instanceof Figure)).toList();
        List<NavEntry> sharedNav = new ArrayList<>();
        List<Item> shared = items(acrossDevices, null, sharedNav);
        if (!shared.isEmpty()) {
            sections.add(new Section("shared", "Results across devices", "", shared));
            resultsNav.add(new NavGroup("shared", "Results across devices", sharedNav));
        }
        for (String study : Studies.SEEDS) {
            List<Artifact> ofStudy = catalog.artifacts().stream().filter(a -> a.study().equals(study)).toList();
            List<NavEntry> nav = new ArrayList<>();
            List<Item> items = items(ofStudy, null, nav);
            if (items.isEmpty()) continue;
            String anchor = "study-" + Html.id(study);
            sections.add(new Section(anchor, "Study " + study, studyIntro(study), items));
            resultsNav.add(new NavGroup(anchor, "Study " + study, nav));
        }
        List<NavGroup> nav = new ArrayList<>();
        nav.add(new NavGroup("about", "What the data is", List.of()));
        nav.add(new NavGroup("stability", "Run-order drift", List.of()));
        nav.addAll(resultsNav);
        nav.add(new NavGroup("csv", "Machine-readable tables", List.of()));
        nav.add(new NavGroup("skipped", "Not produced", List.of()));
        nav.add(new NavGroup("provenance", "Provenance", List.of()));
        nav.add(new NavGroup("campaigns", "Campaigns", List.of()));
        nav.add(new NavGroup("inventory", "Data inventory", List.of()));

        Set<String> studies = new TreeSet<>();
        for (Campaign c : results.facts().campaigns()) studies.add(c.studyId());
        return new ReportModel("Throughput per Megabyte: tables and figures",
                results.devices().stream().map(this::setup).toList(), String.join(", ", studies), drift(), nav, sections,
                csvs(), out.skipped(), provenance(), campaigns(), inventory());
    }

    /**
     * The catalog's tables and figures among {@code artifacts} that their stage wrote, each with its
     * navigation entry; {@code device} null for the artifacts written once.
     */
    private List<Item> items(List<Artifact> artifacts, DeviceResults device, List<NavEntry> nav) {
        List<Item> items = new ArrayList<>();
        for (Artifact a : artifacts) {
            String stem = device == null ? a.folder() + "/" + a.name() : a.stem(results, device);
            String rel = stem.substring(a.folder().length() + 1);
            if (a instanceof Table t) {
                Optional<TableModel> model = tables.get(stem);
                if (model.isEmpty()) continue;
                String anchor = "table-" + Html.id(rel);
                items.add(new TableItem(anchor, t.name(), HtmlFormatter.INSTANCE.format(model.get()), "../" + stem + ".md",
                        stem + ".md", out.contains(stem + ".tex") ? Optional.of("../" + stem + ".tex") : Optional.empty()));
                nav.add(new NavEntry(anchor, "Table " + t.name() + ": " + t.regenerates()));
            } else if (a instanceof Figure) {
                Optional<dev.tpm.figures.Figure> drawn = figures.get(stem);
                if (drawn.isEmpty() || !out.contains(stem + ".png")) continue;
                String anchor = "figure-" + Html.id(rel);
                String caption = device == null ? drawn.get().caption() : device.source() + ". " + drawn.get().caption();
                items.add(new FigureItem(anchor, rel + ".png",
                        out.contains(stem + ".svg") ? Optional.of(rel + ".svg") : Optional.empty(), drawn.get().title(), caption));
                nav.add(new NavEntry(anchor, "Figure: " + drawn.get().title()));
            }
        }
        return items;
    }

    private String studyIntro(String study) {
        StudyScope s = results.facts().study(study);
        return (study.equals(Studies.HELLO_BLOG_NEXT)
                ? "The questions the seed " + Studies.SOURCE.get(study) + " left open (spec/studies.md), measured on "
                : "The seed " + Studies.SOURCE.get(study) + " (spec/studies.md), measured again on ") + s.describe()
                + ". Not the paper's protocol: hello-world endpoints with the study's own load and runs; these"
                + " campaigns never enter the paper's tables.";
    }

    /** A device's setup beside the paper's (outputs.md "Report"), aspect by aspect, from its {@link Topology}. */
    private DeviceSetup setup(DeviceResults d) {
        List<Campaign> campaigns = results.facts().campaigns(d.campaigns());
        List<Topology.Aspect> here = d.topology().aspects();
        List<Topology.Aspect> paper = Topology.PAPER.aspects();
        List<SetupRow> rows = new ArrayList<>();
        for (int i = 0; i < here.size(); i++) {
            rows.add(new SetupRow(here.get(i).label(), here.get(i).value(), paper.get(i).value()));
        }
        return new DeviceSetup(d.id(), d.source(), describe(d, campaigns), rows);
    }

    /** One device in plain words: what it is, and each way its campaigns differ from the paper's setup. */
    private String describe(DeviceResults d, List<Campaign> campaigns) {
        Device dev = d.device();
        List<String> parts = new ArrayList<>();
        StringBuilder what = new StringBuilder();
        what.append(dev.model() == null ? "Device model not recorded" : dev.model());
        if (dev.cpu() != null) what.append(", ").append(dev.cpu());
        if (dev.cores() != null) what.append(", ").append(dev.cores()).append(" cores");
        if (dev.arch() != null) what.append(", ").append(dev.arch());
        if (dev.os() != null) what.append(", ").append(dev.os());
        parts.add(what + ".");
        String machine = hardwareIds(campaigns);
        if (machine != null) parts.add(machine);
        List<String> differs = new ArrayList<>();
        if (!DeviceResults.isPi5(dev)) {
            differs.add("it is not a Raspberry Pi 5" + (PAPER_ARCH.equals(dev.arch()) ? ""
                    : " and not an ARM (aarch64) machine") + ", so absolute throughput and latency are not"
                    + " comparable with the paper's");
        }
        for (Campaign c : campaigns) {
            LoadGeneratorInfo lg = c.loadGenerator();
            if (lg != null && lg.sameHost()) {
                differs.add("in campaign " + c.id() + " the load generator (" + (lg.tool() == null ? "?" : lg.tool())
                        + ") ran on the same machine as the server, competing with it for CPU and memory, where"
                        + " the paper used a separate machine");
            }
            Protocol p = c.protocol();
            if (p != null && p.runs() != null && p.runs() < PAPER_RUNS) {
                differs.add("campaign " + c.id() + " has " + p.runs() + " runs per group (the"
                        + " paper: " + PAPER_RUNS + "): wider intervals, and a family of tests whose smallest"
                        + " attainable p is larger (the tests table says whether its pairs can still pass)");
            }
            if (p != null && p.durationS() != null && p.durationS() < PAPER_DURATION_S) {
                differs.add("campaign " + c.id() + " loads each run for " + Num.csv(p.durationS())
                        + " s (the paper: " + Num.csv(PAPER_DURATION_S) + " s)");
            }
        }
        if (dev.powerSource() == null || "none".equals(dev.powerSource())) {
            differs.add("no power was measured, so there is no energy result");
        }
        if (differs.isEmpty()) {
            parts.add("Its setup matches the paper's in device, load-generator host, runs and load duration.");
        } else {
            parts.add("How it differs from the paper's setup: " + String.join("; ", differs) + ".");
        }
        parts.add("Stacks: " + String.join(", ", d.stacks()) + ".");
        return String.join(" ", parts);
    }

    /**
     * The hardware ids its campaigns recorded (data.md {@code machine.hardware_id}), null when none
     * did: one machine, or several under one device id, which the reader should know since a
     * device is one unit of analysis.
     */
    private static String hardwareIds(List<Campaign> campaigns) {
        Map<String, List<String>> byId = new java.util.LinkedHashMap<>();
        for (Campaign c : campaigns) {
            if (c.hardwareId() != null) byId.computeIfAbsent(c.hardwareId(), k -> new ArrayList<>()).add(c.id());
        }
        if (byId.isEmpty()) return null;
        if (byId.size() == 1) {
            String id = byId.keySet().iterator().next();
            return "Hardware id: " + id + (CampaignJson.isLocallyAdministeredMac(id)
                    ? " (a locally administered MAC address, which a VM manager may give every VM alike: it may not tell"
                            + " two VMs apart)." : ".");
        }
        List<String> each = new ArrayList<>();
        byId.forEach((id, ids) -> each.add(id + " (" + String.join(", ", ids) + ")"));
        return "Its campaigns were recorded on " + byId.size() + " machines under one device id, hardware ids "
                + String.join("; ", each) + ".";
    }

    /** Per device: the groups whose throughput drifts with run order (analysis.md 9), before the intervals that assume exchangeable runs. */
    private List<DriftLine> drift() {
        var c = results.facts().config();
        List<DriftLine> lines = new ArrayList<>();
        for (DeviceResults d : results.devices()) {
            String prefix = results.devicePrefix(d.id());
            String text;
            if (d.drift().tests().isEmpty()) {
                text = "no group has min_n = " + c.minN() + " measured phase-1 runs; nothing was tested.";
            } else {
                text = DriftTable.summary(d.drift(), c);
                List<String> drifting = d.drift().drifting().stream().map(DriftTable::describe).toList();
                if (!drifting.isEmpty()) text += " Drifting: " + String.join("; ", drifting) + ".";
                List<dev.tpm.results.Session> sessions = DriftTable.driftingSessions(results, d);
                if (!sessions.isEmpty()) text += " " + DriftTable.sessionsNote(sessions);
            }
            String table = "tables/" + prefix + DriftTable.NAME;
            String figure = "figures/" + prefix + dev.tpm.figures.DriftFigure.NAME;
            lines.add(new DriftLine(d.id(), text,
                    tables.get(table).isPresent() ? Optional.of("table-" + Html.id(prefix + DriftTable.NAME)) : Optional.empty(),
                    out.contains(figure + ".png") ? Optional.of("figure-" + Html.id(prefix + dev.tpm.figures.DriftFigure.NAME))
                            : Optional.empty()));
        }
        return lines;
    }

    /**
     * The catalog's tidy CSVs and inventory that this run wrote, in catalog order, with the row
     * counts their stage recorded as it built them.
     */
    private List<CsvLink> csvs() {
        List<String> paths = new ArrayList<>();
        for (TidyCsv t : catalog.all(TidyCsv.class)) paths.add(t.path());
        for (Inventory i : catalog.all(Inventory.class)) paths.add(i.path());
        List<CsvLink> links = new ArrayList<>();
        for (String p : paths) {
            if (!out.contains(p)) continue;
            int rows = out.csvRows(p).orElseThrow(() -> new IllegalStateException(p + " was not written as a CSV (Outputs.putCsv)"));
            links.add(new CsvLink("../" + p, p, rows + (rows == 1 ? " row" : " rows")));
        }
        return links;
    }

    private Provenance provenance() {
        Facts ds = results.facts();
        Verification v = results.verification();
        List<Fact> software = facts(
                "package version", BUILD.getProperty("version", "unknown")
                        + " (the git commit is not recorded: it would change this page at every commit)",
                // outputs.md asks for the JDK's version among the provenance; the page names the Java release
                // the jar is built for instead, so that make verify passes on JDK 17 and 25 alike (they write every
                // output byte for byte the same, docs/PERFORMANCE.md): a JDK's own version would be one line that
                // differs between a reviewer's machine, the container and CI, and says nothing about the numbers.
                "JDK", "Java " + BUILD.getProperty("java-release", "unknown") + " or newer (the release the jar is built for;"
                        + " the JDK that ran is not recorded: JDK 17 and 25 write every file here byte for byte alike)",
                "Commons Math", BUILD.getProperty("commons-math"),
                "XChart", BUILD.getProperty("xchart"),
                "Jackson", BUILD.getProperty("jackson"),
                "Commons CSV", BUILD.getProperty("commons-csv"),
                "FreeMarker", BUILD.getProperty("freemarker"));
        List<StackRow> stacks = new ArrayList<>();
        for (Campaign c : ds.campaigns()) {
            for (StackInfo s : c.stacks()) {
                stacks.add(new StackRow(c.id(), s.id(), s.language(), s.framework(), versions(s),
                        s.artifactBytes() == null ? "" : String.format(Locale.ROOT, "%.2f", s.artifactBytes() / BYTES_PER_MIB),
                        s.workers() == null ? "" : s.workers().toString()));
            }
        }
        AnalysisConfig c = ds.config();
        List<Fact> settings = facts(
                "bootstrap_resamples", Integer.toString(c.bootstrapResamples()),
                "confidence", Num.csv(c.confidence()),
                "rng_seed", Long.toString(c.rngSeed()),
                "alpha", Num.csv(c.alpha()),
                "posthoc_test", c.posthocTest(),
                "large_effect", Num.csv(c.largeEffect()),
                "max_error_rate", Num.csv(c.maxErrorRate()),
                "max_steal_share", c.maxStealShare() == null ? "null (the steal rule is off)" : Num.csv(c.maxStealShare()),
                "plateau_gain", Num.csv(c.plateauGain()),
                "drop_threshold_mib", Num.csv(c.dropThresholdMib()),
                "exclude_campaigns", c.excludeCampaigns().isEmpty() ? "(none)" : String.join(", ", c.excludeCampaigns()));
        return new Provenance(Integer.toString(v.filesChecked()), v.manifestSha256(), software, stacks, settings);
    }

    private List<CampaignFacts> campaigns() {
        List<String> excluded = results.facts().config().excludeCampaigns();
        List<CampaignFacts> all = new ArrayList<>();
        for (Campaign c : results.facts().campaigns()) {
            Device d = c.device();
            List<Fact> facts = new ArrayList<>(facts(
                    "folder", "data/raw/" + c.folder(),
                    "study", c.studyId(),
                    "device.id", d.id(),
                    "device.model", d.model(),
                    "device.cpu", d.cpu(),
                    "device.cores", d.cores(),
                    "device.memory_mib", d.memoryMib(),
                    "device.arch", d.arch(),
                    "device.os", d.os(),
                    "device.kernel", d.kernel(),
                    "device.firmware", d.firmware(),
                    "device.bootloader", d.bootloader(),
                    "device.pmic", d.pmic(),
                    "device.cpu_governor", d.cpuGovernor(),
                    "device.page_size", d.pageSize(),
                    "device.power_source", d.powerSource()));
            for (CampaignJson.Field f : CampaignJson.setupFields(c)) facts.add(new Fact(f.key(), f.value()));
            all.add(new CampaignFacts(c.id(), "campaign-" + Html.id(c.id()), excluded.contains(c.id()), facts));
        }
        return all;
    }

    private List<InventoryRow> inventory() {
        return results.facts().inventory().stream().map((InventoryEntry e) -> new InventoryRow(e.path(), e.sha256(),
                Long.toString(e.bytes()), e.rows() == null ? "" : e.rows().toString())).toList();
    }

    /** Key, value, key, value ...: the facts whose value is recorded (a null value is left out). */
    private static List<Fact> facts(Object... kv) {
        List<Fact> facts = new ArrayList<>();
        for (int i = 0; i < kv.length; i += 2) {
            if (kv[i + 1] != null) facts.add(new Fact((String) kv[i], kv[i + 1].toString()));
        }
        return facts;
    }

    /** The stack's {@code versions} object of campaign.json as "key value, ...", or "not recorded". */
    private static String versions(StackInfo s) {
        if (s.versions() == null) return "not recorded";
        List<String> kv = new ArrayList<>();
        s.versions().forEach((k, v) -> kv.add(k + " " + v));
        return String.join(", ", kv);
    }

    private static String deviceAnchor(DeviceResults d) {
        return "device-" + Html.id(d.id());
    }

    private static Properties build() {
        Properties p = new Properties();
        try (InputStream in = ReportModels.class.getResourceAsStream("build.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
