package dev.tpm.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.figures.FigureBuilder;
import dev.tpm.figures.StudyFigure;
import dev.tpm.model.Studies;
import dev.tpm.results.StudyScope;
import dev.tpm.tables.StudyTable;
import dev.tpm.tables.HtmlFormatter;
import dev.tpm.tables.SharedTable;
import dev.tpm.tables.TableModel;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.TreeSet;
import dev.tpm.model.AnalysisConfig;
import dev.tpm.model.Campaign;
import dev.tpm.ingest.Dataset;
import dev.tpm.model.Device;
import dev.tpm.model.StackInfo;
import dev.tpm.codec.Num;
import dev.tpm.output.Outputs;
import dev.tpm.pipeline.PipelineContext;
import dev.tpm.pipeline.Stage;
import dev.tpm.results.DeviceResults;
import dev.tpm.model.InventoryEntry;
import dev.tpm.results.Results;
import dev.tpm.results.Verification;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * figures/index.html: every table and figure of every device on one page, laid out as outputs.md
 * says: what the data is (devices, campaigns, studies, and how the setup differs from the paper's
 * Raspberry Pi 5), the results (a navigation entry for every table and figure, in the order of
 * {@link Artifacts}, each table rendered from its {@link TableModel} through {@link HtmlFormatter}),
 * then provenance (versions, verification, campaigns) with the data inventory last. Plain HTML
 * with inline CSS, no script, relative links only, no clock: it opens from the file system and two
 * runs give the same bytes. Runs after the tables and figures stages; a table or figure is shown
 * when that stage produced it.
 */
public final class ReportStage implements Stage {
    public static final String PATH = "figures/index.html";

    private static final double BYTES_PER_MIB = 1024.0 * 1024.0;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Properties BUILD = build();

    /**
     * The paper's setup, as its protocol describes it (spec/data.md's example campaign): a Raspberry
     * Pi 5 (4 Cortex-A76 cores, aarch64, 16 KiB pages), wrk on a separate machine, 50 runs of 10 s
     * per group after 3 warm-ups, PMIC power readings.
     */
    static final String PAPER_ARCH = "aarch64";
    static final int PAPER_RUNS = 50;
    static final double PAPER_DURATION_S = 10;

    @Override
    public String name() {
        return "report";
    }

    @Override
    public void run(PipelineContext context, Outputs out) {
        out.putText(PATH, render(context.results(), out));
    }

    /** The page, from the results and the artifacts already in {@code out}. */
    public static String render(Results results, Outputs out) {
        return new Page(results, out).render();
    }

