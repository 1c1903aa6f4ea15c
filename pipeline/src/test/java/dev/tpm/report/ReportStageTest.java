package dev.tpm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.figures.FiguresStage;
import dev.tpm.figures.RenderedFixtures;
import dev.tpm.figures.SyntheticResults;
import dev.tpm.output.Outputs;
import dev.tpm.paper.PaperCatalog;
import dev.tpm.tables.HtmlFormatter;
import dev.tpm.tables.TablesStage;
import dev.tpm.results.DeviceResults;
import dev.tpm.model.InventoryEntry;
import dev.tpm.results.Results;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The report on SYNTHETIC results, with hand-written table artifacts standing in for the tables stage. */
class ReportStageTest {
    static final String PATH = PaperCatalog.CATALOG.report().path();
    private static final Pattern LINK = Pattern.compile("(?:href|src)=\"([^\"]*)\"");

    /** The outputs before the report runs, and the context that holds what the tables and figures stages handed on. */
    record Run(Outputs out, dev.tpm.pipeline.PipelineContext context) {}

    /**
     * The outputs before the report runs: the figures stage's and the tables stage's, plus two tidy
     * CSVs. {@code results} is {@link SyntheticResults#pi5()} or {@link SyntheticResults#twoDevices()}.
     */
    static Run tablesAndFigures(Results results) {
        Outputs out = results.multiDevice() ? RenderedFixtures.twoDevices() : RenderedFixtures.pi5();
        dev.tpm.pipeline.PipelineContext c = context(results);
        c.handOn(dev.tpm.tables.WrittenTables.class, TablesStage.write(PaperCatalog.CATALOG.deviceTables(),
                PaperCatalog.CATALOG.tablesAcrossDevices(), results, out));
        c.handOn(dev.tpm.figures.DrawnFigures.class,
                FiguresStage.built(PaperCatalog.CATALOG.figureBuilders(), List.of(), results));
        out.putCsv("tables/group_stats.csv", new dev.tpm.codec.CsvText("device", "stack").row("pi5-a", "go").row("pi5-a", "rust"));
        out.putCsv("tables/weighted.csv", new dev.tpm.codec.CsvText("device", "mix", "stack").row("pi5-a", "illustrative", "go"));
        return new Run(out, c);
    }

    static String report(Run run) {
        new ReportStage(PaperCatalog.CATALOG).run(run.context(), run.out());
        return new String(run.out().get(PATH), StandardCharsets.UTF_8);
    }

    private static dev.tpm.pipeline.PipelineContext context(Results results) {
        dev.tpm.pipeline.PipelineContext c =
                new dev.tpm.pipeline.PipelineContext(dev.tpm.testing.TestFacts.dataset(results.facts()), results.verification(), 1);
        c.setResults(results);
        return c;
    }

    static List<String> links(String html) {
        List<String> links = new ArrayList<>();
        Matcher m = LINK.matcher(html);
        while (m.find()) links.add(m.group(1));
        return links;
    }

    @Test
    void everyLinkIsRelativeAndPointsAtAnArtifactOfTheRun() {
        for (Results results : List.of(SyntheticResults.pi5(), SyntheticResults.twoDevices())) {
            Run run = tablesAndFigures(results);
            Outputs out = run.out();
            String html = report(run);
            List<String> links = links(html);
            assertTrue(links.size() > 20, "links: " + links.size());
            for (String link : links) {
                if (link.startsWith("#")) {
                    assertTrue(html.contains("id=\"" + link.substring(1) + "\""), "no anchor for " + link);
                    continue;
                }
                assertFalse(link.contains(":") || link.startsWith("/"), "not relative: " + link);
                String path = URI.create("figures/index.html").resolve(link).getPath();
                assertTrue(out.contains(path), link + " -> " + path + " is not an artifact");
            }
        }
    }

