package dev.tpm.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tpm.catalog.Artifact;
import dev.tpm.catalog.Figure;
import dev.tpm.catalog.Scope;
import dev.tpm.catalog.Table;
import dev.tpm.figures.SyntheticResults;
import dev.tpm.output.Outputs;
import dev.tpm.paper.PaperCatalog;
import dev.tpm.report.ReportModel.CampaignFacts;
import dev.tpm.report.ReportModel.CsvLink;
import dev.tpm.report.ReportModel.DeviceSetup;
import dev.tpm.report.ReportModel.DriftLine;
import dev.tpm.report.ReportModel.Fact;
import dev.tpm.report.ReportModel.FigureItem;
import dev.tpm.report.ReportModel.InventoryRow;
import dev.tpm.report.ReportModel.NavEntry;
import dev.tpm.report.ReportModel.NavGroup;
import dev.tpm.report.ReportModel.Provenance;
import dev.tpm.report.ReportModel.Section;
import dev.tpm.report.ReportModel.SetupRow;
import dev.tpm.report.ReportModel.StackRow;
import dev.tpm.report.ReportModel.TableItem;
import dev.tpm.results.DeviceResults;
import dev.tpm.results.Results;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** report.ftlh over hand-made models (SYNTHETIC text), and over the catalog on the synthetic results. */
class ReportTemplateTest {
    private static final String NASTY = "<b>a & b</b> \"q\" 'it'";
    private static final String NASTY_ESCAPED = "&lt;b&gt;a &amp; b&lt;/b&gt; &quot;q&quot; &#39;it&#39;";

    /** A model whose every text is {@code text}, with one table (its fragment {@code fragment}) and one figure. */
    private static ReportModel model(String text, String fragment) {
        List<Fact> facts = List.of(new Fact(text, text));
        return new ReportModel(text,
                List.of(new DeviceSetup("d1", text, text, List.of(new SetupRow(text, text, text)))),
                text, List.of(new DriftLine(text, text, Optional.of("table-drift"), Optional.empty())),
                List.of(new NavGroup("device-d1", text, List.of(new NavEntry("table-t", text)))),
                List.of(new Section("device-d1", text, text, List.of(
                        new TableItem("table-t", text, fragment, "../tables/t.md", "tables/t.md", Optional.empty()),
                        new FigureItem("figure-f", "f.png", Optional.of("f.svg"), text, text)))),
                List.of(new CsvLink("../tables/t.csv", text, text)), List.of(text),
                new Provenance("1", text, facts, List.of(new StackRow(text, text, null, text, text, "", "")), facts),
                List.of(new CampaignFacts(text, "campaign-c", true, facts)), List.of(new InventoryRow(text, text, "1", "")));
    }

    @Test
    void everyTextIsEscapedAndOnlyTheTablesFragmentIsLeftAsItIs() {
        String html = ReportStage.render(model(NASTY, "<table><tr><td>cell</td></tr></table>\n"));
        assertFalse(html.contains(NASTY), "unescaped text");
        assertTrue(html.contains("<title>" + NASTY_ESCAPED + "</title>"), "title");
        assertTrue(html.contains("<h3>" + NASTY_ESCAPED + "</h3>"), "device heading");
        assertTrue(html.contains("<tr><th class=\"left\">" + NASTY_ESCAPED + "</th><td class=\"left\">" + NASTY_ESCAPED
                + "</td><td class=\"left\">" + NASTY_ESCAPED + "</td></tr>"), "the device's setup beside the paper's");
        assertTrue(html.contains("alt=\"" + NASTY_ESCAPED + "\""), "attribute");
        assertTrue(html.contains("<li>" + NASTY_ESCAPED + "</li>"), "skipped line");
        assertTrue(html.contains("<table><tr><td>cell</td></tr></table>\n<p class=\"sources\">"), "the fragment as it is");
        assertTrue(html.contains("<li><a href=\"#table-t\">" + NASTY_ESCAPED + "</a></li>"), "navigation entry");
        assertTrue(html.contains("<p>Left out of the analysis by <code>exclude_campaigns</code>.</p>"), "excluded campaign");
    }

    @Test
    void thePageIsAFunctionOfTheModelAlone() {
        assertEquals(ReportStage.render(model("x", "<p>t</p>\n")), ReportStage.render(model("x", "<p>t</p>\n")));
        String a = ReportStage.render(model("x", "<p>t</p>\n"));
        String b = ReportStage.render(model("y", "<p>t</p>\n"));
        assertFalse(a.equals(b));
        assertEquals(a.lines().count(), b.lines().count(), "the same layout, other text");
        assertTrue(a.startsWith("<!DOCTYPE html>\n<html lang=\"en\">\n") && a.endsWith("</body>\n</html>\n"), a);
        assertFalse(a.contains("<script") || a.contains("http://") || a.contains("https://"));
    }

    @Test
    void theNavigationNamesEveryTableAndFigureOfTheCatalogThatWasWritten() {
        for (Results results : List.of(SyntheticResults.pi5(), SyntheticResults.twoDevices())) {
            ReportStageTest.Run run = ReportStageTest.tablesAndFigures(results);
            Outputs out = run.out();
            String html = ReportStageTest.report(run);
            int named = 0;
            for (Artifact a : PaperCatalog.CATALOG.artifacts()) {
                if (!(a instanceof Table || a instanceof Figure)) continue;
                List<DeviceResults> devices = a.scope() == Scope.DEVICE ? results.devices() : List.of(results.devices().get(0));
                for (DeviceResults d : devices) {
                    String stem = a.stem(results, d);
                    String file = stem + (a instanceof Table ? ".md" : ".png");
                    if (!out.contains(file)) continue;
                    String anchor = (a instanceof Table ? "table-" : "figure-")
                            + stem.substring(a.folder().length() + 1).replace('/', '-');
                    String label = a instanceof Table t ? "Table " + t.name() + ": " + t.regenerates()
                            : "Figure: " + run.context().handedOn(dev.tpm.figures.DrawnFigures.class).orElseThrow()
                                    .get(stem).orElseThrow().title();
                    assertTrue(html.contains("<li><a href=\"#" + anchor + "\">" + Html.escape(label) + "</a></li>"),
                            "no navigation entry for " + file);
                    assertTrue(html.contains("id=\"" + anchor + "\""), "no section for " + file);
                    named++;
                }
            }
            assertTrue(named > 15 * results.devices().size(), "named " + named);
        }
    }
}