    private static Properties build() {
        Properties p = new Properties();
        try (InputStream in = ReportStage.class.getResourceAsStream("build.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    private static final class Page {
        private final Results results;
        private final Outputs out;
        private final Set<String> files;
        private final StringBuilder h = new StringBuilder();

        Page(Results results, Outputs out) {
            this.results = results;
            this.out = out;
            this.files = out.files().keySet();
        }

        String render() {
            h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                    .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                    .append("<title>Throughput per Megabyte: tables and figures</title>\n")
                    .append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
            header();
            about();
            stability();
            for (DeviceResults d : results.devices()) device(d);
            shared();
            for (String study : producedStudies()) study(study);
            csvs();
            skipped();
            provenance();
            campaigns();
            inventory();
            h.append("</body>\n</html>\n");
            return h.toString();
        }

        private void header() {
            h.append("<header>\n<h1>Throughput per Megabyte: tables and figures</h1>\n")
                    .append("<p>Every table and figure that <code>make paper</code> regenerates from <code>data/</code>, ")
                    .append("for the study <em>Throughput per Megabyte: A Pilot Benchmark of Language-Stack ")
                    .append("Efficiency for Self-Hosted HTTP Services on a Raspberry Pi 5</em> (arXiv:2609.11932). ")
                    .append("Tables and figures name the paper table or figure they regenerate and the device and ")
                    .append("campaigns their data comes from; MiB = KiB / 1024.</p>\n")
                    .append("<nav>\n<ul>\n<li><a href=\"#about\">What the data is</a></li>\n")
                    .append("<li><a href=\"#stability\">Run-order drift</a></li>\n");
            for (DeviceResults d : results.devices()) {
                String prefix = results.devicePrefix(d.id());
                h.append("<li><a href=\"#").append(deviceAnchor(d)).append("\">Results: ")
                        .append(Html.escape(d.source())).append("</a>\n<ul>\n");
                for (Artifacts.Artifact a : Artifacts.DEVICE) {
                    if (!produced(prefix, a)) continue;
                    String title = a instanceof Artifacts.Figure f ? "Figure: " + f.figure().title(results, d)
                            : "Table " + a.name() + ": " + regenerates(((Artifacts.Table) a).table().build(results, d));
                    h.append("<li><a href=\"#").append(anchor(prefix, a)).append("\">").append(Html.escape(title))
                            .append("</a></li>\n");
                }
                h.append("</ul></li>\n");
            }
            List<SharedTable> shared = sharedProduced();
            if (!shared.isEmpty()) {
                h.append("<li><a href=\"#shared\">Results across devices</a>\n<ul>\n");
                for (SharedTable t : shared) {
                    h.append("<li><a href=\"#table-").append(Html.id(t.name())).append("\">Table ")
                            .append(Html.escape(t.name() + ": " + regenerates(t.build(results))))
                            .append("</a></li>\n");
                }
                h.append("</ul></li>\n");
            }
            for (String study : producedStudies()) {
                h.append("<li><a href=\"#study-").append(Html.id(study)).append("\">Study ").append(Html.escape(study))
                        .append("</a>\n<ul>\n");
                for (StudyTable t : studyTables(study)) {
                    h.append("<li><a href=\"#table-").append(Html.id(t.name())).append("\">Table ")
                            .append(Html.escape(t.name() + ": " + regenerates(t.build(results)))).append("</a></li>\n");
                }
                for (StudyFigure f : studyFigures(study)) {
                    h.append("<li><a href=\"#figure-").append(Html.id(f.name())).append("\">Figure: ")
                            .append(Html.escape(f.title(results))).append("</a></li>\n");
                }
                h.append("</ul></li>\n");
            }
            h.append("<li><a href=\"#csv\">Machine-readable tables</a></li>\n")
                    .append("<li><a href=\"#skipped\">Not produced</a></li>\n")
                    .append("<li><a href=\"#provenance\">Provenance</a></li>\n")
                    .append("<li><a href=\"#campaigns\">Campaigns</a></li>\n")
                    .append("<li><a href=\"#inventory\">Data inventory</a></li>\n")
                    .append("</ul>\n</nav>\n</header>\n");
        }

        /** Devices, campaigns and studies, and in plain words how each setup differs from the paper's. */
        private void about() {
            h.append("<section id=\"about\">\n<h2>What the data is</h2>\n<ul>\n");
            for (DeviceResults d : results.devices()) {
                h.append("<li><strong>").append(Html.escape(d.source())).append("</strong>. ")
                        .append(Html.escape(describe(d))).append("<br>").append(Html.escape(d.topology().besidePaper())).append("</li>\n");
            }
            h.append("</ul>\n");
            Set<String> studies = new TreeSet<>();
            for (Campaign c : results.dataset().campaigns()) studies.add(study(c));
            h.append("<p>Studies: ").append(Html.escape(String.join(", ", studies)))
                    .append(". Only campaigns of the study <code>paper</code> (the CRUD protocol) enter the paper's ")
                    .append("tables and figures.</p>\n</section>\n");
        }

        /**
         * Near the top, per device: the groups whose throughput drifts with run order (analysis.md 9),
         * so that a reader meets them before the intervals that assume exchangeable runs.
         */
        private void stability() {
            h.append("<section id=\"stability\">\n<h2>Run-order drift</h2>\n<p>The confidence intervals below treat")
                    .append(" a group's runs as exchangeable. A group whose throughput rises or falls with the order of")
                    .append(" the runs (Spearman's rho of rps on run position, Holm per device) is not, and its")
                    .append(" intervals describe the runs taken more than the stack.</p>\n<ul>\n");
            AnalysisConfig c = results.dataset().config();
            for (DeviceResults d : results.devices()) {
                String prefix = results.devicePrefix(d.id());
                h.append("<li><strong>").append(Html.escape(d.id())).append("</strong>: ");
                if (d.drift().tests().isEmpty()) {
                    h.append("no group has min_n = ").append(c.minN()).append(" measured phase-1 runs; nothing was tested.");
                } else {
                    h.append(Html.escape(dev.tpm.tables.DriftTable.summary(d.drift(), c)));
                    List<String> drifting = d.drift().drifting().stream().map(dev.tpm.tables.DriftTable::describe).toList();
                    if (!drifting.isEmpty()) h.append(" Drifting: ").append(Html.escape(String.join("; ", drifting))).append('.');
                }
                if (files.contains("tables/" + prefix + dev.tpm.tables.DriftTable.NAME + ".md")) {
                    h.append(" <a href=\"#table-").append(Html.id(prefix + dev.tpm.tables.DriftTable.NAME))
                            .append("\">Table drift</a>");
                }
                if (files.contains("figures/" + prefix + dev.tpm.figures.DriftFigure.NAME + ".png")) {
                    h.append(" · <a href=\"#figure-").append(Html.id(prefix + dev.tpm.figures.DriftFigure.NAME))
                            .append("\">Figure drift</a>");
                }
                h.append("</li>\n");
            }
            h.append("</ul>\n</section>\n");
        }

        /** One device in plain words: what it is, and each way its campaigns differ from the paper's setup. */
        private String describe(DeviceResults d) {
            Device dev = d.device();
            List<String> parts = new ArrayList<>();
            StringBuilder what = new StringBuilder();
            what.append(dev.model() == null ? "Device model not recorded" : dev.model());
            if (dev.cpu() != null) what.append(", ").append(dev.cpu());
            if (dev.cores() != null) what.append(", ").append(dev.cores()).append(" cores");
            if (dev.arch() != null) what.append(", ").append(dev.arch());
            if (dev.os() != null) what.append(", ").append(dev.os());
            parts.add(what + ".");
            List<String> differs = new ArrayList<>();
            if (!DeviceResults.isPi5(dev)) {
                differs.add("it is not a Raspberry Pi 5" + (PAPER_ARCH.equals(dev.arch()) ? ""
                        : " and not an ARM (aarch64) machine") + ", so absolute throughput and latency are not"
                        + " comparable with the paper's");
            }
            for (Campaign c : results.dataset().campaigns()) {
                if (!d.campaigns().contains(c.id())) continue;
                JsonNode lg = c.loadGenerator();
                if (lg != null && "same".equals(lg.path("host").asText(""))) {
                    differs.add("in campaign " + c.id() + " the load generator (" + lg.path("tool").asText("?")
                            + ") ran on the same machine as the server, competing with it for CPU and memory, where"
                            + " the paper used a separate machine");
                }
                JsonNode p = c.protocol();
                if (p != null && p.has("runs") && p.path("runs").asInt() < PAPER_RUNS) {
                    differs.add("campaign " + c.id() + " has " + p.path("runs").asInt() + " runs per group (the"
                            + " paper: " + PAPER_RUNS + "), too few for the paper's tests to find differences");
                }
                if (p != null && p.has("duration_s") && p.path("duration_s").asDouble() < PAPER_DURATION_S) {
                    differs.add("campaign " + c.id() + " loads each run for " + Num.csv(p.path("duration_s").asDouble())
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

        /** The caption up to its first colon: the paper table it regenerates. */
        private static String regenerates(TableModel t) {
            int colon = t.caption().indexOf(':');
            return colon < 0 ? t.caption() : t.caption().substring(0, colon);
        }

        private static String study(Campaign c) {
            JsonNode s = c.json() == null ? null : c.json().get("study");
            return s == null || s.isNull() ? "paper" : s.asText();
        }

        private boolean produced(String prefix, Artifacts.Artifact a) {
            return a instanceof Artifacts.Figure
                    ? files.contains("figures/" + prefix + a.name() + ".png")
                    : files.contains("tables/" + prefix + a.name() + ".md");
        }

        private static String anchor(String prefix, Artifacts.Artifact a) {
            return (a instanceof Artifacts.Figure ? "figure-" : "table-") + Html.id(prefix + a.name());
        }

        private List<SharedTable> sharedProduced() {
            return Artifacts.SHARED.stream().filter(t -> files.contains("tables/" + t.name() + ".md")).toList();
        }

        private void device(DeviceResults d) {
            String prefix = results.devicePrefix(d.id());
            h.append("<section id=\"").append(deviceAnchor(d)).append("\">\n<h2>Results: ")
                    .append(Html.escape(d.source())).append("</h2>\n<p>")
                    .append("Stacks: ").append(Html.escape(String.join(", ", d.stacks())))
                    .append(". Declared mix: ").append(Html.escape(d.declaredMix())).append(".</p>\n");
            for (Artifacts.Artifact a : Artifacts.DEVICE) {
                if (!produced(prefix, a)) continue;
                if (a instanceof Artifacts.Table t) table(prefix, t.name(), t.table().build(results, d));
                if (a instanceof Artifacts.Figure f) figure(d, prefix, f.figure());
            }
            h.append("</section>\n");
        }

        private void shared() {
            List<SharedTable> shared = sharedProduced();
            if (shared.isEmpty()) return;
            h.append("<section id=\"shared\">\n<h2>Results across devices</h2>\n");
            for (SharedTable t : shared) table("", t.name(), t.build(results));
            h.append("</section>\n");
        }

        /** The study's tables that were written, in {@link Artifacts#STUDY_TABLES} order. */
        private List<StudyTable> studyTables(String study) {
            return Artifacts.STUDY_TABLES.stream()
                    .filter(t -> t.study().equals(study) && files.contains("tables/" + t.name() + ".md")).toList();
        }

        /** The study's figures that were drawn. */
        private List<StudyFigure> studyFigures(String study) {
            return Artifacts.STUDY_FIGURES.stream()
                    .filter(f -> f.study().equals(study) && files.contains("figures/" + f.name() + ".png")).toList();
        }

        /** The seed studies with a table or figure written, in studies.md's order. */
        private List<String> producedStudies() {
            return Studies.SEEDS.stream().filter(s -> !studyTables(s).isEmpty() || !studyFigures(s).isEmpty()).toList();
        }

        /** One heading per seed study: its tables, then its figures (studies.md). */
        private void study(String study) {
            StudyScope s = StudyScope.of(results, study);
            h.append("<section id=\"study-").append(Html.id(study)).append("\">\n<h2>Study ").append(Html.escape(study))
                    .append("</h2>\n<p>").append(Html.escape((study.equals(Studies.HELLO_BLOG_NEXT)
                            ? "The questions the seed " + Studies.SOURCE.get(study) + " left open (spec/studies.md),"
                            + " measured on " : "The seed " + Studies.SOURCE.get(study) + " (spec/studies.md),"
                            + " measured again on ") + s.describe() + ". Not the paper's protocol: hello-world endpoints"
                            + " with the study's own load and runs; these campaigns never enter the paper's tables."))
                    .append("</p>\n");
            for (StudyTable t : studyTables(study)) table("", t.name(), t.build(results));
            for (StudyFigure f : studyFigures(study)) {
                String title = f.title(results);
                h.append("<figure id=\"figure-").append(Html.id(f.name())).append("\">\n")
                        .append("<a href=\"").append(Html.escape(f.name())).append(".png\"><img src=\"")
                        .append(Html.escape(f.name())).append(".png\" alt=\"").append(Html.escape(title)).append("\"></a>\n")
                        .append("<figcaption><strong>").append(Html.escape(title)).append(".</strong> ")
                        .append(Html.escape(f.caption(results)))
                        .append(" <a href=\"").append(Html.escape(f.name())).append(".svg\">SVG</a>")
                        .append("</figcaption>\n</figure>\n");
            }
            h.append("</section>\n");
        }

        private void table(String prefix, String name, TableModel model) {
            String base = "tables/" + prefix + name;
            h.append("<article class=\"paper-table\" id=\"table-").append(Html.id(prefix + name)).append("\">\n")
                    .append("<h3>Table: ").append(Html.escape(name)).append("</h3>\n")
                    .append(HtmlFormatter.INSTANCE.format(model))
                    .append("<p class=\"sources\">Source: <a href=\"../").append(Html.escape(base)).append(".md\">")
                    .append(Html.escape(base)).append(".md</a>");
            if (files.contains(base + ".tex")) {
                h.append(" · <a href=\"../").append(Html.escape(base)).append(".tex\">LaTeX</a>");
            }
            h.append("</p>\n</article>\n");
        }

        private void figure(DeviceResults d, String prefix, FigureBuilder f) {
            String base = prefix + f.name();
            String title = f.title(results, d);
            h.append("<figure id=\"figure-").append(Html.id(base)).append("\">\n")
                    .append("<a href=\"").append(Html.escape(base)).append(".png\"><img src=\"")
                    .append(Html.escape(base)).append(".png\" alt=\"").append(Html.escape(title)).append("\"></a>\n")
                    .append("<figcaption><strong>").append(Html.escape(title)).append(".</strong> ")
                    .append(Html.escape(d.source())).append(". ")
                    .append(Html.escape(f.caption(results, d)));
            if (files.contains("figures/" + base + ".svg")) {
                h.append(" <a href=\"").append(Html.escape(base)).append(".svg\">SVG</a>");
            }
            h.append("</figcaption>\n</figure>\n");
        }

        private void csvs() {
            h.append("<section id=\"csv\">\n<h2>Machine-readable tables</h2>\n")
                    .append("<p>Tidy CSV at full precision, one row per key (outputs.md): what pandas, R or a ")
                    .append("spreadsheet reads.</p>\n<ul>\n");
            boolean any = false;
            for (String f : files) {
                if (f.startsWith("tables/") && f.endsWith(".csv")) {
                    long rows = new String(out.get(f), StandardCharsets.UTF_8).lines().count() - 1;
                    h.append("<li><a href=\"../").append(Html.escape(f)).append("\">").append(Html.escape(f))
                            .append("</a> (").append(rows).append(rows == 1 ? " row" : " rows").append(")</li>\n");
                    any = true;
                }
            }
            if (!any) h.append("<li>none</li>\n");
            h.append("</ul>\n</section>\n");
        }

        private void skipped() {
            h.append("<section id=\"skipped\">\n<h2>Not produced</h2>\n");
            List<String> skipped = out.skipped();
            if (skipped.isEmpty()) {
                h.append("<p>Every table and figure was produced.</p>\n");
            } else {
                h.append("<p>Left out because the data lacks what they need:</p>\n<ul>\n");
                for (String s : skipped) h.append("<li>").append(Html.escape(s)).append("</li>\n");
                h.append("</ul>\n");
            }
            h.append("</section>\n");
        }

        /** Versions of the package, the JDK and the libraries, the stacks' versions, verification, settings. */
        private void provenance() {
            Dataset ds = results.dataset();
            Verification v = results.verification();
            h.append("<section id=\"provenance\">\n<h2>Provenance</h2>\n")
                    .append("<p class=\"verified\">Verified: ").append(v.filesChecked())
                    .append(" files listed in <code>data/SHA256SUMS</code> checked, every SHA-256 matches. ")
                    .append("SHA-256 of <code>data/SHA256SUMS</code>: <code>").append(Html.escape(v.manifestSha256()))
                    .append("</code>.</p>\n");
            h.append("<h3>Software</h3>\n");
            facts(List.of(
                    fact("package version", BUILD.getProperty("version", "unknown")
                            + " (the git commit is not recorded: it would change this page at every commit)"),
                    fact("JDK", "Java " + Runtime.version().feature()),
                    fact("Commons Math", BUILD.getProperty("commons-math")),
                    fact("XChart", BUILD.getProperty("xchart")),
                    fact("Jackson", BUILD.getProperty("jackson")),
                    fact("Commons CSV", BUILD.getProperty("commons-csv"))));
            h.append("<h3>Stacks (from campaign.json)</h3>\n<div class=\"table\"><table>\n<thead><tr>")
                    .append("<th class=\"left\">campaign</th><th class=\"left\">stack</th>")
                    .append("<th class=\"left\">language</th><th class=\"left\">framework</th>")
                    .append("<th class=\"left\">versions</th>")
                    .append("<th class=\"right\">artifact (MiB)</th><th class=\"right\">workers</th></tr></thead>\n")
                    .append("<tbody>\n");
            for (Campaign c : ds.campaigns()) {
                for (StackInfo s : c.stacks()) {
                    h.append("<tr><td class=\"left\">").append(Html.escape(c.id())).append("</td><td class=\"left\">")
                            .append(Html.escape(s.id())).append("</td><td class=\"left\">")
                            .append(Html.escape(s.language())).append("</td><td class=\"left\">")
                            .append(Html.escape(s.framework())).append("</td><td class=\"left\">")
                            .append(Html.escape(versions(c, s.id()))).append("</td><td class=\"right\">")
                            .append(s.artifactBytes() == null ? ""
                                    : String.format(Locale.ROOT, "%.2f", s.artifactBytes() / BYTES_PER_MIB))
                            .append("</td><td class=\"right\">").append(s.workers() == null ? "" : s.workers())
                            .append("</td></tr>\n");
                }
            }
            h.append("</tbody>\n</table></div>\n");

            AnalysisConfig c = ds.config();
            h.append("<h3>Analysis settings (<code>config/analysis.json</code>)</h3>\n");
            facts(List.of(
                    fact("bootstrap_resamples", Integer.toString(c.bootstrapResamples())),
                    fact("confidence", Num.csv(c.confidence())),
                    fact("rng_seed", Long.toString(c.rngSeed())),
                    fact("alpha", Num.csv(c.alpha())),
                    fact("posthoc_test", c.posthocTest()),
                    fact("large_effect", Num.csv(c.largeEffect())),
                    fact("max_error_rate", Num.csv(c.maxErrorRate())),
                    fact("plateau_gain", Num.csv(c.plateauGain())),
                    fact("drop_threshold_mib", Num.csv(c.dropThresholdMib())),
                    fact("exclude_campaigns", c.excludeCampaigns().isEmpty() ? "(none)"
                            : String.join(", ", c.excludeCampaigns()))));
            h.append("</section>\n");
        }

        /** The stack's {@code versions} object of campaign.json as "key value, ...", or "not recorded". */
        private static String versions(Campaign c, String stack) {
            if (c.json() == null) return "not recorded";
            for (JsonNode s : c.json().path("stacks")) {
                if (stack.equals(s.path("id").asText()) && s.path("versions").isObject()) {
                    List<String> kv = new ArrayList<>();
                    for (Map.Entry<String, JsonNode> e : s.path("versions").properties()) {
                        kv.add(e.getKey() + " " + compact(e.getValue()));
                    }
                    return String.join(", ", kv);
                }
            }
            return "not recorded";
        }

        private void inventory() {
            h.append("<section id=\"inventory\">\n<h2>Data inventory</h2>\n<div class=\"table\"><table>\n<thead><tr>")
                    .append("<th class=\"left\">path (under data/)</th><th class=\"left\">SHA-256</th>")
                    .append("<th class=\"right\">bytes</th><th class=\"right\">rows</th></tr></thead>\n<tbody>\n");
            for (InventoryEntry e : results.dataset().inventory()) {
                h.append("<tr><td class=\"left\"><code>").append(Html.escape(e.path())).append("</code></td>")
                        .append("<td class=\"left hash\"><code>").append(Html.escape(e.sha256())).append("</code></td>")
                        .append("<td class=\"right\">").append(e.bytes()).append("</td>")
                        .append("<td class=\"right\">").append(e.rows() == null ? "" : e.rows()).append("</td></tr>\n");
            }
            h.append("</tbody>\n</table></div>\n</section>\n");
        }

        private void campaigns() {
            h.append("<section id=\"campaigns\">\n<h2>Campaigns</h2>\n");
            List<String> excluded = results.dataset().config().excludeCampaigns();
            for (Campaign c : results.dataset().campaigns()) {
                h.append("<h3 id=\"campaign-").append(Html.id(c.id())).append("\">Campaign ")
                        .append(Html.escape(c.id())).append("</h3>\n");
                if (excluded.contains(c.id())) {
                    h.append("<p>Left out of the analysis by <code>exclude_campaigns</code>.</p>\n");
                }
                Device d = c.device();
                List<String[]> facts = new ArrayList<>();
                facts.add(fact("folder", "data/raw/" + c.folder()));
                facts.add(fact("study", study(c)));
                facts.add(fact("device.id", d.id()));
                facts.add(fact("device.model", d.model()));
                facts.add(fact("device.cpu", d.cpu()));
                facts.add(fact("device.cores", d.cores()));
                facts.add(fact("device.memory_mib", d.memoryMib()));
                facts.add(fact("device.arch", d.arch()));
                facts.add(fact("device.os", d.os()));
                facts.add(fact("device.kernel", d.kernel()));
                facts.add(fact("device.firmware", d.firmware()));
                facts.add(fact("device.bootloader", d.bootloader()));
                facts.add(fact("device.pmic", d.pmic()));
                facts.add(fact("device.cpu_governor", d.cpuGovernor()));
                facts.add(fact("device.page_size", d.pageSize()));
                facts.add(fact("device.power_source", d.powerSource()));
                json(facts, "load_generator", c.loadGenerator());
                json(facts, "protocol", c.protocol());
                if (c.json() != null) {
                    for (Map.Entry<String, JsonNode> e : c.json().properties()) {
                        if (!Set.of("campaign", "study", "device", "load_generator", "protocol", "stacks")
                                .contains(e.getKey())) {
                            facts.add(fact(e.getKey(), compact(e.getValue())));
                        }
                    }
                }
                facts(facts);
            }
            h.append("</section>\n");
        }

        private void facts(List<String[]> facts) {
            h.append("<table class=\"facts\">\n<tbody>\n");
            for (String[] f : facts) {
                if (f[1] == null) continue;
                h.append("<tr><th class=\"left\">").append(Html.escape(f[0])).append("</th><td class=\"left\">")
                        .append(Html.escape(f[1])).append("</td></tr>\n");
            }
            h.append("</tbody>\n</table>\n");
        }

        private static String[] fact(String key, Object value) {
            return new String[] {key, value == null ? null : value.toString()};
        }

        /** The object's fields as key.field facts, in document order. */
        private static void json(List<String[]> facts, String key, JsonNode node) {
            if (node == null || node.isNull() || node.isMissingNode()) return;
            if (!node.isObject()) {
                facts.add(fact(key, compact(node)));
                return;
            }
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                facts.add(fact(key + "." + e.getKey(), compact(e.getValue())));
            }
        }

        private static String compact(JsonNode v) {
            if (v.isTextual()) return v.textValue();
            try {
                return JSON.writeValueAsString(v);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }

        private static String deviceAnchor(DeviceResults d) {
            return "device-" + Html.id(d.id());
        }
    }

    private static final String CSS = """
            body { font-family: "DejaVu Sans", Verdana, sans-serif; color: #111; background: #fff;
                   max-width: 1280px; margin: 0 auto; padding: 0 1.5rem 3rem; line-height: 1.45; }
            h1 { font-size: 1.6rem; margin-top: 1.5rem; }
            h2 { font-size: 1.35rem; border-bottom: 2px solid #0072B2; padding-bottom: .2rem; margin-top: 2.5rem; }
            h3 { font-size: 1.1rem; margin-top: 1.6rem; }
            nav ul { columns: 2; }
            code { font-family: "DejaVu Sans Mono", monospace; font-size: .9em; }
            .table { overflow-x: auto; margin: .5rem 0; }
            table { border-collapse: collapse; font-size: .88rem; }
            th, td { border: 1px solid #ccc; padding: .25rem .5rem; vertical-align: top; }
            thead th { background: #f0f0f0; }
            .left { text-align: left; } .right { text-align: right; } .center { text-align: center; }
            table.facts th { background: #f7f7f7; font-weight: normal; white-space: nowrap; }
            td.hash code { font-size: .78em; }
            .caption { margin: .3rem 0; }
            ul.notes { font-size: .85rem; color: #333; }
            .sources { font-size: .8rem; color: #555; }
            figure { margin: 1.5rem 0; }
            figure img { max-width: 100%; height: auto; border: 1px solid #ddd; }
            figcaption { font-size: .9rem; margin-top: .3rem; }
            .verified { background: #eef7ee; border-left: 4px solid #009E73; padding: .4rem .7rem; }
            """;
}
