package dev.tpm.report;

import java.util.List;
import java.util.Optional;

/**
 * What figures/index.html shows, as typed data the template renders: every string already in its
 * final words and every number already formatted (Locale.ROOT), so that the template only lays
 * it out, escaping every text (FreeMarker's HTML output format). {@link ReportModels} builds it
 * from the catalog, the results and what the tables and figures stages handed on.
 *
 * @param devices what the data is, a device at a time
 * @param studies the studies of every campaign, sorted
 * @param drift run-order drift, a line per device
 * @param nav the navigation, in page order
 * @param sections the results: a section per device, the tables across devices, a section per seed study
 * @param csvs the machine-readable files the catalog lists that this run wrote
 * @param skipped one line per artifact left out, as the run printed it
 */
public record ReportModel(String title, List<DeviceSetup> devices, String studies, List<DriftLine> drift,
        List<NavGroup> nav, List<Section> sections, List<CsvLink> csvs, List<String> skipped, Provenance provenance,
        List<CampaignFacts> campaigns, List<InventoryRow> inventory) {

    /**
     * One device in "What the data is".
     *
     * @param summary the device in plain words and how its campaigns differ from the paper's setup
     * @param setup the aspects outputs.md names, each beside the paper's Pi 5
     * @param topology the server's and the load generator's place on the machine in plain words, when
     *     campaign.json records the pinning
     */
    public record DeviceSetup(String id, String source, String summary, List<SetupRow> setup) {}

    /** One aspect of a device's setup: this device's campaigns, and the paper's. */
    public record SetupRow(String aspect, String here, String paper) {}

    /** A device's drift line, with anchors of its drift table and figure when they were written. */
    public record DriftLine(String device, String text, Optional<String> tableAnchor, Optional<String> figureAnchor) {}

    /** A navigation entry with the entries under it. */
    public record NavGroup(String anchor, String label, List<NavEntry> entries) {}

    public record NavEntry(String anchor, String label) {}

    /** A part of the results: a heading, a paragraph, then tables and figures in catalog order. */
    public record Section(String anchor, String heading, String intro, List<Item> items) {}

    /** A table or a figure of a section. */
    public sealed interface Item permits TableItem, FigureItem {
        /** "table" or "figure", for the template. */
        String kind();

        String anchor();
    }

    /**
     * A table: its HTML from the table's model (HtmlFormatter), and links to its Markdown and LaTeX.
     *
     * @param html the formatter's fragment, already escaped
     * @param tex the LaTeX file's link, when written
     */
    public record TableItem(String anchor, String name, String html, String markdown, String markdownLabel,
            Optional<String> tex) implements Item {
        @Override
        public String kind() {
            return "table";
        }
    }

    /**
     * A figure: the PNG shown, the SVG linked.
     *
     * @param image the PNG, relative to figures/
     * @param svg the SVG, relative to figures/, when written
     * @param caption the figure's caption, after the device's source for a device's figure
     */
    public record FigureItem(String anchor, String image, Optional<String> svg, String title, String caption)
            implements Item {
        @Override
        public String kind() {
            return "figure";
        }
    }

    /** A tidy CSV: its link (relative to figures/), its path and its row count in words. */
    public record CsvLink(String href, String path, String rows) {}

    public record Fact(String key, String value) {}

    /** A stack of a campaign; what campaign.json leaves out is an empty cell. */
    public record StackRow(String campaign, String stack, String language, String framework, String versions,
            String artifactMib, String workers) {
        public StackRow {
            language = language == null ? "" : language;
            framework = framework == null ? "" : framework;
        }
    }

    public record Provenance(String filesChecked, String manifestSha256, List<Fact> software, List<StackRow> stacks,
            List<Fact> settings) {}

    public record CampaignFacts(String id, String anchor, boolean excluded, List<Fact> facts) {}

    public record InventoryRow(String path, String sha256, String bytes, String rows) {}
}
