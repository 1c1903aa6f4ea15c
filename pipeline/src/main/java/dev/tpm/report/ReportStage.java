package dev.tpm.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tpm.figures.FigureBuilder;
import dev.tpm.figures.FiguresStage;
import dev.tpm.figures.StudyFigure;
import dev.tpm.model.Studies;
import dev.tpm.results.StudyScope;
import dev.tpm.tables.StudyTable;
import dev.tpm.tables.TablesStage;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * figures/index.html: every table and figure of every device on one page, with the data inventory,
 * the verification result, the campaigns and what was not produced. Plain HTML with inline CSS, no
 * script, relative links only, no clock: it opens from the file system and two runs give the same
 * bytes. Runs after the tables and figures stages and reads their artifacts from {@link Outputs}.
 */
public final class ReportStage implements Stage {
    public static final String PATH = "figures/index.html";

    /** The paper tables of outputs.md, in its order; any other table follows in path order. */
    static final List<String> TABLE_ORDER = List.of("mixes", "ram", "endpoints", "tests", "ratio", "startup",
            "energy", "sweep", "memory", "implications", "sensitivity", "replication", "exclusions");

    /** The table each figure plots: the figure is shown right after it. */
    static final Map<String, String> FIGURE_AFTER_TABLE = Map.of(
            "endpoint_rps", "endpoints",
            "endpoint_p99", "endpoints",
            "pareto", "ratio",
            "ratio", "ratio",
            "startup", "startup",
            "energy", "energy",
            "sweep", "sweep",
            "memory", "memory",
            "sensitivity", "sensitivity");