    @Test
    void reportShowsEveryTableAndFigureOfEveryDevice() {
        Results results = SyntheticResults.twoDevices();
        Run run = tablesAndFigures(results);
        Outputs out = run.out();
        String html = report(run);
        List<String> links = links(html);
        for (String path : out.files().keySet()) {
            if (path.startsWith("figures/") && path.endsWith(".png")) {
                String rel = path.substring("figures/".length());
                assertTrue(html.contains("<img src=\"" + rel + "\""), "figure not shown: " + path);
            }
            if (path.endsWith(".svg")) assertTrue(links.contains(path.substring("figures/".length())), path);
            if (path.endsWith(".csv") || path.endsWith(".tex")) assertTrue(links.contains("../" + path), path);
        }
        for (DeviceResults d : results.devices()) {
            String prefix = results.devicePrefix(d.id());
            assertTrue(html.contains("id=\"device-" + d.id() + "\""), d.id());
            // every table through the HTML formatter, with a navigation entry, in the order of the one list
            int last = -1;
            for (dev.tpm.catalog.Artifact a : PaperCatalog.CATALOG.perDevice()) {
                boolean table = a instanceof dev.tpm.catalog.Table;
                String file = table ? "tables/" + prefix + a.name() + ".md" : "figures/" + prefix + a.name() + ".png";
                if (!out.contains(file)) continue;
                String anchor = (table ? "table-" : "figure-") + (prefix + a.name()).replace('/', '-');
                int at = html.indexOf("id=\"" + anchor + "\"");
                assertTrue(at > last, anchor + " out of order");
                assertTrue(links.contains("#" + anchor), "no navigation entry for " + anchor);
                last = at;
                if (a instanceof dev.tpm.catalog.Table t) {
                    String fragment = HtmlFormatter.INSTANCE.format(t.perDevice().get().build(results, d));
                    assertTrue(html.contains(fragment), anchor);
                }
            }
        }
        assertTrue(html.contains("Table 7 (illustrative weights of this package): workload mixes"));
        assertTrue(html.indexOf("id=\"shared\"") < html.indexOf("<p class=\"caption\">Table 7 (illustrative weights of this package)"),
                "mixes is shared");
        // what the data is first, then results, provenance, the inventory last
        int about = html.indexOf("id=\"about\"");
        int results0 = html.indexOf("id=\"device-");
        int provenance = html.indexOf("id=\"provenance\"");
        int inventory = html.indexOf("id=\"inventory\"");
        assertTrue(about < results0 && results0 < provenance && provenance < inventory, "section order");
    }

    @Test
    void theDriftingGroupsAreListedNearTheTopWithTheirDevice() {
        Results results = SyntheticResults.twoDevices();
        Run run = tablesAndFigures(results);
        Outputs out = run.out();
        String html = report(run);
        int about = html.indexOf("id=\"about\"");
        int stability = html.indexOf("id=\"stability\"");
        int results0 = html.indexOf("id=\"device-");
        assertTrue(about < stability && stability < results0, "drift after what the data is, before the results");
        assertTrue(links(html).contains("#stability"), "navigation entry");
        String section = html.substring(stability, html.indexOf("</section>", stability));
        for (DeviceResults d : results.devices()) {
            // the fixture plants a trend in go's get_list runs on every device
            assertTrue(section.contains("<li><strong>" + d.id() + "</strong>: 1 of "), section);
            assertTrue(section.contains("Drifting: go on get_list (rho "), section);
            assertTrue(section.contains("href=\"#table-" + d.id() + "-drift\""), section);
            assertTrue(section.contains("href=\"#figure-" + d.id() + "-drift\""), section);
        }
    }

    @Test
    void reportListsInventoryVerificationCampaignsAndSkippedArtifacts() {
        Results results = SyntheticResults.twoDevices();
        Run run = tablesAndFigures(results);
        Outputs out = run.out();
        String html = report(run);
        for (InventoryEntry e : results.facts().inventory()) {
            assertTrue(html.contains("<code>" + e.path() + "</code>"), e.path());
            assertTrue(html.contains(e.sha256()), e.path());
            assertTrue(html.contains("<td class=\"right\">" + e.bytes() + "</td>"), e.path());
        }
        assertTrue(html.contains("<td class=\"right\">1590</td>"), "rows of phase1.csv");
        assertTrue(html.contains("Verified: 12 files listed in <code>data/SHA256SUMS</code> checked"));
        assertTrue(html.contains("ab".repeat(32)), "manifest hash");
        assertTrue(html.contains("Campaign 2026-12-01-pi5-a") && html.contains("Campaign 2026-12-01-pi5-b"));
        assertTrue(html.contains("<th class=\"left\">device.page_size</th><td class=\"left\">16384</td>"));
        assertTrue(html.contains("<th class=\"left\">protocol.runs</th><td class=\"left\">50</td>"));
        assertTrue(html.contains("<th class=\"left\">load_generator.tool</th><td class=\"left\">wrk</td>"));
        assertTrue(html.contains("<td class=\"left\">Axum 0.8</td><td class=\"left\">not recorded</td><td class=\"right\">3.27</td>"), "artifact MiB");
        for (String s : out.skipped()) assertTrue(html.contains("<li>" + Html.escape(s) + "</li>"), s);
        assertTrue(html.contains("figures/pi5-b/sweep.png/.svg: no phase-2 (concurrency sweep) runs"));
    }

    @Test
    void reportIsPlainDeterministicHtml() {
        Results results = SyntheticResults.pi5();
        String first = report(tablesAndFigures(results));
        String second = report(tablesAndFigures(results));
        assertEquals(first, second);
        assertTrue(first.startsWith("<!DOCTYPE html>"));
        assertFalse(first.contains("<script"));
        assertFalse(first.contains("http://") || first.contains("https://"), "no network");
        // the fixture's campaign ids carry a date of their own (2026-12-01-pi5-a), which is no clock
        String withoutCampaignIds = first.replaceAll("\\d{4}-\\d{2}-\\d{2}-pi5-[ab]", "");
        assertFalse(withoutCampaignIds.contains(LocalDate.now().toString()), "no clock");
        assertTrue(first.contains("<p>Every table and figure was produced.</p>")
                || first.contains("<p>Left out because the data lacks what they need:</p>"));
    }
}
