package dev.tpm.codec;

import dev.tpm.model.PublishedValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** reference/published.csv (data.md): the paper's published values, one per row. */
public final class PublishedCsv {
    public static final List<String> COLUMNS = List.of("source", "table", "stack", "metric", "value", "unit", "note", "category");
    public static final List<String> REQUIRED = List.of("source", "table", "stack", "metric", "value");
    /**
     * Metrics of a device's whole post-hoc family, whose rows may leave {@code stack} empty
     * (data.md: posthoc_comparisons and posthoc_significant "with an empty stack"); the share the
     * pipeline also reads is of the same family. A stack of {@code all} stays accepted.
     */
    public static final List<String> FAMILY_METRICS = List.of("posthoc_comparisons", "posthoc_significant",
            "posthoc_significant_share");

    private PublishedCsv() {}

    /**
     * Reads published.csv; every problem names the file, the line and the column.
     *
     * @param file the path relative to data/, for messages
     */
    public static List<PublishedValue> read(Path path, String file, Problems problems, Consumer<String> warn) {
        if (!Files.isRegularFile(path)) {
            problems.atFile(file, "the paper's published values (a header line at least: "
                    + String.join(",", COLUMNS) + ")", "no such file");
            return List.of();
        }
        CsvFile csv = CsvFile.read(path, file, problems);
        if (csv == null) return List.of();
        csv.warnUnknown(COLUMNS, warn);
        boolean complete = true;
        for (String c : REQUIRED) {
            if (!csv.has(c)) {
                problems.atLine(file, csv.headerLine(), c, "a column '" + c + "' in the header",
                        "none (header: " + String.join(",", csv.header()) + ")");
                complete = false;
            }
        }
        if (!complete) return List.of();
        List<PublishedValue> out = new ArrayList<>();
        for (CsvFile.Row r : csv.rows()) {
            boolean ok = true;
            boolean family = FAMILY_METRICS.contains(r.get(csv.column("metric")));
            for (String c : REQUIRED) {
                if (c.equals("stack") && family) continue;
                if (r.get(csv.column(c)).isEmpty()) {
                    problems.atLine(file, r.line(), c, "a value", "an empty cell");
                    ok = false;
                }
            }
            String v = r.get(csv.column("value"));
            Double value = v.isEmpty() ? null : Cells.decimal(v, file, r.line(), "value", problems);
            String category = csv.has("category") ? r.get(csv.column("category")) : "";
            if (!category.isEmpty() && !PublishedValue.CATEGORIES.contains(category)) {
                problems.atLine(file, r.line(), "category", "one of " + String.join(", ", PublishedValue.CATEGORIES)
                        + " (or an empty cell)", Problem.quote(category));
                ok = false;
            }
            if (!ok || value == null) continue;
            out.add(new PublishedValue(r.get(csv.column("source")), r.get(csv.column("table")),
                    r.get(csv.column("stack")), r.get(csv.column("metric")), value,
                    csv.has("unit") ? r.get(csv.column("unit")) : "",
                    csv.has("note") ? r.get(csv.column("note")) : "", category));
        }
        return out;
    }
}