    private static final double BYTES_PER_MIB = 1024.0 * 1024.0;
    private static final ObjectMapper JSON = new ObjectMapper();

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
            data();
            campaigns();
            for (DeviceResults d : results.devices()) device(d);
            if (results.multiDevice()) shared();
            for (String study : producedStudies()) study(study);
            csvs();
            skipped();
            h.append("</body>\n</html>\n");
            return h.toString();
        }

        private void header() {
            h.append("<header>\n<h1>Throughput per Megabyte: tables and figures</h1>\n")
                    .append("<p>Every table and figure that <code>make paper</code> regenerates from <code>data/</code>, ")
                    .append("for the study <em>Throughput per Megabyte: A Pilot Benchmark of Language-Stack ")
                    .append("Efficiency for Self-Hosted HTTP Services on a Raspberry Pi 5</em> (arXiv:2609.11932). ")
                    .append("Tables and figures name the paper table or figure they regenerate; MiB = KiB / 1024.</p>\n")
                    .append("<nav><ul>\n")
                    .append("<li><a href=\"#data\">Data and verification</a></li>\n")
                    .append("<li><a href=\"#campaigns\">Campaigns and devices</a></li>\n");
            for (DeviceResults d : results.devices()) {
                h.append("<li><a href=\"#").append(deviceAnchor(d)).append("\">Device ").append(Html.escape(d.id()))
                        .append("</a></li>\n");
            }
            if (results.multiDevice()) h.append("<li><a href=\"#shared\">Across devices</a></li>\n");
            for (String study : producedStudies()) {
                h.append("<li><a href=\"#study-").append(Html.id(study)).append("\">Study ").append(Html.escape(study))
                        .append("</a></li>\n");
            }
            h.append("<li><a href=\"#csv\">Machine-readable tables</a></li>\n")
                    .append("<li><a href=\"#skipped\">Not produced</a></li>\n")
                    .append("</ul></nav>\n</header>\n");
        }

        private void data() {
            Dataset ds = results.dataset();
            Verification v = results.verification();
            h.append("<section id=\"data\">\n<h2>Data and verification</h2>\n")
                    .append("<p class=\"verified\">Verified: ").append(v.filesChecked())
                    .append(" files listed in <code>data/SHA256SUMS</code> checked, every SHA-256 matches. ")
                    .append("SHA-256 of <code>data/SHA256SUMS</code>: <code>").append(Html.escape(v.manifestSha256()))
                    .append("</code>.</p>\n");

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

            h.append("<h3>Data inventory</h3>\n<div class=\"table\"><table>\n<thead><tr>")
                    .append("<th class=\"left\">path (under data/)</th><th class=\"left\">SHA-256</th>")
                    .append("<th class=\"right\">bytes</th><th class=\"right\">rows</th></tr></thead>\n<tbody>\n");
            for (InventoryEntry e : ds.inventory()) {
                h.append("<tr><td class=\"left\"><code>").append(Html.escape(e.path())).append("</code></td>")
                        .append("<td class=\"left hash\"><code>").append(Html.escape(e.sha256())).append("</code></td>")
                        .append("<td class=\"right\">").append(e.bytes()).append("</td>")
                        .append("<td class=\"right\">").append(e.rows() == null ? "" : e.rows()).append("</td></tr>\n");
            }
            h.append("</tbody>\n</table></div>\n</section>\n");
        }

        private void campaigns() {
            h.append("<section id=\"campaigns\">\n<h2>Campaigns and devices</h2>\n");
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
                        if (!Set.of("campaign", "device", "load_generator", "protocol", "stacks").contains(e.getKey())) {
                            facts.add(fact(e.getKey(), compact(e.getValue())));
                        }
                    }
                }
                facts(facts);
                h.append("<div class=\"table\"><table>\n<thead><tr><th class=\"left\">stack</th>")
                        .append("<th class=\"left\">language</th><th class=\"left\">framework</th>")
                        .append("<th class=\"right\">artifact (MiB)</th><th class=\"right\">workers</th></tr></thead>\n")
                        .append("<tbody>\n");
                for (StackInfo s : c.stacks()) {
                    h.append("<tr><td class=\"left\">").append(Html.escape(s.id())).append("</td><td class=\"left\">")
                            .append(Html.escape(s.language())).append("</td><td class=\"left\">")
                            .append(Html.escape(s.framework())).append("</td><td class=\"right\">")
                            .append(s.artifactBytes() == null ? ""
                                    : String.format(Locale.ROOT, "%.2f", s.artifactBytes() / BYTES_PER_MIB))
                            .append("</td><td class=\"right\">").append(s.workers() == null ? "" : s.workers())
                            .append("</td></tr>\n");
                }
                h.append("</tbody>\n</table></div>\n");
            }
            h.append("</section>\n");
        }

        private void device(DeviceResults d) {
            String prefix = results.devicePrefix(d.id());
            h.append("<section id=\"").append(deviceAnchor(d)).append("\">\n<h2>Device ")
                    .append(Html.escape(d.id())).append("</h2>\n<p>")
                    .append(Html.escape(d.device().model() == null ? "" : d.device().model() + ". "))
                    .append("Campaigns pooled: ").append(Html.escape(String.join(", ", d.campaigns())))
                    .append(". Stacks: ").append(Html.escape(String.join(", ", d.stacks())))
                    .append(". Declared mix: ").append(Html.escape(d.declaredMix())).append(".</p>\n");

            Set<String> tables = tableNames(prefix);
            Set<String> shownFigures = new LinkedHashSet<>();
            for (String t : TABLE_ORDER) {
                if (tables.remove(t)) table(prefix, t);
                for (FigureBuilder f : FiguresStage.FIGURES) {
                    if (t.equals(FIGURE_AFTER_TABLE.get(f.name())) && figure(d, prefix, f)) shownFigures.add(f.name());
                }
            }
            for (String t : tables) table(prefix, t);
            for (FigureBuilder f : FiguresStage.FIGURES) {
                if (!shownFigures.contains(f.name())) figure(d, prefix, f);
            }
            h.append("</section>\n");
        }

        private void shared() {
            h.append("<section id=\"shared\">\n<h2>Across devices</h2>\n");
            Set<String> tables = tableNames("");
            for (String t : TABLE_ORDER) if (tables.remove(t)) table("", t);
            for (String t : tables) table("", t);
            h.append("</section>\n");
        }

        /** The seed studies with a table or figure written, in studies.md's order. */
        private List<String> producedStudies() {
            List<String> out = new ArrayList<>();
            for (String study : Studies.SEEDS) {
                boolean any = TablesStage.STUDY_TABLES.stream().anyMatch(t -> t.study().equals(study)
                        && files.contains("tables/" + t.name() + ".md"))
                        || FiguresStage.STUDY_FIGURES.stream().anyMatch(f -> f.study().equals(study)
                        && files.contains("figures/" + f.name() + ".png"));
                if (any) out.add(study);
            }
            return out;
        }

        /** One heading per seed study: its tables, then its figures (studies.md). */
        private void study(String study) {
            StudyScope s = StudyScope.of(results, study);
            h.append("<section id=\"study-").append(Html.id(study)).append("\">\n<h2>Study ").append(Html.escape(study))
                    .append("</h2>\n<p>").append(Html.escape("Published seed: " + Studies.SOURCE.get(study)
                            + " (spec/studies.md). Devices: " + s.describe() + ". Not the paper's Raspberry Pi 5 protocol:"
                            + " hello-world endpoints, their own load and runs; these campaigns never enter the paper's tables."))
                    .append("</p>\n");
            for (StudyTable t : TablesStage.STUDY_TABLES) {
                if (t.study().equals(study) && files.contains("tables/" + t.name() + ".md")) table("", t.name());
            }
            for (StudyFigure f : FiguresStage.STUDY_FIGURES) {
                if (!f.study().equals(study) || !files.contains("figures/" + f.name() + ".png")) continue;
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

        /** Names of tables/&lt;prefix&gt;*.md, directly in that folder, in path order; the studies' tables have their own sections. */
        private Set<String> tableNames(String prefix) {
            Set<String> names = new LinkedHashSet<>();
            String dir = "tables/" + prefix;
            for (String f : files) {
                if (f.startsWith(dir) && f.endsWith(".md") && f.indexOf('/', dir.length()) < 0) {
                    String name = f.substring(dir.length(), f.length() - ".md".length());
                    if (prefix.isEmpty() && TablesStage.STUDY_TABLES.stream().anyMatch(t -> t.name().equals(name))) continue;
                    names.add(name);
                }
            }
            return names;
        }

        private void table(String prefix, String name) {
            String base = "tables/" + prefix + name;
            String md = new String(out.get(base + ".md"), StandardCharsets.UTF_8);
            h.append("<article class=\"paper-table\" id=\"table-").append(Html.id(prefix + name)).append("\">\n")
                    .append("<h3>Table: ").append(Html.escape(name)).append("</h3>\n")
                    .append(MarkdownTables.toHtml(md))
                    .append("<p class=\"sources\">Source: <a href=\"../").append(Html.escape(base)).append(".md\">")
                    .append(Html.escape(base)).append(".md</a>");
            if (files.contains(base + ".tex")) {
                h.append(" · <a href=\"../").append(Html.escape(base)).append(".tex\">LaTeX</a>");
            }
            h.append("</p>\n</article>\n");
        }

        /** Shows the figure if it was produced; false otherwise. */
        private boolean figure(DeviceResults d, String prefix, FigureBuilder f) {
            String base = prefix + f.name();
            if (!files.contains("figures/" + base + ".png")) return false;
            String title = f.title(results, d);
            h.append("<figure id=\"figure-").append(Html.id(base)).append("\">\n")
                    .append("<a href=\"").append(Html.escape(base)).append(".png\"><img src=\"")
                    .append(Html.escape(base)).append(".png\" alt=\"").append(Html.escape(title)).append("\"></a>\n")
                    .append("<figcaption><strong>").append(Html.escape(title)).append(".</strong> ")
                    .append(Html.escape(f.caption(results, d)));
            if (files.contains("figures/" + base + ".svg")) {
                h.append(" <a href=\"").append(Html.escape(base)).append(".svg\">SVG</a>");
            }
            h.append("</figcaption>\n</figure>\n");
            return true;
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
